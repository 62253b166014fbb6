import { desc, eq, or } from 'drizzle-orm';
import type { Series } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { runsGroupIn } from '../../core/groups/group-roles';
import { series } from '../../db/schema';
import { toSeriesView } from './series-view';

/** The series the caller runs (their own, and their turmas' as owner or organiser), newest first. */
export async function listSeries(ctx: ServerContext, user: AuthUser): Promise<Series[]> {
  const rows = await ctx.db
    .select()
    .from(series)
    .where(or(eq(series.creatorId, user.id), runsGroupIn(series.groupId, user.id)))
    .orderBy(desc(series.id));
  return Promise.all(rows.map((row) => toSeriesView(ctx.db, row, user.id)));
}
