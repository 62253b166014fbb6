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

/** How long a top-up's checkout stays payable: past it, an unpaid top-up ends (Stripe's session too, 30 minutes at least). */
export const TOP_UP_CHECKOUT_MS = 60 * 60_000;
/** A top-up from before top-ups had a deadline ends this long after it was opened (a Stripe session lasts 24 h at most). */
const TOP_UP_WITHOUT_DEADLINE_MS = 24 * 60 * 60_000;

/** When an unpaid top-up ends: its deadline, or a day after it was opened for one from before deadlines. */
export function topUpEndsAt(payment: Pick<PaymentRow, 'expiresAt' | 'createdAt'>): Date {
  return payment.expiresAt ?? new Date(payment.createdAt.getTime() + TOP_UP_WITHOUT_DEADLINE_MS);
}

/**
 * Ends the credit top-ups nobody paid by their deadline (abandoned at the provider's page), as a hold's checkout ends:
 * `expired`, marked for their provider in the same change. Returns them, for closeWithProviders. A payment that still
 * arrives is settled as credits, as for any expired checkout.
 */
export async function closeAbandonedTopUps(tx: Queryable, now: Date): Promise<PaymentRow[]> {
  return tx
    .update(payments)
    .set({ status: 'expired', updatedAt: now, closeAtProvider: sql`${payments.providerSessionId} is not null` })
    .where(
      and(
        eq(payments.purpose, 'topup'),
        eq(payments.status, 'pending'),
        sql`coalesce(${payments.expiresAt}, ${payments.createdAt} + make_interval(secs => ${TOP_UP_WITHOUT_DEADLINE_MS / 1000})) <= ${now}`,
      ),
    )
    .returning();
}
