import { eq } from 'drizzle-orm';
import type { PaymentAccountsReply } from '../../../shared/schemas/payment-accounts';
import type { ServerContext } from '../../core/context';
import { paymentAccounts } from '../../db/schema';

/** The caller's accounts at each provider, and whether this environment offers each; never a token. */
export async function getPaymentAccounts(ctx: ServerContext, userId: number): Promise<PaymentAccountsReply> {
  const rows = await ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  const mercadoPago = rows.find((row) => row.provider === 'mercadopago');
  const stripe = rows.find((row) => row.provider === 'stripe');
  return {
    mercadopago: {
      available: ctx.paymentAccounts.mercadoPago !== undefined,
      status: mercadoPago?.status ?? 'none',
      ...(mercadoPago?.externalId && { sellerId: mercadoPago.externalId }),
      ...(mercadoPago?.tokenExpiresAt && { expiresAt: mercadoPago.tokenExpiresAt.toISOString() }),
    },
    stripe: {
      available: ctx.paymentAccounts.stripe !== undefined,
      status: stripe?.status ?? 'none',
      ...(stripe?.externalId && stripe.status !== 'none' && { accountId: stripe.externalId, chargesEnabled: stripe.chargesEnabled }),
    },
  };
}
