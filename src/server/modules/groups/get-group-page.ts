import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Game } from '../../../shared/schemas/games';
import type { GroupPage } from '../../../shared/schemas/groups';
import type { AuthUser, ServerContext } from '../../core/context';
import { loadGameViews } from '../../core/games/game-view';
import { groupNotFound } from '../../core/groups/group-games';
import { membershipOf } from '../../core/groups/group-roles';
import { inviteUrlOf, toGroupView } from '../../core/groups/group-view';
import { games, groups, series } from '../../db/schema';
import { toSeriesView } from '../../core/series/series-view';
import { canSeeGroup, isMember, myRoleIn, runs } from './find-group';

/** How many upcoming games a turma's page lists. */
const UPCOMING_GAMES = 20;

/**
 * A turma's page by its slug, for anyone who may see it (a private one only for its members and whoever holds its
 * join link; administrators see all): the turma, the caller's role (and whether a member muted it), the join link for its owner and organisers, its
 * next published games (those only for members to members) and its active series. Anyone else gets the 404 of a
 * missing turma.
 */
export async function getGroupPage(
  ctx: ServerContext,
  slug: string,
  viewer: AuthUser | undefined,
  inviteToken?: string,
): Promise<GroupPage> {
  const [row] = await ctx.db.select().from(groups).where(eq(groups.slug, slug));
  if (!row) throw groupNotFound();
  const myRole = await myRoleIn(ctx.db, row.id, viewer);
  // The join link opens the page of a private turma to whoever holds it (what they join by).
  if (!canSeeGroup(row, myRole, viewer) && inviteToken !== row.inviteToken) throw groupNotFound();
  const now = ctx.clock.now();
  const member = isMember(myRole) || viewer?.role === 'admin';
  const upcomingGames: Game[] = await loadGameViews(ctx.db, {
    where: and(
      eq(games.groupId, row.id),
      eq(games.state, 'published'),
      eq(games.status, 'active'),
      gt(games.dateTime, now),
      member ? ne(games.visibility, 'private') : eq(games.visibility, 'public'),
    ),
    now,
    viewerId: viewer?.id,
    order: 'soonest',
    limit: UPCOMING_GAMES,
  });
  const seriesRows = await ctx.db
    .select()
    .from(series)
    .where(
      and(
        eq(series.groupId, row.id),
        eq(series.status, 'active'),
        member ? sql`${series.template}->>'visibility' <> 'private'` : sql`${series.template}->>'visibility' = 'public'`,
      ),
    )
    .orderBy(asc(series.firstDateTime), asc(series.id));
  const seriesViews = [];
  for (const one of seriesRows) seriesViews.push(await toSeriesView(ctx.db, one, viewer?.id ?? 0));
  return {
    group: await toGroupView(ctx.db, row),
    myRole,
    muted: viewer !== undefined && isMember(myRole) && (await membershipOf(ctx.db, row.id, viewer.id))?.muted === true,
    inviteUrl: runs(myRole) ? inviteUrlOf(ctx.config.publicUrl, row) : null,
    upcomingGames,
    series: seriesViews,
  };
}
