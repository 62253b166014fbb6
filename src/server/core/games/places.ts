import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open-database';
import { games, seriesMembers } from '../../db/schema';

/**
 * The one definition of a game's free places (decision 046). A weekly series keeps its member places for its
 * mensalistas every week: drop-in players (anyone who is not an active member of the game's series) may take only
 *
 *   placesForDropIns = totalSlots − heldForMembers − dropInsHolding
 *   heldForMembers   = max(memberSlots − membersWhoGaveUpTheWeek, membersHolding), at most totalSlots
 *
 * where a member who gave up the week is one who had a registration in this game and holds none now (cancelled it,
 * left its line, or let its payment deadline pass): that place goes back to everyone. A member may take any free place
 * (totalSlots − everyone holding). A game of no series holds nothing: both counts are totalSlots − occupied.
 *
 * `placesSql` is the SQL of every count, correlated with the outer "games" row, so the apply guard, the waitlist,
 * promotion, the series' member places and every read (game views, lists, live places) count the same places. A pending
 * hold counts until its payment deadline, as in effectiveStatus; write paths expire holds first, so it agrees there.
 */
export function placesSql(now: Date) {
  const at = now.toISOString();
  const holds = (alias: string) => {
    const r = sql.raw(alias);
    return sql`(${r}.status = 'confirmed' or (${r}.status = 'pending' and (${r}.payment_deadline is null or ${r}.payment_deadline > ${at}::timestamptz)))`;
  };
  // Walk-ins (decision 047) hold places too; they are nobody's account, so they count as drop-ins.
  const occupied = sql<number>`((select count(*)::int from registrations r where r.game_id = "games"."id" and ${holds('r')})
    + "games"."walk_in_count")`;
  const membersHolding = sql<number>`(select count(*)::int from registrations r
    join series_members m on m.user_id = r.user_id and m.series_id = "games"."series_id" and m.left_at is null
    where r.game_id = "games"."id" and ${holds('r')})`;
  const gaveUp = sql<number>`(select count(*)::int from series_members m
    where m.series_id = "games"."series_id" and m.left_at is null
      and exists (select 1 from registrations r where r.game_id = "games"."id" and r.user_id = m.user_id)
      and not exists (select 1 from registrations r where r.game_id = "games"."id" and r.user_id = m.user_id
        and (r.status = 'waitlist' or ${holds('r')})))`;
  const memberSlots = sql<number>`(select s.member_slots from series s where s.id = "games"."series_id")`;
  // PostgreSQL evaluates a CASE branch only when it is taken: a game of no series runs none of the series subqueries.
  const held = sql<number>`(case when "games"."series_id" is null then 0
    else least("games"."total_slots", greatest(${memberSlots} - ${gaveUp}, ${membersHolding})) end)`;
  const membersHoldingOrNone = sql<number>`(case when "games"."series_id" is null then 0 else ${membersHolding} end)`;
  return { occupied, held, membersHolding: membersHoldingOrNone };
}

export type Places = {
  totalSlots: number;
  /** Places taken: confirmed and pending holds. */
  occupied: number;
  /** Free places anyone may take (drop-ins, and members too). */
  forDropIns: number;
  /** Free places an active member of the game's series may take: every free place. */
  forMembers: number;
};

/** The places of a game from its counts: see placesSql. */
export function placesOf(totalSlots: number, occupied: number, held: number, membersHolding: number): Places {
  const dropInsHolding = occupied - membersHolding;
  const forMembers = Math.max(totalSlots - occupied, 0);
  return { totalSlots, occupied, forMembers, forDropIns: Math.min(Math.max(totalSlots - held - dropInsHolding, 0), forMembers) };
}

/** A game's places now (under its lock in write paths, after expirePendingPayments). */
export async function loadPlaces(q: Queryable, gameId: number, now: Date): Promise<Places> {
  const counts = placesSql(now);
  const [row] = await q
    .select({ totalSlots: games.totalSlots, occupied: counts.occupied, held: counts.held, membersHolding: counts.membersHolding })
    .from(games)
    .where(eq(games.id, gameId));
  if (!row) throw new Error(`game ${gameId} not found`);
  return placesOf(row.totalSlots, row.occupied, row.held, row.membersHolding);
}

/** Whether the user is an active member (mensalista) of the game's series. */
export async function isSeriesMember(q: Queryable, game: { seriesId: number | null }, userId: number): Promise<boolean> {
  if (game.seriesId === null) return false;
  const [row] = await q
    .select({ id: seriesMembers.id })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, game.seriesId), eq(seriesMembers.userId, userId), isNull(seriesMembers.leftAt)))
    .limit(1);
  return row !== undefined;
}

/** The free places this user may take in the game: every free place for a member of its series, else the drop-ins'. */
export async function freePlacesFor(
  q: Queryable,
  game: { id: number; seriesId: number | null },
  userId: number,
  now: Date,
): Promise<number> {
  const places = await loadPlaces(q, game.id, now);
  return (await isSeriesMember(q, game, userId)) ? places.forMembers : places.forDropIns;
}
