import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { paymentAccounts } from '../../db/schema';
import { PaymentProviderError } from '../../integrations/payments/provider';
import { AppError } from '../../lib/app-error';

const m = messages.paymentAccounts;

/** Where Stripe's onboarding sends the organiser: the earnings page, saying why. */
const earningsPage = (ctx: ServerContext, result: 'stripe_returned' | 'stripe_link_expired') =>
  `${ctx.config.publicUrl}/my-games/earnings?conta=stripe&resultado=${result}`;

/**
 * The caller's Stripe onboarding: their Express account, made once and reused (again after a disconnection; a new one
 * only after Stripe reported the platform's access withdrawn), then a fresh single-use account link to Stripe's pages.
 * Whether Stripe accepts charges for it comes later, by `account.updated`.
 */
export async function startStripeConnection(ctx: ServerContext, user: AuthUser): Promise<{ url: string }> {
  const connect = ctx.paymentAccounts.stripe;
  if (!connect) throw new AppError('payment_account_unavailable', m.unavailable('stripe'));
  const where = and(eq(paymentAccounts.userId, user.id), eq(paymentAccounts.provider, 'stripe'));
  const [row] = await ctx.db.select().from(paymentAccounts).where(where);
  try {
    let accountId = row?.status !== 'revoked' ? row?.externalId : null;
    const now = ctx.clock.now();
    if (!accountId) {
      // Requests at once for the same person carry the same key, so Stripe makes one account for them.
      const created = await connect.createExpressAccount({
        email: user.email,
        userId: user.id,
        idempotencyKey: `express-account:${user.id}:${row?.id ?? 0}:${row?.updatedAt.getTime() ?? 0}`,
      });
      accountId = created.accountId;
      const account = {
        status: 'connected' as const,
        externalId: accountId,
        chargesEnabled: false,
        providerUpdatedAt: null,
        connectedAt: now,
        updatedAt: now,
      };
      await ctx.db
        .insert(paymentAccounts)
        .values({ userId: user.id, provider: 'stripe', ...account })
        .onConflictDoUpdate({ target: [paymentAccounts.userId, paymentAccounts.provider], set: account });
    } else if (row?.status !== 'connected') {
      await ctx.db.update(paymentAccounts).set({ status: 'connected', connectedAt: now, updatedAt: now }).where(where);
    }
    return await connect.createOnboardingLink({
      accountId,
      refreshUrl: earningsPage(ctx, 'stripe_link_expired'),
      returnUrl: earningsPage(ctx, 'stripe_returned'),
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.error({ err: error, userId: user.id }, 'Stripe: falha ao preparar a conta conectada');
    throw new AppError('payment_provider_unavailable', m.providerUnavailable('stripe'));
  }
}
