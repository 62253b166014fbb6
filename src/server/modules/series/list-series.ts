import { desc, eq } from 'drizzle-orm';
import type { Series } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { series } from '../../db/schema';
import { toSeriesView } from './series-view';

/** The caller's own series, newest first. */
export async function listSeries(ctx: ServerContext, user: AuthUser): Promise<Series[]> {
  const rows = await ctx.db.select().from(series).where(eq(series.creatorId, user.id)).orderBy(desc(series.id));
  return Promise.all(rows.map((row) => toSeriesView(ctx.db, row, user.id)));
}
