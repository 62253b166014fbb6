import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open-database';

/**
 * What the platform owes one organiser, in centavos (decision 045). A game's earnings are pending until `holdHours`
 * after it starts (no refund can follow then) and available afterwards; a cancelled game's are neither (its players
 * are refunded in full). Available is what the available games earned, less the payouts paid and the one asked for.
 */
export type OrganiserBalance = { availableCents: number; pendingCents: number; paidOutCents: number; requestedCents: number };

type Row = { earned_available: number; pending: number; paid_out: number; requested: number };

/** `when` a game's earnings become available: its start plus the hold. */
export const availableFrom = (dateTime: Date, holdHours: number) => new Date(dateTime.getTime() + holdHours * 3_600_000);

export async function organiserBalance(q: Queryable, organiserId: number, now: Date, holdHours: number): Promise<OrganiserBalance> {
  const at = now.toISOString();
  const result = (await q.execute(sql`
    select
      coalesce(sum(e.net_cents) filter (where e.kind <> 'payout' and g.status <> 'cancelled'
        and g.date_time + make_interval(hours => ${holdHours}::int) <= ${at}::timestamptz), 0)::float8 as earned_available,
      coalesce(sum(e.net_cents) filter (where e.kind <> 'payout' and g.status <> 'cancelled'
        and g.date_time + make_interval(hours => ${holdHours}::int) > ${at}::timestamptz), 0)::float8 as pending,
      coalesce(-sum(e.net_cents) filter (where e.kind = 'payout'), 0)::float8 as paid_out,
      (select coalesce(sum(p.amount_cents), 0)::float8 from payouts p where p.organiser_id = ${organiserId} and p.status = 'requested') as requested
    from organiser_earnings e
    left join games g on g.id = e.game_id
    where e.organiser_id = ${organiserId}
  `)) as unknown as { rows: Row[] };
  const row = result.rows[0]!;
  return {
    availableCents: Number(row.earned_available) - Number(row.paid_out) - Number(row.requested),
    pendingCents: Number(row.pending),
    paidOutCents: Number(row.paid_out),
    requestedCents: Number(row.requested),
  };
}

export type PlatformEarnings = {
  feesCents: number;
  owedPendingCents: number;
  owedAvailableCents: number;
  paidOutThisMonthCents: number;
  payoutsRequested: number;
};

/** The administrator's books: fees kept, what organisers are owed (pending and available), payouts paid since `monthStart`. */
export async function platformEarnings(q: Queryable, now: Date, holdHours: number, monthStart: Date): Promise<PlatformEarnings> {
  const at = now.toISOString();
  const result = (await q.execute(sql`
    select
      coalesce(sum(e.fee_cents), 0)::float8 as fees,
      coalesce(sum(e.net_cents) filter (where e.kind <> 'payout' and g.status <> 'cancelled'
        and g.date_time + make_interval(hours => ${holdHours}::int) > ${at}::timestamptz), 0)::float8 as pending,
      coalesce(sum(e.net_cents) filter (where e.kind = 'payout' or (g.status <> 'cancelled'
        and g.date_time + make_interval(hours => ${holdHours}::int) <= ${at}::timestamptz)), 0)::float8 as available,
      (select coalesce(sum(p.amount_cents), 0)::float8 from payouts p where p.status = 'paid' and p.decided_at >= ${monthStart.toISOString()}::timestamptz) as paid_month,
      (select count(*)::int from payouts p where p.status = 'requested') as requested
    from organiser_earnings e
    left join games g on g.id = e.game_id
  `)) as unknown as { rows: { fees: number; pending: number; available: number; paid_month: number; requested: number }[] };
  const row = result.rows[0]!;
  return {
    feesCents: Number(row.fees),
    owedPendingCents: Number(row.pending),
    owedAvailableCents: Number(row.available),
    paidOutThisMonthCents: Number(row.paid_month),
    payoutsRequested: Number(row.requested),
  };
}
