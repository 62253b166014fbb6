import { and, eq } from 'drizzle-orm';
import { paymentAccounts } from '../../db/schema';
import type { ConnectedAccountReport } from '../../integrations/payments/provider';
import type { ServerContext } from '../context';
import { type PendingMail, sendPendingMail } from '../notifications/notify';
import { tellAccountLost } from './account-changes';

/**
 * A provider's report on an organiser's connected account (Stripe's `account.updated`, `account.application.deauthorized`),
 * applied under the account's row lock. Reports come repeated and out of order: one older than the newest applied
 * changes nothing, and a withdrawn access stays withdrawn until the organiser connects again (a new account).
 */
export async function applyConnectedAccountReport(ctx: ServerContext, report: ConnectedAccountReport): Promise<void> {
  const mails: PendingMail = [];
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.provider, report.provider), eq(paymentAccounts.externalId, report.accountId)))
      .for('update');
    if (!row) {
      ctx.log.warn({ provider: report.provider, accountId: report.accountId }, 'conta conectada desconhecida');
      return;
    }
    const isStale = row.providerUpdatedAt !== null && row.providerUpdatedAt > report.at;
    if (isStale || row.status === 'revoked') return;
    const isNewlyRevoked = report.isRevoked;
    await tx
      .update(paymentAccounts)
      .set({
        chargesEnabled: report.chargesEnabled,
        providerUpdatedAt: report.at,
        status: isNewlyRevoked ? 'revoked' : row.status,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(paymentAccounts.id, row.id));
    if (isNewlyRevoked && row.status === 'connected') await tellAccountLost(tx, ctx, mails, row.userId, report.provider);
  });
  await sendPendingMail(ctx, mails);
}
