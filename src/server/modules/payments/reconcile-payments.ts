import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { ServerContext } from '../../core/context';
import type { Job } from '../../core/jobs';
import { paymentReference } from '../../core/payments/payment-records';
import { applyProviderReport } from '../../core/payments/settle-payment';
import { payments } from '../../db/schema';
import type { ProviderPayment } from '../../integrations/payments/provider';

const MINUTE_MS = 60_000;

/** How often the server looks for payments it never heard back about. */
export const RECONCILE_INTERVAL_MS = 5 * MINUTE_MS;
/** A payment is asked about once it has been unsettled this long: a notification normally comes within seconds. */
export const RECONCILE_AFTER_MS = 10 * MINUTE_MS;
/** ...and again at most this often while it stays unsettled. */
export const RECONCILE_EVERY_MS = 30 * MINUTE_MS;
/** Checkouts older than this can no longer be paid (a Stripe session lasts at most 24 h, a PIX code less). */
export const RECONCILE_WINDOW_MS = 3 * 24 * 60 * MINUTE_MS;
/** Payments asked about per run, oldest check first. */
export const RECONCILE_BATCH = 50;

export type ReconcileSummary = { checked: number; unavailable: number };

/**
 * The safety net under webhooks: asks the provider about every payment still unsettled a while
 * after its checkout (its notifications lost, and the payer never back on the return page) and
 * settles it through the same path as a webhook, so a paid one is credited (or confirms its slot)
 * exactly once and a failed or expired one stops being awaited. Safe to run on several servers
 * at once; a provider that cannot be asked is logged and tried again on a later run.
 */
export async function reconcilePayments(ctx: ServerContext): Promise<ReconcileSummary> {
  const now = ctx.clock.now().getTime();
  const due = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        isNull(payments.settledAt),
        inArray(payments.status, ['pending', 'expired']),
        isNotNull(payments.providerSessionId),
        lte(payments.createdAt, new Date(now - RECONCILE_AFTER_MS)),
        gte(payments.createdAt, new Date(now - RECONCILE_WINDOW_MS)),
        or(isNull(payments.checkedAt), lte(payments.checkedAt, new Date(now - RECONCILE_EVERY_MS))),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.createdAt))
    .limit(RECONCILE_BATCH);

  const summary: ReconcileSummary = { checked: 0, unavailable: 0 };
  for (const payment of due) {
    const provider = ctx.payments.byName(payment.provider);
    if (!provider) continue;
    await ctx.db
      .update(payments)
      .set({ checkedAt: new Date(now) })
      .where(eq(payments.id, payment.id));
    let report: ProviderPayment | null;
    try {
      report = await provider.findCheckoutPayment({ sessionId: payment.providerSessionId!, reference: paymentReference(payment.id) });
    } catch (error) {
      summary.unavailable += 1;
      ctx.log.error({ err: error, paymentId: payment.id, provider: payment.provider }, 'conciliação: provedor indisponível');
      continue;
    }
    summary.checked += 1;
    if (report) await applyProviderReport(ctx, payment, report);
  }
  if (summary.checked + summary.unavailable > 0) ctx.log.info(summary, 'conciliação de pagamentos');
  return summary;
}

/** The reconciliation, every RECONCILE_INTERVAL_MS. */
export function paymentReconciliationJob(ctx: ServerContext): Job {
  return { name: 'payment-reconciliation', intervalMs: RECONCILE_INTERVAL_MS, run: () => reconcilePayments(ctx) };
}
