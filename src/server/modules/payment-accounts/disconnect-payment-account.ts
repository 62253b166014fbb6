import { and, eq, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { PaymentAccountProvider } from '../../../shared/schemas/payment-accounts';
import type { ServerContext } from '../../core/context';
import { withoutTokens } from '../../core/payment-accounts/account-changes';
import { paymentAccounts } from '../../db/schema';

const m = messages.paymentAccounts;

/**
 * Disconnects the caller's account at `provider`: status none and its tokens erased. A Mercado Pago seller is
 * forgotten; a Stripe account's id stays, so connecting again continues the same account.
 */
export async function disconnectPaymentAccount(
  ctx: ServerContext,
  userId: number,
  provider: PaymentAccountProvider,
): Promise<{ message: string }> {
  const changed = await ctx.db
    .update(paymentAccounts)
    .set({
      ...withoutTokens,
      status: 'none',
      ...(provider === 'mercadopago' && { externalId: null }),
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(paymentAccounts.userId, userId), eq(paymentAccounts.provider, provider), ne(paymentAccounts.status, 'none')))
    .returning({ id: paymentAccounts.id });
  if (changed.length > 0) ctx.log.info({ userId, provider }, 'conta de recebimentos desconectada');
  return { message: changed.length > 0 ? m.disconnected(provider) : m.alreadyDisconnected(provider) };
}
