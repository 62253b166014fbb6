import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { DeleteGameReply } from '../../../shared/schemas/admin';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertConfirmedAfterWhistle } from '../../core/games/after-the-whistle';
import { cancelGame } from '../../core/games/cancel-game';
import { type PendingRefunds, refundAtProvider } from '../../core/games/refund-in-full';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { AppError } from '../../lib/app-error';
import { lockAdminGame } from './admin-game-payload';

/**
 * "Deleting" a game is cancelling it for good, in one transaction under the game lock: the row stays
 * (the ledger, refund requests and notifications point at it) with status cancelled, so it leaves
 * every listing. Everyone in it (confirmed, pending, waitlisted) is cancelled, refunded in full (card
 * and PIX through the provider right after commit) and told by notification and e-mail. A second
 * delete, even a simultaneous one, gets a 409. A game that has started asks first (409 naming what the organiser
 * gives back, decision 063); confirmed, the organiser's share is taken back even if it was paid out: a debt.
 */
export async function deleteAdminGame(ctx: ServerContext, admin: AuthUser, gameId: number, isConfirmed: boolean): Promise<DeleteGameReply> {
  const mails: PendingMail = [];
  const refunds: PendingRefunds = [];
  const reply = await ctx.db.transaction(async (tx) => {
    const game = await lockAdminGame(tx, gameId);
    if (game.status === 'cancelled') throw new AppError('game_already_cancelled', messages.gameAlreadyCancelled);
    await assertConfirmedAfterWhistle(tx, ctx, game, isConfirmed);
    const totals = await cancelGame(tx, ctx, game, {
      reason: messages.admin.gameDeletedReason,
      mails,
      refunds,
      adminId: admin.id,
      actorId: admin.id,
    });
    return { playersNotified: totals.registrationsCancelled + totals.waitlistCleared, refundedToCredits: toReais(totals.creditsRefunded) };
  });
  const atProvider = await refundAtProvider(ctx, refunds, mails);
  await sendPendingMail(ctx, mails);
  return {
    message: messages.admin.gameDeleted,
    ...reply,
    refundedToOriginal: toReais(atProvider.refundedCents),
    refundRequests: atProvider.awaitingCount,
    refundRequestedAmount: toReais(atProvider.awaitingCents),
  };
}
