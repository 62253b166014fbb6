import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { CancelUserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { refuseAfterWhistle } from '../../core/games/after-the-whistle';
import { cancelGame } from '../../core/games/cancel-game';
import { brl } from '../../core/games/game-notices';
import { type PendingRefunds, refundAtProvider } from '../../core/games/refund-in-full';
import { loadUserGame, lockOwnGame } from '../../core/games/user-game-view';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { AppError } from '../../lib/app-error';

/**
 * Cancels the caller's game for good, in one transaction under the game lock: every registration
 * (confirmed, pending, waitlisted) is cancelled and refunded in full (the spec's rule when the
 * organiser cancels, the 48-hour limit notwithstanding; card and PIX through the provider right
 * after commit, a refund it does not complete staying for the admin, flagged by its reason), each player gets a notification
 * and an e-mail with the reason, and the game keeps its reason and refuses any later change. A second
 * call, even a simultaneous one, waits for the lock, sees the game cancelled and gets a 409. From the game's start
 * its money is closed: a 409 sends the organiser to the administration (decision 063).
 */
export async function cancelUserGame(ctx: ServerContext, user: AuthUser, gameId: number, reason: string): Promise<CancelUserGameReply> {
  const mails: PendingMail = [];
  const refunds: PendingRefunds = [];
  const totals = await ctx.db.transaction(async (tx) => {
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('game_already_cancelled', messages.gameAlreadyCancelled);
    refuseAfterWhistle(game, ctx.clock.now(), messages.afterWhistle.cancel);

    return cancelGame(tx, ctx, game, { reason, mails, refunds, actorId: user.id });
  });
  const atProvider = await refundAtProvider(ctx, refunds, mails);
  await sendPendingMail(ctx, mails);
  const amount = (cents: number) => (cents > 0 ? brl(cents) : null);
  return {
    message: messages.gameCancelledByOrganiser(
      amount(totals.creditsRefunded),
      amount(atProvider.refundedCents),
      amount(atProvider.awaitingCents),
    ),
    game: await loadUserGame(ctx.db, gameId, ctx.clock.now()),
    refunds: {
      registrationsCancelled: totals.registrationsCancelled,
      waitlistCleared: totals.waitlistCleared,
      creditsRefunded: toReais(totals.creditsRefunded),
      refundedToOriginal: toReais(atProvider.refundedCents),
      refundRequests: atProvider.awaitingCount,
      requestedAmount: toReais(atProvider.awaitingCents),
    },
  };
}
