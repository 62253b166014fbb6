import { and, eq, isNull } from 'drizzle-orm';
import type { Series, SeriesDetail } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { seriesMembers } from '../../db/schema';
import { canManage, canSeeSeries, findSeries, loadSeriesDetail, seriesNotFound, toSeriesView } from './series-view';

/** Series, games and members for its organiser or an admin; to anyone else it does not exist. */
export async function getSeries(ctx: ServerContext, user: AuthUser, seriesId: number): Promise<SeriesDetail> {
  const row = await findSeries(ctx.db, seriesId);
  if (!row || !canManage(row, user)) throw seriesNotFound();
  return loadSeriesDetail(ctx.db, row, user, ctx.clock.now());
}

/**
 * What a player needs to become a mensalista (places left, whether they already are one), for whoever may see the
 * series (canSeeSeries); to anyone else it does not exist.
 */
export async function getSeriesMembership(ctx: ServerContext, user: AuthUser, seriesId: number): Promise<Series> {
  const row = await findSeries(ctx.db, seriesId);
  if (!row || !(await canSeeSeries(ctx.db, row, user))) throw seriesNotFound();
  return toSeriesView(ctx.db, row, user.id);
}

export const isActiveMember = (seriesId: number, userId: number) =>
  and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId), isNull(seriesMembers.leftAt));
