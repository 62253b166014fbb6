import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { toReais } from '../../../shared/money';
import { dateAndTimeIn } from '../../../shared/dates';
import type { Game } from '../../../shared/schemas/games';
import type { Queryable } from '../../db/open-database';
import { cities, games, groups, registrations, sports, states, users } from '../../db/schema';
import { displayName } from '../users/display-name';
import { placesOf, placesSql } from './places';

/**
 * What a registration is at `now`: a pending hold past its payment deadline is already cancelled,
 * whether or not the sweep has written it yet. Reads derive it here and never expire anything.
 */
export function effectiveStatus(registration: { status: RegistrationStatus; paymentDeadline: Date | null }, now: Date): RegistrationStatus {
  const { status, paymentDeadline } = registration;
  return status === 'pending' && paymentDeadline !== null && paymentDeadline <= now ? 'cancelled' : status;
}

// Correlated subqueries name the outer table in full: Drizzle leaves columns unqualified in a
// single-table select, where they would silently bind to the subquery's own table. The places are counted by
// placesSql, the one definition (a pending hold counts until its deadline, a series keeps its member places).
const waitlistCount = sql<number>`(select count(*)::int from registrations r
  where r.game_id = "games"."id" and r.status = 'waitlist')`;
/** 1-based place in line of a waitlisted registration (line order: joined_at, then id). */
const waitlistPosition = sql<number>`(select count(*)::int from registrations w
  where w.game_id = "registrations"."game_id" and w.status = 'waitlist'
    and (w.joined_at, w.id) <= ("registrations"."joined_at", "registrations"."id"))`;

export type GameViewOptions = {
  where: SQL | undefined;
  /** The server's clock: holds past their deadline no longer count. */
  now: Date;
  /** The signed-in caller: adds their registration fields to each game. */
  viewerId?: number;
  /** Shows privateLink to someone who already holds it (an invitee); the creator always sees it. */
  revealPrivateLink?: boolean;
  limit?: number;
  offset?: number;
  /**
   * soonest (the default): by date; newest: latest date first; organiser ("Meus jogos", decision 047): today's and
   * the next games first, soonest first, then the past ones, the most recent first ("today" on the game's clocks).
   */
  order?: 'soonest' | 'newest' | 'organiser';
};

function orderOf(order: GameViewOptions['order'], now: Date): SQL[] {
  if (order === 'newest') return [desc(games.dateTime), desc(games.id)];
  if (order !== 'organiser') return [asc(games.dateTime), asc(games.id)];
  const isAhead = sql`((${games.dateTime} at time zone ${games.timeZone})::date >= (${now.toISOString()}::timestamptz at time zone ${games.timeZone})::date)`;
  return [
    sql`${isAhead} desc`,
    sql`case when ${isAhead} then ${games.dateTime} end asc`,
    desc(games.dateTime),
    sql`case when ${isAhead} then ${games.id} end asc`,
    desc(games.id),
  ];
}

/** Games as the API shows them, in date order: slots, reference objects, creator and the caller's registration. */
export async function loadGameViews(q: Queryable, options: GameViewOptions): Promise<Game[]> {
  return (await loadGameViewsWithRows(q, options)).map(({ view }) => view);
}

/**
 * The columns of a game its views are made of, in the order of each row's JSON array (see loadGameViewsWithRows).
 */
const viewedColumns = {
  id: games.id,
  name: games.name,
  location: games.location,
  address: games.address,
  dateTime: games.dateTime,
  timeZone: games.timeZone,
  priceCents: games.priceCents,
  totalSlots: games.totalSlots,
  description: games.description,
  descriptionHtml: games.descriptionHtml,
  visibility: games.visibility,
  usePlatformPayment: games.usePlatformPayment,
  state: games.state,
  status: games.status,
  cancelReason: games.cancelReason,
  privateLink: games.privateLink,
  creatorId: games.creatorId,
  seriesId: games.seriesId,
  groupId: games.groupId,
};

export type ViewedGameRow = { [K in keyof typeof viewedColumns]: (typeof games.$inferSelect)[K] };

const viewedKeys = Object.keys(viewedColumns);

