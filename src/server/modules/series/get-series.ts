import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Series, SeriesDetail } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { games, registrations, seriesMembers } from '../../db/schema';
import { canManage, findSeries, loadSeriesDetail, seriesNotFound, toSeriesView } from './series-view';

/** Series, games and members for its organiser or an admin; to anyone else it does not exist. */
export async function getSeries(ctx: ServerContext, user: AuthUser, seriesId: number): Promise<SeriesDetail> {
  const row = await findSeries(ctx.db, seriesId);
  if (!row || !canManage(row, user)) throw seriesNotFound();
  return loadSeriesDetail(ctx.db, row, user, ctx.clock.now());
}

/**
 * What a player needs to become a mensalista (places left, whether they already are one): for a public series, or
 * a private one the player is part of (member, or registered in one of its games).
 */
export async function getSeriesMembership(ctx: ServerContext, user: AuthUser, seriesId: number): Promise<Series> {
  const row = await findSeries(ctx.db, seriesId);
  if (!row) throw seriesNotFound();
  const view = await toSeriesView(ctx.db, row, user.id);
  if (view.visibility === 'public' || view.isMember || canManage(row, user)) return view;
  const [registered] = await ctx.db
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(games, eq(games.id, registrations.gameId))
    .where(and(eq(games.seriesId, row.id), eq(registrations.userId, user.id), ne(registrations.status, 'cancelled')))
    .limit(1);
  if (!registered) throw seriesNotFound();
  return view;
}

export const isActiveMember = (seriesId: number, userId: number) =>
  and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId), isNull(seriesMembers.leftAt));
