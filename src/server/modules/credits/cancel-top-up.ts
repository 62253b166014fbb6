import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { CancelTopUpReply } from '../../../shared/schemas/credits';
import type { ServerContext } from '../../core/context';
import { closeWithProviders } from '../../core/payments/close-checkouts';
import { findPaymentBySessionId } from '../../core/payments/payment-records';
import { payments } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The payer gave up at the provider's page ("Cancelar", or back): their unpaid top-up ends at once, as an abandoned
 * hold's checkout does (`expired`, closed at the provider after commit), instead of staying pending. Idempotent; a
 * top-up already paid stays paid and says so; someone else's payment reads as not found.
 */
export async function cancelTopUp(ctx: ServerContext, userId: number, sessionId: string): Promise<CancelTopUpReply> {
  const payment = await findPaymentBySessionId(ctx.db, sessionId);
  if (!payment || payment.userId !== userId || payment.purpose !== 'topup') {
    throw new AppError('payment_not_found', messages.paymentSessionNotFound);
  }
  const closed = await ctx.db
    .update(payments)
    .set({ status: 'expired', updatedAt: ctx.clock.now(), closeAtProvider: sql`${payments.providerSessionId} is not null` })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning();
  await closeWithProviders(ctx, closed);
  if (payment.settledAt) return { status: 'paid', message: messages.topUpAlreadyPaid };
  return { status: 'cancelled', message: messages.topUpCancelled };
}