/**
 * The caller's latest registration on the outer game, as one JSON array in ViewerRegistration's order (the
 * registrations of one user and game, along their index), with its place in line when waiting: null when none.
 */
const viewerRegistration = (viewerId: number) => sql<unknown[] | null>`(select json_build_array("registrations"."status",
    "registrations"."payment_type", "registrations"."paid_cents", "registrations"."payment_deadline",
    case when "registrations"."status" = 'waitlist' then ${waitlistPosition} end, "registrations"."id", "registrations"."cancelled_from")
  from registrations where "registrations"."user_id" = ${viewerId} and "registrations"."game_id" = "games"."id"
  order by "registrations"."id" desc limit 1)`;

/** What a game's view needs beside the game's own columns: after them in each row's JSON array. */
function besideColumns(now: Date) {
  return {
    ...placesColumns(now),
    waitlistCount,
    sportId: sports.id,
    sportName: sports.name,
    stateId: states.id,
    stateName: states.name,
    uf: states.uf,
    cityId: cities.id,
    cityName: cities.name,
    creatorId: users.id,
    creatorName: displayName,
    groupName: groups.name,
    groupSlug: groups.slug,
  };
}
/** Null where a left-joined sport, state or city is missing. */
type Beside = {
  occupied: number;
  held: number;
  membersHolding: number;
  waitlistCount: number;
  sportId: number | null;
  sportName: string;
  stateId: number | null;
  stateName: string;
  uf: string;
  cityId: number | null;
  cityName: string;
  creatorId: number;
  creatorName: string;
  groupName: string | null;
  groupSlug: string | null;
};

/** The games of one page, in `order`, named as the games table (the options' `where` speaks of it alone). */
function pageOf(options: GameViewOptions, order: SQL[]): SQL {
  const limit = options.limit === undefined ? sql`` : sql` limit ${options.limit}`;
  return sql`(select * from ${games} where ${options.where ?? sql`true`} order by ${sql.join(order, sql`, `)}${limit}
    offset ${options.offset ?? 0}) as ${games}`;
}

/** The values of `keys` in a row's JSON array, from `start` on. */
function fields(keys: string[], values: unknown[], start: number): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  keys.forEach((key, i) => (record[key] = values[start + i]));
  return record;
}

/**
 * Each game's view (without the caller's registration) beside the game's columns it was made from, for a view that
 * shows more of the game (the organiser's cancel reason) without reading the games again.
 *
 * Each game comes as one JSON array (decision 057): the embedded database hands every field of a result over on its
 * own, through a parser in JavaScript, and a page of 100 games was 3 100 fields; one field a game halves the page's
 * time there.
 */
