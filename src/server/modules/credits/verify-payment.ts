import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import type { VerifyPaymentReply } from '../../../shared/schemas/credits';
import type { ServerContext } from '../../core/context';
import { findPaymentBySessionId, paymentReference, type PaymentRow } from '../../core/payments/payment-records';
import { applyProviderReport } from '../../core/payments/settle-payment';
import { games, payments, users } from '../../db/schema';
import type { ProviderPayment } from '../../integrations/payments/provider';

async function balanceOf(ctx: ServerContext, userId: number): Promise<number> {
  const [row] = await ctx.db.select({ balanceCents: users.balanceCents }).from(users).where(eq(users.id, userId));
  return toReais(row?.balanceCents ?? 0);
}

async function describe(ctx: ServerContext, payment: PaymentRow): Promise<VerifyPaymentReply> {
  const amount = formatBRL(toReais(payment.amountCents));
  const base = {
    credits: await balanceOf(ctx, payment.userId),
    purpose: payment.purpose,
    outcome: payment.outcome,
    amount: toReais(payment.amountCents),
    gameId: payment.gameId,
  };
  if (payment.settledAt) {
    let message = messages.paymentCredited(amount);
    if (payment.gameId !== null) {
      const [game] = await ctx.db.select({ name: games.name }).from(games).where(eq(games.id, payment.gameId));
      const name = game?.name ?? 'o jogo';
      message = payment.outcome === 'confirmed' ? messages.paymentConfirmedGame(name) : messages.paymentLateCredited(amount, name);
    }
    return { ...base, success: true, status: 'paid', message };
  }
  if (payment.status === 'failed') return { ...base, success: false, status: 'failed', message: messages.paymentFailed };
  return { ...base, success: false, status: 'pending', message: messages.paymentPending };
}

/**
 * The return page's check: finds the caller's payment by the session id in the URL, asks the
 * provider when it is not settled yet (a notification may be late or lost) and settles it through
 * the same path as a webhook. Idempotent; someone else's payment reads as not found and is not touched.
 */
export async function verifyPayment(ctx: ServerContext, userId: number, sessionId: string): Promise<VerifyPaymentReply> {
  let payment = await findPaymentBySessionId(ctx.db, sessionId);
  if (!payment || payment.userId !== userId) {
    return {
      success: false,
      status: 'not_found',
      message: messages.paymentSessionNotFound,
      credits: await balanceOf(ctx, userId),
      purpose: null,
      outcome: null,
      amount: null,
      gameId: null,
    };
  }
  const provider = ctx.payments.byName(payment.provider);
  if (!payment.settledAt && payment.providerSessionId && provider) {
    let report: ProviderPayment | null;
    try {
      report = await provider.findCheckoutPayment({ sessionId: payment.providerSessionId, reference: paymentReference(payment.id) });
    } catch (error) {
      ctx.log.error({ err: error, paymentId: payment.id }, 'verify-payment: provedor indisponível');
      return { ...(await describe(ctx, payment)), message: messages.paymentProviderUnavailable };
    }
    if (report) await applyProviderReport(ctx, payment, report);
    [payment] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
  }
  return describe(ctx, payment!);
}
