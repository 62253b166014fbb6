import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { ServerContext } from '../../core/context';
import { applyConnectedAccountReport } from '../../core/payment-accounts/apply-account-report';
import type { PaymentRow } from '../../core/payments/payment-records';
import { applyProviderReport } from '../../core/payments/settle-payment';
import { payments } from '../../db/schema';
import {
  PaymentProviderError,
  type ProviderName,
  type ProviderPayment,
  type WebhookRequest,
  WebhookSignatureError,
} from '../../integrations/payments/provider';
import { AppError } from '../../lib/app-error';

/** Our row for a provider's report: by the reference it echoes, on the same provider. */
async function findReportedPayment(ctx: ServerContext, report: ProviderPayment): Promise<PaymentRow | undefined> {
  const id = report.reference !== null && /^\d{1,10}$/.test(report.reference) ? Number(report.reference) : undefined;
  if (id === undefined || id > 2_147_483_647) return undefined;
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.provider, report.provider)));
  return row;
}

/**
 * One notification from a provider (or the sandbox page's simulated one): verified by the provider
 * adapter, matched to our row and applied idempotently. Not authentic → 400 and nothing written;
 * provider unreachable → 503 so it retries; anything authentic but not ours → ignored with 200.
 */
export async function receivePaymentWebhook(ctx: ServerContext, providerName: ProviderName, request: WebhookRequest): Promise<void> {
  const provider = ctx.payments.byName(providerName);
  if (!provider) throw new AppError('payment_provider_not_found', messages.notFound);
  let result;
  try {
    result = await provider.handleWebhook(request);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.log.warn({ provider: providerName, reason: error.message }, 'webhook recusado: assinatura inválida');
      throw new AppError('webhook_not_authentic', messages.badRequest);
    }
    if (error instanceof PaymentProviderError) {
      ctx.log.error({ err: error, provider: providerName }, 'webhook: provedor indisponível');
      throw new AppError('payment_provider_unavailable', messages.paymentProviderUnavailable);
    }
    throw error;
  }
  if (result.kind === 'account') {
    await applyConnectedAccountReport(ctx, result.account);
    return;
  }
  if (result.kind === 'ignored') {
    ctx.log.info({ provider: providerName, eventId: result.eventId, reason: result.reason }, 'webhook ignorado');
    return;
  }
  const payment = await findReportedPayment(ctx, result.payment);
  if (!payment) {
    ctx.log.warn(
      { provider: providerName, eventId: result.eventId, reference: result.payment.reference },
      'webhook de pagamento desconhecido',
    );
    return;
  }
  await applyProviderReport(ctx, payment, result.payment);
}
