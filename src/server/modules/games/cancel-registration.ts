import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import { isFinished } from '../../../shared/rules/game-timing';
import type { CancelReply, RefundOutcome } from '../../../shared/schemas/games';
import type { AuthUser, ServerContext } from '../../core/context';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { placeOf, recordGameEvent } from '../../core/games/game-history';
import { refundText, when } from '../../core/games/game-notices';
import { promoteWaitlist } from '../../core/games/promote-waitlist';
import { refundCancellation } from '../../core/games/refund-cancellation';
import { cancelledFields, findLiveRegistration, lockGame } from '../../core/games/registration-guards';
import { notify, type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closePendingCheckouts, closeWithProviders } from '../../core/payments/close-checkouts';
import type { PaymentRow } from '../../core/payments/payment-records';
import { registrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';

function replyMessage(outcome: RefundOutcome, amountCents: number, isLate: boolean): string {
  const amount = formatBRL(toReais(amountCents));
  if (outcome === 'credits') return messages.cancelledRefundedToCredits(amount);
  if (outcome === 'request') return messages.cancelledRefundRequested(amount);
  return isLate ? messages.cancelledLateNoRefund : messages.cancelledNoCharge;
}

/** Cancels the caller's registration (confirmed, pending or waitlist) and gives a freed slot to the line. */
export async function cancelRegistration(ctx: ServerContext, user: AuthUser, gameId: number): Promise<CancelReply> {
  const mails: PendingMail = [];
  const closed: PaymentRow[] = [];
  const reply = await ctx.db.transaction(async (tx): Promise<CancelReply> => {
    const now = ctx.clock.now();
    const game = await lockGame(tx, gameId);
    closed.push(...(await expirePendingPayments(tx, ctx, game, mails)));
    const registration = await findLiveRegistration(tx, game.id, user.id);
    if (!registration) throw new AppError('not_registered', messages.notRegistered);
    // A game the organiser cancelled is settled (and refunded in full) by the organiser's use case.
    if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameCancelled);
    if (isFinished(game.dateTime, now)) throw new AppError('game_started', messages.gameAlreadyStarted);

    await tx.update(registrations).set(cancelledFields(registration, now)).where(eq(registrations.id, registration.id));
    const details = { playerId: user.id, from: placeOf(registration) };
    await recordGameEvent(tx, { gameId: game.id, actorId: user.id, action: 'player_left', details, at: now });
    // A checkout left open for this hold is abandoned with it: a payment that still comes becomes credits.
    if (registration.status === 'pending') closed.push(...(await closePendingCheckouts(tx, [registration.id], now)));
    if (registration.status === 'waitlist') {
      await notify(tx, user.id, 'left_waitlist', messages.notice.leftWaitlist(game.name, when(game)), game.id);
      return { message: messages.leftWaitlist, refund: 'none', refundedAmount: 0 };
    }

    const outcome = await refundCancellation(tx, game, registration, now);
    const isLate = registration.paidCents > 0 && outcome === 'none';
    const refundedCents = outcome === 'none' ? 0 : registration.paidCents;
    if (outcome !== 'none') {
      await recordGameEvent(tx, {
        gameId: game.id,
        actorId: user.id,
        action: 'refunded',
        details: { playerId: user.id, cents: refundedCents, refund: outcome },
        at: now,
      });
    }
    await notify(
      tx,
      user.id,
      'registration_cancelled',
      messages.notice.cancelled(game.name, when(game), refundText(outcome, refundedCents, isLate)),
      game.id,
    );
    await promoteWaitlist(tx, ctx, game, mails);
    return { message: replyMessage(outcome, refundedCents, isLate), refund: outcome, refundedAmount: toReais(refundedCents) };
  });
  await sendPendingMail(ctx, mails);
  await closeWithProviders(ctx, closed);
  return reply;
}
