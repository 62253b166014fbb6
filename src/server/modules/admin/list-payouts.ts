import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { AdminPayout, AdminPayoutsReply, PayoutStatus } from '../../../shared/schemas/earnings';
import type { ServerContext } from '../../core/context';
import { payoutView } from '../../core/earnings/earnings-statement';
import { displayName } from '../../core/users/display-name';
import type { Queryable } from '../../db/open-database';
import { payouts, users } from '../../db/schema';

/** At most this many payouts in one list (the open ones are few: one per organiser). */
const LIST_LIMIT = 200;

/** Payouts with their organiser and the full key to pay, for the administrator. */
export async function loadAdminPayouts(q: Queryable, where: SQL | undefined, oldestFirst = false): Promise<AdminPayout[]> {
  const rows = await q
    .select({ payout: payouts, name: displayName, email: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.organiserId))
    .where(where)
    .orderBy(oldestFirst ? asc(payouts.id) : desc(payouts.id))
    .limit(LIST_LIMIT);
  return rows.map(({ payout, name, email }) => ({
    ...payoutView(payout),
    organiser: { id: payout.organiserId, name, email },
    key: { type: payout.keyType, key: payout.key, holderName: payout.holderName },
    decidedAt: payout.decidedAt?.toISOString() ?? null,
  }));
}

/** The administrator's list: by status (the requested ones oldest first, to be paid in order), or all, newest first. */
export async function listPayouts(ctx: ServerContext, query: { status?: PayoutStatus }): Promise<AdminPayoutsReply> {
  const where = query.status ? eq(payouts.status, query.status) : undefined;
  return { payouts: await loadAdminPayouts(ctx.db, where, query.status === 'requested') };
}