export async function loadGameViewsWithRows(
  q: Queryable,
  options: GameViewOptions,
): Promise<Array<{ view: Game; game: ViewedGameRow; viewer: ViewerRegistration | null }>> {
  const beside = besideColumns(options.now);
  const besideKeys = Object.keys(beside);
  const viewerId = options.viewerId;
  const columns = [
    ...Object.values(viewedColumns),
    ...Object.values(beside),
    ...(viewerId === undefined ? [] : [viewerRegistration(viewerId)]),
  ];
  const order = orderOf(options.order, options.now);
  const paged = options.limit !== undefined || options.offset !== undefined;
  // A page is chosen among the games alone, then its games are joined and counted: a plan made for any filter (the
  // embedded database's generic plan of "a city and a place" expected one game) otherwise joined and sorted every match.
  const query = q
    .select({ row: sql<unknown[]>`json_build_array(${sql.join(columns, sql`, `)})` })
    .from(paged ? pageOf(options, order) : games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .leftJoin(sports, eq(sports.id, games.sportId))
    .leftJoin(states, eq(states.id, games.stateId))
    .leftJoin(cities, eq(cities.id, games.cityId))
    .leftJoin(groups, eq(groups.id, games.groupId))
    .where(paged ? undefined : options.where)
    .orderBy(...order);
  const viewerAt = viewedKeys.length + besideKeys.length;
  return (await query).map(({ row: values }) => {
    // JSON has no dates: the game's start comes as text.
    const fromRow = fields(viewedKeys, values, 0);
    fromRow.dateTime = new Date(fromRow.dateTime as string);
    const game = fromRow as ViewedGameRow;
    const row = fields(besideKeys, values, viewedKeys.length) as Beside;
    const places = placesOf(game.totalSlots, row.occupied, row.held, row.membersHolding);
    const remaining = places.forDropIns;
    const view: Game = {
      id: game.id,
      name: game.name,
      location: game.location,
      address: game.address,
      dateTime: game.dateTime.toISOString(),
      ...dateAndTimeIn(game.dateTime, game.timeZone),
      timeZone: game.timeZone,
      price: toReais(game.priceCents),
      totalSlots: game.totalSlots,
      slots: game.totalSlots,
      remainingSlots: remaining,
      availableSlots: remaining,
      registeredPlayers: row.occupied,
      waitlistCount: row.waitlistCount,
      visibility: game.visibility,
      usePlatformPayment: game.usePlatformPayment,
      publicationState: game.state,
      status: game.status,
      description: game.description,
      descriptionHtml: game.descriptionHtml,
      sport: row.sportId === null ? null : { id: row.sportId, name: row.sportName },
      state: row.stateId === null ? null : { id: row.stateId, name: row.stateName, uf: row.uf },
      city: row.cityId === null ? null : { id: row.cityId, name: row.cityName },
      creator: { id: row.creatorId, name: row.creatorName },
      privateLink: options.revealPrivateLink || game.creatorId === viewerId ? game.privateLink : null,
      seriesId: game.seriesId,
      ...(game.seriesId === null ? {} : { memberPlacesFree: places.forMembers - places.forDropIns }),
      ...(game.groupId === null ? {} : { group: { id: game.groupId, name: row.groupName ?? '', slug: row.groupSlug ?? '' } }),
    };
    if (viewerId === undefined) return { view, game, viewer: null };
    const viewer = viewerRegistrationOf(values[viewerAt] as ViewerRow | null, options.now);
    // Added to the view in place: a copy of forty fields made field by field was a third of a list's allocations.
    return { view: Object.assign(view, viewerFields(viewer)), game, viewer };
  });
}

type ViewerRow = [
  RegistrationStatus,
  ViewerRegistration['paymentType'],
  number,
  string | null,
  number | null,
  number,
  ViewerRegistration['cancelledFrom'],
];

function viewerRegistrationOf(row: ViewerRow | null, now: Date): ViewerRegistration | null {
  if (row === null) return null;
  const [status, paymentType, paidCents, deadline, position, id, cancelledFrom] = row;
  const paymentDeadline = deadline === null ? null : new Date(deadline);
  return {
    status: effectiveStatus({ status, paymentDeadline }, now),
    paymentType,
    paidCents,
    paymentDeadline,
    position: position ?? 0,
    id,
    cancelledFrom,
  };
}

/**
 * Whether the caller's latest registration was cancelled while in line: they left the waitlist and never had a place,
 * which the lists say as such rather than as a cancelled registration.
 */
export const leftTheLine = (viewer: ViewerRegistration | null) => viewer?.status === 'cancelled' && viewer.cancelledFrom === 'waitlist';

/** The caller's own fields of a game's view, from their latest registration on it (null: none). */
function viewerFields(reg: Omit<ViewerRegistration, 'cancelledFrom'> | null) {
  return {
    userRegistration: {
      isRegistered: reg?.status === 'confirmed' || reg?.status === 'pending',
      isOnWaitlist: reg?.status === 'waitlist',
    },
    registrationType: reg?.status ?? null,
    paymentType: reg?.paymentType ?? null,
    paidAmount: toReais(reg?.paidCents ?? 0),
    paymentDeadline: reg?.status === 'pending' && reg.paymentDeadline ? reg.paymentDeadline.toISOString() : null,
    waitlistPosition: reg?.status === 'waitlist' ? reg.position : null,
    waitlistId: reg?.status === 'waitlist' ? reg.id : null,
  };
}

/**
 * The caller's own side of games already loaded (possibly for someone else, or for nobody): their
 * registration on each, read now, and the private link of the games they created.
 */
export async function withViewerRegistrations(q: Queryable, views: Game[], viewerId: number, now: Date): Promise<Game[]> {
  if (views.length === 0) return views;
  const ids = views.map((view) => view.id);
  const ownIds = views.filter((view) => view.creator.id === viewerId && view.privateLink === null).map((view) => view.id);
  const [regs, ownLinks] = await Promise.all([
    q
      .select({
        gameId: registrations.gameId,
        status: registrations.status,
        paymentType: registrations.paymentType,
        paidCents: registrations.paidCents,
        paymentDeadline: registrations.paymentDeadline,
        position: waitlistPosition,
        id: registrations.id,
      })
      .from(registrations)
      // One array parameter, not a hundred: building the statement is most of this call's cost.
      .where(and(eq(registrations.userId, viewerId), sql`${registrations.gameId} = any(${sql.param(ids)}::int[])`))
      .orderBy(desc(registrations.id)),
    ownIds.length === 0
      ? []
      : q
          .select({ id: games.id, privateLink: games.privateLink })
          .from(games)
          .where(sql`${games.id} = any(${sql.param(ownIds)}::int[])`),
  ]);
  // The newest registration per game is the live one when there is one (a new one needs the old cancelled).
  const mine = new Map<number, Omit<ViewerRegistration, 'cancelledFrom'>>();
  for (const reg of regs) if (!mine.has(reg.gameId)) mine.set(reg.gameId, { ...reg, status: effectiveStatus(reg, now) });
  const links = new Map(ownLinks.map((own) => [own.id, own.privateLink]));

  return views.map((view) => ({
    ...view,
    privateLink: links.get(view.id) ?? view.privateLink,
    ...viewerFields(mine.get(view.id) ?? null),
  }));
}

type RegistrationStatus = (typeof registrations.$inferSelect)['status'];

/** The caller's latest registration on a game, as of now (a hold past its deadline already cancelled). */
export type ViewerRegistration = {
  status: RegistrationStatus;
  paymentType: (typeof registrations.$inferSelect)['paymentType'];
  paidCents: number;
  paymentDeadline: Date | null;
  position: number;
  id: number;
  /** Where a cancelled registration was cancelled from: 'waitlist' when the player left the line. */
  cancelledFrom: (typeof registrations.$inferSelect)['cancelledFrom'];
};

/** How many games match, for the X-Total-Count of a paged list. */
export async function countGames(q: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await q
    .select({ count: sql<number>`count(*)::int` })
    .from(games)
    .where(where);
  return row?.count ?? 0;
}

/** A game's places as live streams send them, with what decides who may watch them. */
export type GamePlacesRow = {
  id: number;
  remainingSlots: number;
  /** In a weekly series' game: free places only its members may take (see placesSql). */
  memberPlacesFree?: number;
  waitlistCount: number;
  visibility: (typeof games.$inferSelect)['visibility'];
  isOpen: boolean;
  privateLink: string;
};

/** The places of several games in one query, counted as every game view counts them. */
export async function loadGamePlaces(q: Queryable, gameIds: number[], now: Date): Promise<GamePlacesRow[]> {
  if (gameIds.length === 0) return [];
  const rows = await q
    .select({
      id: games.id,
      totalSlots: games.totalSlots,
      seriesId: games.seriesId,
      ...placesColumns(now),
      waitlistCount,
      visibility: games.visibility,
      state: games.state,
      status: games.status,
      privateLink: games.privateLink,
    })
    .from(games)
    .where(sql`${games.id} = any(${sql.param(gameIds)}::int[])`);
  return rows.map(({ totalSlots, occupied, held, membersHolding, seriesId, state, status, ...row }) => {
    const places = placesOf(totalSlots, occupied, held, membersHolding);
    return {
      ...row,
      remainingSlots: places.forDropIns,
      ...(seriesId === null ? {} : { memberPlacesFree: places.forMembers - places.forDropIns }),
      isOpen: state === 'published' && status === 'active',
    };
  });
}

/** The counts placesOf needs, as columns of a select from games. */
function placesColumns(now: Date) {
  const { occupied, held, membersHolding } = placesSql(now);
  return { occupied, held, membersHolding };
}
