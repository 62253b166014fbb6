import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/open-database';
import { payments } from '../../db/schema';
import type { ServerContext } from '../context';
import type { PaymentRow } from './payment-records';

/**
 * Closes the still-pending checkouts of registrations that no longer hold a slot (their hold expired
 * or was cancelled), in the caller's transaction: they become `expired`, so nothing waits for them
 * any more, and a payment that still arrives is settled as credits. Returns the closed rows, for
 * closeWithProviders once the transaction has committed.
 */
export async function closePendingCheckouts(tx: Queryable, registrationIds: number[], now: Date): Promise<PaymentRow[]> {
  if (registrationIds.length === 0) return [];
  return tx
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(payments.registrationId, registrationIds), eq(payments.status, 'pending')))
    .returning();
}

/**
 * Asks each provider that can (Stripe) to expire the closed checkouts, so the payer can no longer
 * pay them. Called after commit: no lock waits on a provider. A provider that fails is logged and
 * left alone: the checkout then ends at its own expiry, and a late payment still becomes credits.
 */
export async function closeWithProviders(ctx: ServerContext, closed: PaymentRow[]): Promise<void> {
  for (const payment of closed) {
    const provider = ctx.payments.byName(payment.provider);
    if (!provider || payment.providerSessionId === null) continue;
    try {
      await provider.expireCheckout(payment.providerSessionId);
    } catch (error) {
      ctx.log.warn({ err: error, paymentId: payment.id, provider: payment.provider }, 'o provedor não encerrou o checkout');
    }
  }
}
