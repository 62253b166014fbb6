import { and, asc, eq, isNotNull, lt, notInArray } from 'drizzle-orm';
import type { ServerContext } from '../../core/context';
import type { Job } from '../../core/jobs';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { tellAccountLost, tokenContext, withoutTokens } from '../../core/payment-accounts/account-changes';
import { paymentAccounts } from '../../db/schema';
import { grantRefusal } from '../../integrations/payments/mercadopago/mercadopago-oauth';
import { TokenCipherError } from '../../lib/token-cipher';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A seller's token is renewed once less than this is left of it: 30 of Mercado Pago's 180 days. */
export const REFRESH_BEFORE_MS = 30 * DAY_MS;
const REFRESH_JOB_INTERVAL_MS = 6 * 60 * 60 * 1000;

type Outcome = 'refreshed' | 'lost' | 'unreadable' | 'none';

/**
 * Renews every connected Mercado Pago seller's tokens that end within 30 days, one account per transaction. The row is
 * taken `FOR UPDATE SKIP LOCKED`, so two runs at once (two instances) never refresh the same account: a refresh token
 * works once, and the new one is stored in the transaction that spent the old. A refresh Mercado Pago refuses
 * (`invalid_grant`: expired or revoked; `unauthorized_client`: the seller withdrew the application) leaves the
 * account `expired` or `revoked`, its tokens erased, and the organiser told. Mercado Pago unreachable ends the run
 * (the next one tries again, well before the end of the token). Returns how many were renewed.
 */
export async function refreshMercadoPagoTokens(ctx: ServerContext): Promise<number> {
  const { mercadoPago: oauth, cipher } = ctx.paymentAccounts;
  if (!oauth || !cipher) return 0;
  const unreadable: number[] = [];
  const mails: PendingMail = [];
  let refreshed = 0;
  try {
    for (;;) {
      const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
        const now = ctx.clock.now();
        const [row] = await tx
          .select()
          .from(paymentAccounts)
          .where(
            and(
              eq(paymentAccounts.provider, 'mercadopago'),
              eq(paymentAccounts.status, 'connected'),
              isNotNull(paymentAccounts.refreshToken),
              lt(paymentAccounts.tokenExpiresAt, new Date(now.getTime() + REFRESH_BEFORE_MS)),
              ...(unreadable.length > 0 ? [notInArray(paymentAccounts.id, unreadable)] : []),
            ),
          )
          .orderBy(asc(paymentAccounts.tokenExpiresAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return 'none';
        let refreshToken: string;
        try {
          refreshToken = cipher.open(row.refreshToken!, tokenContext(row.userId, 'mercadopago', 'refresh'));
        } catch (error) {
          if (!(error instanceof TokenCipherError)) throw error;
          // Left as it is: the right key, put back, reads it again.
          ctx.log.error({ err: error, accountId: row.id }, 'token do Mercado Pago ilegível');
          unreadable.push(row.id);
          return 'unreadable';
        }
        let tokens;
        try {
          tokens = await oauth.refresh(refreshToken);
        } catch (error) {
          const refusal = grantRefusal(error);
          if (!refusal) throw error;
          ctx.log.warn({ accountId: row.id, userId: row.userId, refusal }, 'Mercado Pago recusou renovar o token');
          await tx
            .update(paymentAccounts)
            .set({ ...withoutTokens, status: refusal, updatedAt: now })
            .where(eq(paymentAccounts.id, row.id));
          await tellAccountLost(tx, ctx, mails, row.userId, 'mercadopago');
          return 'lost';
        }
        await tx
          .update(paymentAccounts)
          .set({
            accessToken: cipher.seal(tokens.accessToken, tokenContext(row.userId, 'mercadopago', 'access')),
            refreshToken: cipher.seal(tokens.refreshToken, tokenContext(row.userId, 'mercadopago', 'refresh')),
            tokenExpiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
            updatedAt: now,
          })
          .where(eq(paymentAccounts.id, row.id));
        return 'refreshed';
      });
      if (outcome === 'none') break;
      if (outcome === 'refreshed') refreshed += 1;
    }
  } finally {
    await sendPendingMail(ctx, mails);
  }
  return refreshed;
}

export function paymentAccountsRefreshJob(ctx: ServerContext): Job {
  return {
    name: 'payment-accounts-refresh',
    intervalMs: REFRESH_JOB_INTERVAL_MS,
    changesReads: false,
    run: () => refreshMercadoPagoTokens(ctx),
  };
}
