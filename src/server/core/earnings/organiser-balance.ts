import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/open-database';

/**
 * What the platform and one organiser owe each other, in centavos (decisions 045 and 063). A game's earnings are
 * pending until `holdHours` after it starts and available afterwards; a cancelled game's are neither (its players are
 * refunded in full). The settled balance is what the available games earned less the payouts paid: above zero the
 * platform owes it (`availableCents`, less the payout asked for), below zero the organiser does (`owedCents`: a share
 * taken back after it was paid out). Later earnings pay that debt first, since they add to the same sum; pending
 * earnings never offset it.
 */
export type OrganiserBalance = {
  /** What may be asked for now: the settled balance less the open request, never below zero. */
  availableCents: number;
  pendingCents: number;
  paidOutCents: number;
  requestedCents: number;
  /** What the available games earned less the payouts paid, the open request not taken off: may be negative. */
  settledCents: number;
  /** What the organiser owes the platform: the settled balance below zero, as a positive amount. */
  owedCents: number;
};

type Sums = { earned_available: number; pending: number; paid_out: number; requested: number };

/** `when` a game's earnings become available: its start plus the hold. */
export const availableFrom = (dateTime: Date, holdHours: number) => new Date(dateTime.getTime() + holdHours * 3_600_000);

function balanceOf(sums: Sums): OrganiserBalance {
  const settledCents = Number(sums.earned_available) - Number(sums.paid_out);
  const requestedCents = Number(sums.requested);
  return {
    availableCents: Math.max(settledCents - requestedCents, 0),
    pendingCents: Number(sums.pending),
    paidOutCents: Number(sums.paid_out),
    requestedCents,
    settledCents,
    owedCents: Math.max(-settledCents, 0),
  };
}

/**
 * What a game's sums (`t`, `organiser_game_earnings`, joined to its game `g`) count for: available once the hold is
 * over, pending before; a cancelled game's for neither. Said of the game's start, so the games still pending are those
 * that started less than the hold ago or are still to come (`games_upcoming_idx`).
 */
function parts(now: Date, holdHours: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const pendingSince = sql`${at} - make_interval(hours => ${holdHours}::int)`;
  const isCounted = sql`g.status <> 'cancelled'`;
  return {
    pendingSince,
    available: sql`sum(t.net_cents) filter (where ${isCounted} and g.date_time <= ${pendingSince})`,
    pending: sql`sum(t.net_cents) filter (where ${isCounted} and g.date_time > ${pendingSince})`,
  };
}

/**
 * `organiserBalance` of several organisers in one query (the administrator's list of payouts): each game's sums as the
 * ledger wrote them (decision 073) and the payouts, the ledger's rows without a game.
 */
export async function organiserBalances(
  q: Queryable,
  organiserIds: number[],
  now: Date,
  holdHours: number,
): Promise<Map<number, OrganiserBalance>> {
  const ids = [...new Set(organiserIds)];
  if (ids.length === 0) return new Map();
  const { available, pending } = parts(now, holdHours);
  const result = (await q.execute(sql`
    select o.id,
      coalesce(${available}, 0)::float8 as earned_available,
      coalesce(${pending}, 0)::float8 as pending,
      (select coalesce(-sum(e.net_cents), 0)::float8 from organiser_earnings e
        where e.organiser_id = o.id and e.game_id is null and e.kind = 'payout') as paid_out,
      (select coalesce(sum(p.amount_cents), 0)::float8 from payouts p where p.organiser_id = o.id and p.status = 'requested') as requested
    from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]) as o(id)
    left join organiser_game_earnings t on t.organiser_id = o.id
    left join games g on g.id = t.game_id
    group by o.id
  `)) as unknown as { rows: (Sums & { id: number })[] };
  return new Map(result.rows.map((row) => [Number(row.id), balanceOf(row)]));
}

export async function organiserBalance(q: Queryable, organiserId: number, now: Date, holdHours: number): Promise<OrganiserBalance> {
  const balances = await organiserBalances(q, [organiserId], now, holdHours);
  return balances.get(organiserId)!;
}

export type PlatformEarnings = {
  feesCents: number;
  owedPendingCents: number;
  /** Owed to organisers whose settled balance is above zero, summed over them. */
  owedAvailableCents: number;
  /** Owed by organisers whose settled balance is below zero, summed over them: never netted against the above. */
  owedByOrganisersCents: number;
  paidOutThisMonthCents: number;
  payoutsRequested: number;
};

/**
 * The administrator's books: fees kept, what organisers are owed (pending, and available organiser by organiser), what
 * organisers owe (their debts, apart), payouts paid since `monthStart`.
 */
export async function platformEarnings(q: Queryable, now: Date, holdHours: number, monthStart: Date): Promise<PlatformEarnings> {
  const { pendingSince } = parts(now, holdHours);
  // Per organiser: the books kept as the ledger is written (fees, the net of games not cancelled, payouts), less what
  // is still pending, read from the games that started less than the hold ago or are to come (decision 073).
  const perOrganiser: SQL = sql`
    select b.organiser_id, b.fees, coalesce(p.pending, 0) as pending, b.counted - coalesce(p.pending, 0) + b.payouts as settled
    from (
      select organiser_id, sum(fee_cents) as fees, sum(counted_net_cents) as counted, sum(payouts_cents) as payouts
      from organiser_earnings_totals group by organiser_id
    ) b
    left join (
      select t.organiser_id, sum(t.net_cents) as pending
      from games g join organiser_game_earnings t on t.game_id = g.id
      where g.status <> 'cancelled' and g.date_time > ${pendingSince}
      group by t.organiser_id
    ) p on p.organiser_id = b.organiser_id`;
  const result = (await q.execute(sql`
    select
      coalesce(sum(b.fees), 0)::float8 as fees,
      coalesce(sum(b.pending), 0)::float8 as pending,
      coalesce(sum(greatest(b.settled, 0)), 0)::float8 as available,
      coalesce(sum(greatest(-b.settled, 0)), 0)::float8 as owed_by,
      (select coalesce(sum(p.amount_cents), 0)::float8 from payouts p where p.status = 'paid' and p.decided_at >= ${monthStart.toISOString()}::timestamptz) as paid_month,
      (select count(*)::int from payouts p where p.status = 'requested') as requested
    from (${perOrganiser}) b
  `)) as unknown as {
    rows: { fees: number; pending: number; available: number; owed_by: number; paid_month: number; requested: number }[];
  };
  const row = result.rows[0]!;
  return {
    feesCents: Number(row.fees),
    owedPendingCents: Number(row.pending),
    owedAvailableCents: Number(row.available),
    owedByOrganisersCents: Number(row.owed_by),
    paidOutThisMonthCents: Number(row.paid_month),
    payoutsRequested: Number(row.requested),
  };
}
