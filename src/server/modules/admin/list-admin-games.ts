import { and, asc, desc, eq, gt, ilike, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { ADMIN_GAMES_PAGE_SIZE, type AdminGamesQuery, type AdminGamesReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { countGames } from '../../core/games/game-view';
import { dashboardTotals, games } from '../../db/schema';
import { fromNearerEnd, likePattern, loadAdminGames, pageOf, searchPage } from './admin-views';

/**
 * How many games the list holds. The list as it opens (every game not cancelled) is the dashboard's count of games, kept
 * by the database (migration 0017), rather than a count of years of games on every view; the past ones are that count
 * less the games still ahead, so no view counts the years of finished games one by one.
 */
async function countListed(ctx: ServerContext, query: AdminGamesQuery, where: SQL | undefined, now: Date): Promise<number> {
  if (query.status !== 'active' || query.when === 'upcoming' || query.state) return countGames(ctx.db, where);
  const [row] = await ctx.db.select({ count: sql<number>`coalesce(sum(${dashboardTotals.games}), 0)::int` }).from(dashboardTotals);
  const listed = row?.count ?? 0;
  if (query.when !== 'past') return listed;
  return listed - (await countGames(ctx.db, and(ne(games.status, 'cancelled'), gt(games.dateTime, now))));
}

/**
 * Every game, drafts and private ones included, 20 a page. Cancelled (and deleted) games only show
 * when asked for (`status=cancelled` or `all`). Upcoming games come soonest first; otherwise the
 * latest date first. A page past the middle is read from the end of the list; a search's page and count are read
 * together, counted up to a bound (decision 055).
 */
export async function listAdminGames(ctx: ServerContext, query: AdminGamesQuery): Promise<AdminGamesReply> {
  const now = ctx.clock.now();
  const where = and(
    query.status === 'all' ? undefined : query.status === 'cancelled' ? eq(games.status, 'cancelled') : ne(games.status, 'cancelled'),
    query.when === 'upcoming' ? gt(games.dateTime, now) : query.when === 'past' ? lte(games.dateTime, now) : undefined,
    query.state ? eq(games.state, query.state) : undefined,
    query.search ? or(ilike(games.name, likePattern(query.search)), ilike(games.location, likePattern(query.search))) : undefined,
  );
  const soonestFirst = query.when === 'upcoming';
  const inOrder = (ascending: boolean) => (ascending ? [asc(games.dateTime), asc(games.id)] : [desc(games.dateTime), desc(games.id)]);
  if (query.search) {
    const found = await searchPage(
      ctx.db,
      { table: games, id: games.id, where, order: inOrder(soonestFirst) },
      query.page,
      ADMIN_GAMES_PAGE_SIZE,
    );
    return { games: await loadAdminGames(ctx.db, found.ids, now), ...found.page };
  }
  const { offset, ...page } = pageOf(query.page, ADMIN_GAMES_PAGE_SIZE, await countListed(ctx, query, where, now));
  const seek = fromNearerEnd(offset, ADMIN_GAMES_PAGE_SIZE, page.total);
  const rows = await ctx.db
    .select({ id: games.id })
    .from(games)
    .where(where)
    .orderBy(...inOrder(soonestFirst !== seek.reversed))
    .limit(seek.limit)
    .offset(seek.offset);
  const ids = rows.map((row) => row.id);
  return { games: await loadAdminGames(ctx.db, seek.reversed ? ids.reverse() : ids, now), ...page, moreThanTotal: false };
}
