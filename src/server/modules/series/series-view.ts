import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { saoPauloDateAndTime, TIME_ZONE } from '../../../shared/dates';
import { toReais } from '../../../shared/money';
import type { Series, SeriesDetail } from '../../../shared/schemas/series';
import type { AuthUser } from '../../core/context';
import { loadUserGames } from '../../core/games/user-game-view';
import { lockSeries, type SeriesRow } from '../../core/series/member-places';
import type { Queryable, Tx } from '../../db/open-database';
import { games, series, seriesMembers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { messages } from '../../../shared/messages';

const weekdays = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, weekday: 'long' });

/** Another organiser's series is indistinguishable from a missing one; admins see every series. */
export const seriesNotFound = () => new AppError('not_found', messages.series.notFound);

export const canManage = (row: SeriesRow, user: AuthUser) => row.creatorId === user.id || user.role === 'admin';

/** Locks a series its caller manages and that is not cancelled (409 with `cancelledMessage`); anyone else's is a 404. */
export async function lockOpenSeries(tx: Tx, seriesId: number, user: AuthUser, cancelledMessage: string): Promise<SeriesRow> {
  const row = await lockSeries(tx, seriesId);
  if (!canManage(row, user)) throw seriesNotFound();
  if (row.status === 'cancelled') throw new AppError('conflict', cancelledMessage);
  return row;
}

/** The series as the API shows it: what its games are (from the latest one), its weeks and its member places. */
export async function toSeriesView(q: Queryable, row: SeriesRow, viewerId: number): Promise<Series> {
  // One after the other: inside a transaction the queries share one connection.
  const [latest] = await q.select().from(games).where(eq(games.seriesId, row.id)).orderBy(desc(games.seriesWeek)).limit(1);
  const [members] = await q.select({ value: count() }).from(seriesMembers).where(and(eq(seriesMembers.seriesId, row.id), isNull(seriesMembers.leftAt)));
  const [created] = await q.select({ value: count() }).from(games).where(eq(games.seriesId, row.id));
  const [own] = await q
    .select({ id: seriesMembers.id })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, row.id), eq(seriesMembers.userId, viewerId), isNull(seriesMembers.leftAt)));
  const memberCount = members?.value ?? 0;
  return {
    id: row.id,
    name: latest!.name,
    location: latest!.location,
    address: latest!.address,
    price: toReais(latest!.priceCents),
    totalSlots: latest!.totalSlots,
    memberSlots: row.memberSlots,
    members: memberCount,
    memberPlacesLeft: Math.max(row.memberSlots - memberCount, 0),
    occurrences: row.occurrences,
    gamesCreated: created?.value ?? 0,
    firstDateTime: row.firstDateTime.toISOString(),
    weekday: weekdays.format(row.firstDateTime),
    time: saoPauloDateAndTime(row.firstDateTime).time,
    visibility: latest!.visibility,
    usePlatformPayment: latest!.usePlatformPayment,
    status: row.status,
    cancelReason: row.cancelReason,
    isMember: own !== undefined,
  };
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
