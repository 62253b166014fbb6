import { and, eq, isNull } from 'drizzle-orm';
import { toReais } from '../../../shared/money';
import { memberPaymentDeadline } from '../../../shared/rules/weekly-series';
import type { SeriesDetail, SeriesMembership } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { loadPlaces } from '../../core/games/places';
import { upcomingGames } from '../../core/series/member-places';
import { seriesMembers } from '../../db/schema';
import { canManage, canSeeSeries, findSeries, loadSeriesDetail, seriesNotFound, toSeriesView } from './series-view';

/** Series, games and members for its organiser or an admin; to anyone else it does not exist. */
export async function getSeries(ctx: ServerContext, user: AuthUser, seriesId: number): Promise<SeriesDetail> {
  const row = await findSeries(ctx.db, seriesId);
  if (!row || !(await canManage(ctx.db, row, user))) throw seriesNotFound();
  return loadSeriesDetail(ctx.db, row, user, ctx.clock.now());
}

/**
 * What a player needs to become a mensalista (places left, whether they already are one, and what joining costs
 * now: the published weeks, each one's price, deadline and whether it has a place for a new member), for whoever may
 * see the series (canSeeSeries); to anyone else it does not exist.
 */
export async function getSeriesMembership(ctx: ServerContext, user: AuthUser, seriesId: number): Promise<SeriesMembership> {
  const now = ctx.clock.now();
  const row = await findSeries(ctx.db, seriesId);
  if (!row || !(await canSeeSeries(ctx.db, row, user))) throw seriesNotFound();
  const view = await toSeriesView(ctx.db, row, user.id);
  const weeks: SeriesMembership['weeks'] = [];
  // The weeks joinSeries would place a member in (a week made private on its own is left out: it asks for more).
  const published = (await upcomingGames(ctx.db, row.id, now)).filter(
    (game) => game.state === 'published' && (game.visibility === 'public' || row.template.visibility === game.visibility),
  );
  for (const game of published) {
    weeks.push({
      gameId: game.id,
      dateTime: game.dateTime.toISOString(),
      price: toReais(game.priceCents),
      usePlatformPayment: game.usePlatformPayment,
      paymentDeadline: memberPaymentDeadline(game.dateTime, now, ctx.payments.holdMinutes).toISOString(),
      hasPlace: (await loadPlaces(ctx.db, game.id, now)).forMembers > 0,
    });
  }
  return { ...view, weeks };
}

export const isActiveMember = (seriesId: number, userId: number) =>
  and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId), isNull(seriesMembers.leftAt));
