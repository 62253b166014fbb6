import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { SeriesReply } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { cancelGame } from '../../core/games/cancel-game';
import { type PendingRefunds, refundAtProvider } from '../../core/games/refund-in-full';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closeSeries } from '../../core/series/close-series';
import { lockUpcomingGames } from '../../core/series/member-places';
import { series } from '../../db/schema';
import { loadSeriesGames, lockOpenSeries, toSeriesView } from './series-view';

/**
 * Cancels a series for good: every game still to come is cancelled as a game cancel does it (every registration
 * refunded in full, players told with the reason), memberships end and no later week is published. A second call
 * waits for the series lock and gets a 409.
 */
export async function cancelSeries(ctx: ServerContext, user: AuthUser, seriesId: number, reason: string): Promise<SeriesReply> {
  const mails: PendingMail = [];
  const refunds: PendingRefunds = [];
  const cancelledGames = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockOpenSeries(tx, seriesId, user, messages.series.alreadyCancelled);
    const upcoming = await lockUpcomingGames(tx, row.id, now);
    for (const game of upcoming) await cancelGame(tx, ctx, game, { reason, mails, refunds, actorId: user.id });
    await closeSeries(tx, row.id, reason, now);
    return upcoming.length;
  });
  await refundAtProvider(ctx, refunds, mails);
  await sendPendingMail(ctx, mails);
  const [row] = await ctx.db.select().from(series).where(eq(series.id, seriesId));
  return {
    message: messages.series.cancelledReply(cancelledGames),
    series: await toSeriesView(ctx.db, row!, user.id),
    games: await loadSeriesGames(ctx.db, seriesId, ctx.clock.now()),
  };
}
