import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { SeriesDetail } from '../../../shared/schemas/series';
import type { AuthUser } from '../../core/context';
import { isGroupMember, runsGroup } from '../../core/groups/group-roles';
import { loadUserGames } from '../../core/games/user-game-view';
import { lockSeries, type SeriesRow } from '../../core/series/member-places';
import { toSeriesView } from '../../core/series/series-view';
import type { Queryable, Tx } from '../../db/open-database';
import { games, invitations, registrations, series, seriesMembers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { messages } from '../../../shared/messages';

export { toSeriesView };

/** Another organiser's series is indistinguishable from a missing one; admins see every series. */
export const seriesNotFound = () => new AppError('series_not_found', messages.series.notFound);

/** Who runs a series: its creator, the owner and organisers of its turma, read now (decision 074), and admins. */
export const canManage = async (q: Queryable, row: SeriesRow, user: AuthUser): Promise<boolean> =>
  row.creatorId === user.id || user.role === 'admin' || (await runsGroup(q, row.groupId, user.id));

/** Locks a series its caller manages and that is not cancelled (409 with `cancelledMessage`); anyone else's is a 404. */
export async function lockOpenSeries(tx: Tx, seriesId: number, user: AuthUser, cancelledMessage: string): Promise<SeriesRow> {
  const row = await lockSeries(tx, seriesId);
  if (!(await canManage(tx, row, user))) throw seriesNotFound();
  if (row.status === 'cancelled') throw new AppError('series_cancelled', cancelledMessage);
  return row;
}

/**
 * Who may see a series, as a game's page decides it for a game (get-game.ts): its organiser and admins; whoever took
 * part in it (a member, now or before, or registered in one of its games); and, while it is active, anyone when it is
 * public, or, when private, whoever was invited to one of its games or holds the private link of one that is open.
 * To anyone else every series route answers the same 404 as for a series that does not exist.
 */
export async function canSeeSeries(q: Queryable, row: SeriesRow, user: AuthUser, privateLink?: string): Promise<boolean> {
  if (await canManage(q, row, user)) return true;
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
  if (row.template.visibility === 'group') return isGroupMember(q, row.groupId, user.id);
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
