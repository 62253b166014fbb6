import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { PaymentAccountCallbackResult } from '../../../shared/schemas/payment-accounts';
import type { ServerContext } from '../../core/context';
import { tokenContext } from '../../core/payment-accounts/account-changes';
import { paymentAccounts, paymentAccountStates } from '../../db/schema';
import { PaymentProviderError } from '../../integrations/payments/provider';
import { AppError } from '../../lib/app-error';

const m = messages.paymentAccounts;

/** How long the organiser has to authorise on Mercado Pago's page, as long as its codes last. */
export const STATE_LIFETIME_MS = 10 * 60 * 1000;

export const CALLBACK_PATH = '/api/payment-accounts/mercadopago/callback';

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
const redirectUri = (ctx: ServerContext) => `${ctx.config.publicUrl}${CALLBACK_PATH}`;

/**
 * Starts connecting the caller's Mercado Pago account: a one-time `state` (kept as its SHA-256, bound to the caller,
 * for 10 minutes) committed before the reply gives the authorisation page's address. The route also hands the state
 * to this browser in a cookie, so the callback takes it only from the browser that asked.
 */
export async function startMercadoPagoConnection(ctx: ServerContext, userId: number): Promise<{ url: string; state: string }> {
  const oauth = ctx.paymentAccounts.mercadoPago;
  if (!oauth) throw new AppError('payment_account_unavailable', m.unavailable('mercadopago'));
  const state = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // This person's earlier states that can no longer be used go; a state still open elsewhere keeps working.
    await tx
      .delete(paymentAccountStates)
      .where(
        and(eq(paymentAccountStates.userId, userId), or(lt(paymentAccountStates.expiresAt, now), isNotNull(paymentAccountStates.usedAt))),
      );
    await tx.insert(paymentAccountStates).values({
      userId,
      provider: 'mercadopago',
      stateHash: hashState(state),
      expiresAt: new Date(now.getTime() + STATE_LIFETIME_MS),
    });
  });
  return { url: oauth.authorizationUrl({ state, redirectUri: redirectUri(ctx) }), state };
}

export type MercadoPagoCallback = {
  code: string | undefined;
  state: string | undefined;
  /** Set by Mercado Pago when the seller did not authorise. */
  error: string | undefined;
  /** The state this browser was given when it asked (its cookie). */
  browserState: string | undefined;
};

/**
 * Where Mercado Pago sends the organiser back. The state must be one we gave this very browser, unused and within its
 * 10 minutes; then the code is exchanged (once, as Mercado Pago allows) and the seller's tokens stored encrypted,
 * the state spent in the same transaction. Any refusal changes nothing and is said by its result.
 */
export async function finishMercadoPagoConnection(ctx: ServerContext, input: MercadoPagoCallback): Promise<PaymentAccountCallbackResult> {
  const { mercadoPago: oauth, cipher } = ctx.paymentAccounts;
  // Both or neither: the configuration asks for the key with the application.
  if (!oauth || !cipher) return 'provider_unavailable';
  if (!input.state) return 'state_invalid';
  const stateHash = hashState(input.state);
  const [stored] = await ctx.db.select().from(paymentAccountStates).where(eq(paymentAccountStates.stateHash, stateHash));
  if (!stored) return 'state_invalid';
  if (stored.usedAt) return 'state_used';
  if (stored.expiresAt <= ctx.clock.now()) return 'state_expired';
  // A state we gave another browser (someone else's, brought here by a link) is not this one's to use.
  if (input.state !== input.browserState) return 'state_invalid';
  if (input.error) return 'denied';
  if (!input.code) return 'code_refused';

  let tokens;
  try {
    tokens = await oauth.exchangeCode({ code: input.code, redirectUri: redirectUri(ctx) });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // A 4xx is the code refused (Mercado Pago's invalid_grant: used, expired or not ours); anything else, it failed.
    const isRefused = error.status !== undefined && error.status < 500;
    ctx.log.warn({ err: error, userId: stored.userId }, 'Mercado Pago recusou o código da conexão');
    return isRefused ? 'code_refused' : 'provider_unavailable';
  }

  const userId = stored.userId;
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx): Promise<PaymentAccountCallbackResult> => {
    const [taken] = await tx
      .select({ userId: paymentAccounts.userId })
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.provider, 'mercadopago'), eq(paymentAccounts.externalId, tokens.sellerId)));
    if (taken && taken.userId !== userId) return 'seller_taken';
    const spent = await tx
      .update(paymentAccountStates)
      .set({ usedAt: now })
      .where(and(eq(paymentAccountStates.id, stored.id), isNull(paymentAccountStates.usedAt)))
      .returning({ id: paymentAccountStates.id });
    if (spent.length === 0) return 'state_used';
    const account = {
      status: 'connected' as const,
      externalId: tokens.sellerId,
      accessToken: cipher.seal(tokens.accessToken, tokenContext(userId, 'mercadopago', 'access')),
      refreshToken: cipher.seal(tokens.refreshToken, tokenContext(userId, 'mercadopago', 'refresh')),
      tokenExpiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
      connectedAt: now,
      updatedAt: now,
    };
    await tx
      .insert(paymentAccounts)
      .values({ userId, provider: 'mercadopago', ...account })
      .onConflictDoUpdate({ target: [paymentAccounts.userId, paymentAccounts.provider], set: account });
    return 'connected';
  });
  if (result === 'connected') ctx.log.info({ userId, sellerId: tokens.sellerId }, 'conta do Mercado Pago conectada');
  return result;
}
