import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import { dateAndTimeIn } from '../../../shared/dates';
import { toReais } from '../../../shared/money';
import type { Series, SeriesDetail } from '../../../shared/schemas/series';
import type { AuthUser } from '../../core/context';
import { timeZoneOfState } from '../../core/games/time-zone';
import { loadUserGames } from '../../core/games/user-game-view';
import { lockSeries, type SeriesRow } from '../../core/series/member-places';
import type { Queryable, Tx } from '../../db/open-database';
import { games, invitations, registrations, series, seriesMembers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { messages } from '../../../shared/messages';

const weekday = (date: Date, timeZone: string) => new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'long' }).format(date);

/** Another organiser's series is indistinguishable from a missing one; admins see every series. */
export const seriesNotFound = () => new AppError('series_not_found', messages.series.notFound);

export const canManage = (row: SeriesRow, user: AuthUser) => row.creatorId === user.id || user.role === 'admin';

/** Locks a series its caller manages and that is not cancelled (409 with `cancelledMessage`); anyone else's is a 404. */
export async function lockOpenSeries(tx: Tx, seriesId: number, user: AuthUser, cancelledMessage: string): Promise<SeriesRow> {
  const row = await lockSeries(tx, seriesId);
  if (!canManage(row, user)) throw seriesNotFound();
  if (row.status === 'cancelled') throw new AppError('series_cancelled', cancelledMessage);
  return row;
}

/**
 * The series as the API shows it: what its games are made of (its template), its weeks and its member places. It
 * needs no game: a series planned more than five weeks ahead has none yet, and shows its first date.
 */
export async function toSeriesView(q: Queryable, row: SeriesRow, viewerId: number): Promise<Series> {
  // One after the other: inside a transaction the queries share one connection.
  const [members] = await q
    .select({ value: count() })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, row.id), isNull(seriesMembers.leftAt)));
  const [created] = await q.select({ value: count() }).from(games).where(eq(games.seriesId, row.id));
  const [own] = await q
    .select({ id: seriesMembers.id })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, row.id), eq(seriesMembers.userId, viewerId), isNull(seriesMembers.leftAt)));
  const memberCount = members?.value ?? 0;
  const { template } = row;
  const timeZone = await timeZoneOfState(q, template.stateId);
  return {
    id: row.id,
    name: template.name,
    location: template.location,
    address: template.address,
    price: toReais(template.priceCents),
    totalSlots: template.totalSlots,
    memberSlots: row.memberSlots,
    members: memberCount,
    memberPlacesLeft: Math.max(row.memberSlots - memberCount, 0),
    occurrences: row.occurrences,
    gamesCreated: created?.value ?? 0,
    firstDateTime: row.firstDateTime.toISOString(),
    weekday: weekday(row.firstDateTime, timeZone),
    time: dateAndTimeIn(row.firstDateTime, timeZone).time,
    timeZone,
    visibility: template.visibility,
    usePlatformPayment: template.usePlatformPayment,
    status: row.status,
    cancelReason: row.cancelReason,
    isMember: own !== undefined,
    description: template.description,
    sportId: template.sportId,
    stateId: template.stateId,
    cityId: template.cityId,
  };
}

/**
 * Who may see a series, as a game's page decides it for a game (get-game.ts): its organiser and admins; whoever took
 * part in it (a member, now or before, or registered in one of its games); and, while it is active, anyone when it is
 * public, or, when private, whoever was invited to one of its games or holds the private link of one that is open.
 * To anyone else every series route answers the same 404 as for a series that does not exist.
 */
export async function canSeeSeries(q: Queryable, row: SeriesRow, user: AuthUser, privateLink?: string): Promise<boolean> {
  if (canManage(row, user)) return true;
  const [member] = await q
    .select({ id: seriesMembers.id })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, row.id), eq(seriesMembers.userId, user.id)))
    .limit(1);
  if (member) return true;
  const [registered] = await q
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(games, eq(games.id, registrations.gameId))
    .where(and(eq(games.seriesId, row.id), eq(registrations.userId, user.id)))
    .limit(1);
  if (registered) return true;
  if (row.status !== 'active') return false;
  if (row.template.visibility === 'public') return true;
  const [invited] = await q
    .select({ id: invitations.id })
    .from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId))
    .where(and(eq(games.seriesId, row.id), or(eq(invitations.userId, user.id), eq(invitations.email, user.email))))
    .limit(1);
  if (invited) return true;
  if (!privateLink) return false;
  const [linked] = await q
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.seriesId, row.id), eq(games.privateLink, privateLink), eq(games.state, 'published'), eq(games.status, 'active')))
    .limit(1);
  return linked !== undefined;
}

export async function loadSeriesGames(q: Queryable, seriesId: number, now: Date) {
  const views = await loadUserGames(q, { where: eq(games.seriesId, seriesId), now });
  return views.sort((a, b) => a.dateTime.localeCompare(b.dateTime) || a.id - b.id);
}

/** Series, games and active members, for the organiser (or an admin). */
export async function loadSeriesDetail(q: Queryable, row: SeriesRow, viewer: AuthUser, now: Date): Promise<SeriesDetail> {
  const [view, seriesGames, members] = await Promise.all([
    toSeriesView(q, row, viewer.id),
    loadSeriesGames(q, row.id, now),
    q
      .select({ member: seriesMembers, name: users.name, email: users.email, phone: users.phone })
      .from(seriesMembers)
      .innerJoin(users, eq(users.id, seriesMembers.userId))
      .where(and(eq(seriesMembers.seriesId, row.id), isNull(seriesMembers.leftAt)))
      .orderBy(asc(seriesMembers.joinedAt), asc(seriesMembers.id)),
  ]);
  return {
    series: view,
    games: seriesGames,
    members: members.map(({ member, name, email, phone }) => ({
      id: member.id,
      userId: member.userId,
      name,
      email,
      phone,
      joinedAt: member.joinedAt.toISOString(),
    })),
  };
}

export async function findSeries(q: Queryable, seriesId: number): Promise<SeriesRow | undefined> {
  const [row] = await q.select().from(series).where(eq(series.id, seriesId));
  return row;
}
