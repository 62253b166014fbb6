import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { CancelGameCheckoutReply } from '../../../shared/schemas/games';
import type { AuthUser, ServerContext } from '../../core/context';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { recordGameEvent } from '../../core/games/game-history';
import { promoteWaitlist } from '../../core/games/promote-waitlist';
import { cancelledFields, lockGame } from '../../core/games/registration-guards';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closeWithProviders } from '../../core/payments/close-checkouts';
import { findPaymentBySessionId, type PaymentRow } from '../../core/payments/payment-records';
import { payments, registrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The payer gave up at the provider's page (Cancelar, or back from a PIX checkout they closed): the payment ends at once
 * (`expired`, closed at the provider after commit), and the place its checkout held is released and passed to the line
 * instead of staying blocked until the hold's deadline. A place the line offered them (a promotion awaiting payment)
 * stays theirs until the deadline they were given: they may still pay it another way. Idempotent; a payment that
 * had already arrived says so; someone else's payment, or another game's, reads as not found.
 */
export async function cancelGameCheckout(
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
  sessionId: string,
): Promise<CancelGameCheckoutReply> {
  const found = await findPaymentBySessionId(ctx.db, sessionId);
  if (!found || found.userId !== user.id || found.purpose !== 'game' || found.gameId !== gameId) {
    throw new AppError('payment_not_found', messages.paymentSessionNotFound);
  }
  const mails: PendingMail = [];
  const closed: PaymentRow[] = [];
  const reply = await ctx.db.transaction(async (tx): Promise<CancelGameCheckoutReply> => {
    const game = await lockGame(tx, gameId);
    closed.push(...(await expirePendingPayments(tx, ctx, game, mails)));
    const now = ctx.clock.now();
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for('update');
    if (payment!.settledAt) {
      const status = payment!.outcome === 'confirmed' ? 'confirmed' : 'credited';
      return { status, message: messages.checkoutCancelled[status] };
    }
    if (payment!.status !== 'pending') return { status: 'closed', message: messages.checkoutCancelled.closed };
    closed.push(
      ...(await tx
        .update(payments)
        .set({ status: 'expired', updatedAt: now, closeAtProvider: sql`${payments.providerSessionId} is not null` })
        .where(eq(payments.id, payment!.id))
        .returning()),
    );
    const [hold] = await tx
      .select()
      .from(registrations)
      .where(and(eq(registrations.id, payment!.registrationId!), eq(registrations.status, 'pending')));
    if (!hold) return { status: 'closed', message: messages.checkoutCancelled.closed };
    // A hold its own checkout created carries that checkout's method; a promotion's carries none.
    if (hold.paymentType !== 'stripe' && hold.paymentType !== 'mercadopago') {
      return { status: 'kept', message: messages.checkoutCancelled.kept };
    }
    await tx.update(registrations).set(cancelledFields(hold, now)).where(eq(registrations.id, hold.id));
    await recordGameEvent(tx, {
      gameId: game.id,
      actorId: hold.userId,
      action: 'player_left',
      details: { playerId: hold.userId, from: 'pending' },
      at: now,
    });
    await promoteWaitlist(tx, ctx, game, mails);
    return { status: 'released', message: messages.checkoutCancelled.released };
  });
  await sendPendingMail(ctx, mails);
  await closeWithProviders(ctx, closed);
  return reply;
}
