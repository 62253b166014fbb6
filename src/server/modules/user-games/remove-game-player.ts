import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { RemoveGamePlayerReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { cancelRegistrationsInFull, liveRegistrationsOf } from '../../core/games/cancel-game';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { refuseAfterWhistle } from '../../core/games/after-the-whistle';
import { assertNotCancelled, lockManagedGame } from '../../core/games/game-day';
import { brl } from '../../core/games/game-notices';
import { notifyRegistrationWithdrawn } from '../../core/games/notify-game-update';
import { promoteWaitlist } from '../../core/games/promote-waitlist';
import { type PendingRefunds, refundAtProvider } from '../../core/games/refund-in-full';
import { loadUserGame } from '../../core/games/user-game-view';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closeWithProviders } from '../../core/payments/close-checkouts';
import type { PaymentRow } from '../../core/payments/payment-records';
import type { RefundOutcome } from '../../../shared/schemas/games';
import { AppError } from '../../lib/app-error';

function refundLine(outcome: RefundOutcome, cents: number): string {
  if (outcome === 'credits') return messages.removePlayer.refundedToCredits(brl(cents));
  if (outcome === 'request') return messages.removePlayer.refundRequested(brl(cents));
  return '';
}

/**
 * The organiser (or an administrator) takes a player off the game's list (decision 047): treated exactly as the
 * organiser's cancel treats each player (`cancelRegistrationsInFull`): cancelled, refunded in full whatever the 48-hour
 * rule says (credits now, card and PIX at the provider after commit), told by notification and e-mail. The place goes
 * to the first in line in the same transaction.
 */
export async function removeGamePlayer(
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
  playerId: number,
): Promise<RemoveGamePlayerReply> {
  const mails: PendingMail = [];
  const refunds: PendingRefunds = [];
  const closed: PaymentRow[] = [];
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const game = await lockManagedGame(tx, gameId, user);
    assertNotCancelled(game);
    refuseAfterWhistle(game, now, messages.afterWhistle.removePlayer);
    // A hold past its deadline is no player's any more.
    closed.push(...(await expirePendingPayments(tx, ctx, game, mails)));
    const live = (await liveRegistrationsOf(tx, game.id)).filter(({ registration }) => registration.userId === playerId);
    if (live.length === 0) throw new AppError('player_not_registered', messages.removePlayer.notRegistered);
    let refund: { outcome: RefundOutcome; cents: number } = { outcome: 'none', cents: 0 };
    await cancelRegistrationsInFull(tx, ctx, game, live, {
      description: messages.removePlayer.refundDescription(game.name),
      reason: messages.removePlayer.reason,
      actorId: user.id,
      removals: true,
      refunds,
      closed,
      tell: async ({ registration, name, email }, given) => {
        refund = given;
        await notifyRegistrationWithdrawn(tx, ctx, mails, {
          game,
          to: { id: registration.userId, name, email },
          change: 'removed',
          refund: given.outcome,
          refundedCents: given.cents,
        });
      },
    });
    await promoteWaitlist(tx, ctx, game, mails);
    return refund;
  });
  await refundAtProvider(ctx, refunds, mails);
  await sendPendingMail(ctx, mails);
  await closeWithProviders(ctx, closed);
  return {
    message: messages.removePlayer.removed(refundLine(outcome.outcome, outcome.cents)),
    refund: outcome.outcome,
    refundedAmount: toReais(outcome.cents),
    game: await loadUserGame(ctx.db, gameId, ctx.clock.now()),
  };
}
