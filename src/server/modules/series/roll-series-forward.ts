import { and, eq, lt, sql } from 'drizzle-orm';
import type { ServerContext } from '../../core/context';
import type { Job } from '../../core/jobs';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { createDueGames, lockSeries } from '../../core/series/member-places';
import { games, series } from '../../db/schema';

/** Checked hourly (a run with nothing due reads one small query), so a restart never delays a week by a day. */
export const SERIES_ROLL_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Publishes each active series' weeks that came within five weeks and gives its members their places, one series
 * per transaction under its lock. Safe to run twice or on two instances at once: a week exists once (unique index),
 * and a series already rolled has nothing due. Returns how many games it created.
 */
export async function rollSeriesForward(ctx: ServerContext): Promise<number> {
  const open = await ctx.db
    .select({ id: series.id })
    .from(series)
    .where(
      and(eq(series.status, 'active'), lt(sql`(select count(*) from ${games} where ${games.seriesId} = ${series.id})`, series.occurrences)),
    )
    .orderBy(series.id);
  let created = 0;
  for (const { id } of open) {
    const mails: PendingMail = [];
    created += await ctx.db.transaction(async (tx) => (await createDueGames(tx, ctx, await lockSeries(tx, id), mails)).length);
    await sendPendingMail(ctx, mails);
  }
  return created;
}

export function seriesRollJob(ctx: ServerContext): Job {
  return { name: 'series-roll', intervalMs: SERIES_ROLL_INTERVAL_MS, run: () => rollSeriesForward(ctx) };
}
