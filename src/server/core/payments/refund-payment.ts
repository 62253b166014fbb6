import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { paymentRefunds, payments } from '../../db/schema';
import { PaymentProviderError } from '../../integrations/payments/provider';
import { AppError } from '../../lib/app-error';
import type { ServerContext } from '../context';
import { postCreditTransaction } from '../credits/post-credit-transaction';
import type { PaymentRow } from './payment-records';

export type RefundPaymentInput = ({ paymentId: number } | { registrationId: number }) & {
  /** Centavos to give back, at most what is left of the payment. */
  amountCents: number;
  /** The same key on a retry refunds once (e.g. `cancellation:${requestId}`). */
  idempotencyKey: string;
  /** provider (default): back to the card/PIX through the provider; credits: into the wallet, through the ledger. */
  destination?: 'provider' | 'credits';
  /** The admin who decided it. */
  createdBy?: number;
};

export type RefundRow = typeof paymentRefunds.$inferSelect;

export type RefundPaymentResult = {
  refundId: number;
  paymentId: number;
  amountCents: number;
  destination: 'provider' | 'credits';
  status: 'succeeded';
  providerRefundId: string | null;
};

const result = (refund: RefundRow): RefundPaymentResult => ({
  refundId: refund.id,
  paymentId: refund.paymentId,
  amountCents: refund.amountCents,
  destination: refund.destination,
  status: 'succeeded',
  providerRefundId: refund.providerRefundId,
});

async function lockPayment(tx: Tx, input: RefundPaymentInput): Promise<PaymentRow> {
  const where =
    'paymentId' in input
      ? eq(payments.id, input.paymentId)
      : and(eq(payments.registrationId, input.registrationId), eq(payments.outcome, 'confirmed'));
  const [payment] = await tx.select().from(payments).where(where).for('update');
  if (!payment) throw new AppError('payment_not_found', messages.notFound);
  return payment;
}

/**
 * Reserves the refund under the payment's lock: one row per idempotency key, never more than what
 * was paid (refunded_cents counts pending and done refunds). Credits are paid out at once.
 */
async function reserveRefund(ctx: ServerContext, input: RefundPaymentInput): Promise<{ refund: RefundRow; payment: PaymentRow }> {
  return ctx.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, input);
    const [existing] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, input.idempotencyKey));
    if (existing) {
      if (existing.paymentId !== payment.id) throw new AppError('payment_not_refundable', messages.paymentNotRefundable);
      if (existing.status !== 'failed') return { refund: existing, payment };
    }
    // Only money that paid a slot is refundable here: credited money is already in the wallet.
    if (!payment.settledAt || payment.outcome !== 'confirmed') throw new AppError('payment_not_refundable', messages.paymentNotRefundable);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
      throw new AppError('refund_amount_invalid', messages.badRequest);
    if (payment.refundedCents + input.amountCents > payment.amountCents) throw new AppError('refund_too_large', messages.refundTooLarge);

    const now = ctx.clock.now();
    const destination = input.destination ?? 'provider';
    const values = {
      amountCents: input.amountCents,
      destination,
      status: 'pending' as const,
      error: null,
      createdBy: input.createdBy ?? null,
      updatedAt: now,
    };
    const [refund] = existing
      ? await tx.update(paymentRefunds).set(values).where(eq(paymentRefunds.id, existing.id)).returning()
      : await tx
          .insert(paymentRefunds)
          .values({ ...values, paymentId: payment.id, idempotencyKey: input.idempotencyKey })
          .returning();
    await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${input.amountCents}`, updatedAt: now })
      .where(eq(payments.id, payment.id));
    if (destination === 'provider') return { refund: refund!, payment };

    await postCreditTransaction(tx, {
      userId: payment.userId,
      amountCents: input.amountCents,
      type: 'refund',
      description: 'Reembolso em créditos',
      source: 'admin',
      reference: `payment-refund:${refund!.id}`,
      createdBy: input.createdBy ?? null,
    });
    const [done] = await tx.update(paymentRefunds).set({ status: 'succeeded' }).where(eq(paymentRefunds.id, refund!.id)).returning();
    return { refund: done!, payment };
  });
}

async function finishRefund(
  ctx: ServerContext,
  refund: RefundRow,
  outcome: { providerRefundId: string } | { error: string },
): Promise<RefundRow> {
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId)).for('update');
    const now = ctx.clock.now();
    if ('error' in outcome) {
      await tx
        .update(payments)
        .set({ refundedCents: sql`${payments.refundedCents} - ${refund.amountCents}`, updatedAt: now })
        .where(eq(payments.id, refund.paymentId));
      const [failed] = await tx
        .update(paymentRefunds)
        .set({ status: 'failed', error: outcome.error.slice(0, 500), updatedAt: now })
        .where(eq(paymentRefunds.id, refund.id))
        .returning();
      return failed!;
    }
    if (payment!.refundedCents >= payment!.amountCents) {
      await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, refund.paymentId));
    }
    const [done] = await tx
      .update(paymentRefunds)
      .set({ status: 'succeeded', providerRefundId: outcome.providerRefundId, updatedAt: now })
      .where(eq(paymentRefunds.id, refund.id))
      .returning();
    return done!;
  });
}

/**
 * Refunds (part of) a card/PIX payment that paid a game slot: through the provider's refund API,
 * or as credits when the admin chooses so. Safe to retry with the same idempotency key: the provider
 * gets the same key, and a refund already done is just returned. For the admin's processing of
 * cancellation requests; the caller decides notifications and the request's own status.
 */
export async function refundPayment(ctx: ServerContext, input: RefundPaymentInput): Promise<RefundPaymentResult> {
  const { refund, payment } = await reserveRefund(ctx, input);
  if (refund.status === 'succeeded') return result(refund);

  const provider = ctx.payments.byName(payment.provider);
  if (!provider || !payment.providerPaymentId) throw new AppError('payment_not_refundable', messages.paymentNotRefundable);
  try {
    const done = await provider.refund(payment.providerPaymentId, refund.amountCents, {
      idempotencyKey: `bora-refund-${refund.id}-${refund.updatedAt.getTime()}`,
    });
    return result(await finishRefund(ctx, refund, { providerRefundId: done.refundId }));
  } catch (error) {
    const refused = error instanceof PaymentProviderError && error.status !== undefined && error.status >= 400 && error.status < 500;
    if (refused || error instanceof RangeError) {
      await finishRefund(ctx, refund, { error: error.message });
      throw new AppError('refund_refused', messages.refundFailed);
    }
    // Unreachable or 5xx: the refund stays pending; calling again with the same key finishes it.
    ctx.log.error({ err: error, refundId: refund.id }, 'reembolso pendente: provedor indisponível');
    throw new AppError('payment_provider_unavailable', messages.paymentProviderUnavailable);
  }
}
