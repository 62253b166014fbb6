import { and, eq, inArray, sql } from 'drizzle-orm';
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
  return (
    tx
      .update(payments)
      // Marked for its provider in the same change: a crash before closeWithProviders leaves the job something to finish.
      .set({ status: 'expired', updatedAt: now, closeAtProvider: sql`${payments.providerSessionId} is not null` })
      .where(and(inArray(payments.registrationId, registrationIds), eq(payments.status, 'pending')))
      .returning()
  );
}

/**
 * Asks each provider that can (Stripe) to expire the closed checkouts, so the payer can no longer
 * pay them. Called after commit: no lock waits on a provider. Once the provider has answered (closed, or
 * nothing to close) the payment is done with; a provider that fails is logged and the payment stays marked,
 * for the after-commit job to try again. Meanwhile a late payment still becomes credits.
 */
export async function closeWithProviders(ctx: ServerContext, closed: PaymentRow[]): Promise<void> {
  for (const payment of closed) {
    const provider = ctx.payments.byName(payment.provider);
    if (!provider || payment.providerSessionId === null) continue;
    try {
      await provider.expireCheckout(payment.providerSessionId);
    } catch (error) {
      ctx.log.warn(
        { err: error, paymentId: payment.id, provider: payment.provider },
        'o provedor não encerrou o checkout: nova tentativa depois',
      );
      continue;
    }
    await ctx.db.update(payments).set({ closeAtProvider: false }).where(eq(payments.id, payment.id));
  }
}

/** The closed checkouts still to close at their providers (a crash or an outage after their commit), oldest first. */
export async function checkoutsToCloseAtProviders(ctx: ServerContext, limit: number): Promise<PaymentRow[]> {
  return ctx.db.select().from(payments).where(eq(payments.closeAtProvider, true)).orderBy(payments.id).limit(limit);
}
