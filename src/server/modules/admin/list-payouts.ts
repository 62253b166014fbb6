import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { AdminPayout, AdminPayoutsReply, PayoutStatus } from '../../../shared/schemas/earnings';
import { toReais } from '../../../shared/money';
import type { ServerContext } from '../../core/context';
import { payoutView } from '../../core/earnings/earnings-statement';
import { organiserBalances } from '../../core/earnings/organiser-balance';
import { displayName } from '../../core/users/display-name';
import { payouts, users } from '../../db/schema';

/** At most this many payouts in one list (the open ones are few: one per organiser). */
const LIST_LIMIT = 200;

/**
 * Payouts with their organiser, the full key to pay and the organiser's balance now beside the amount (decision 063:
 * a share taken back after the request shows before anyone pays it), for the administrator.
 */
export async function loadAdminPayouts(ctx: ServerContext, where: SQL | undefined, oldestFirst = false): Promise<AdminPayout[]> {
  const rows = await ctx.db
    .select({ payout: payouts, name: displayName, email: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.organiserId))
    .where(where)
    .orderBy(oldestFirst ? asc(payouts.id) : desc(payouts.id))
    .limit(LIST_LIMIT);
  const balances = await organiserBalances(
    ctx.db,
    rows.map(({ payout }) => payout.organiserId),
    ctx.clock.now(),
    ctx.config.earnings.holdHours,
  );
  return rows.map(({ payout, name, email }) => ({
    ...payoutView(payout),
    organiser: { id: payout.organiserId, name, email },
    key: { type: payout.keyType, key: payout.key, holderName: payout.holderName },
    decidedAt: payout.decidedAt?.toISOString() ?? null,
    balanceNow: toReais(balances.get(payout.organiserId)!.settledCents),
  }));
}

/** The administrator's list: by status (the requested ones oldest first, to be paid in order), or all, newest first. */
export async function listPayouts(ctx: ServerContext, query: { status?: PayoutStatus }): Promise<AdminPayoutsReply> {
  const where = query.status ? eq(payouts.status, query.status) : undefined;
  return { payouts: await loadAdminPayouts(ctx, where, query.status === 'requested'), testMode: ctx.payments.mode === 'sandbox' };
}
