import { and, asc, desc, eq, gt, ilike, lte, ne, or } from 'drizzle-orm';
import { ADMIN_GAMES_PAGE_SIZE, type AdminGamesQuery, type AdminGamesReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { countGames } from '../../core/games/game-view';
import { games } from '../../db/schema';
import { likePattern, loadAdminGames, pageOf } from './admin-views';

/**
 * Every game, drafts and private ones included, 20 a page. Cancelled (and deleted) games only show
 * when asked for (`status=cancelled` or `all`). Upcoming games come soonest first; otherwise the
 * latest date first.
 */
export async function listAdminGames(ctx: ServerContext, query: AdminGamesQuery): Promise<AdminGamesReply> {
  const now = ctx.clock.now();
  const where = and(
    query.status === 'all' ? undefined : query.status === 'cancelled' ? eq(games.status, 'cancelled') : ne(games.status, 'cancelled'),
    query.when === 'upcoming' ? gt(games.dateTime, now) : query.when === 'past' ? lte(games.dateTime, now) : undefined,
    query.state ? eq(games.state, query.state) : undefined,
    query.search ? or(ilike(games.name, likePattern(query.search)), ilike(games.location, likePattern(query.search))) : undefined,
  );
  const { offset, ...page } = pageOf(query.page, ADMIN_GAMES_PAGE_SIZE, await countGames(ctx.db, where));
  const order = query.when === 'upcoming' ? [asc(games.dateTime), asc(games.id)] : [desc(games.dateTime), desc(games.id)];
  const ids = await ctx.db
    .select({ id: games.id })
    .from(games)
    .where(where)
    .orderBy(...order)
    .limit(ADMIN_GAMES_PAGE_SIZE)
    .offset(offset);
  return {
    games: await loadAdminGames(
      ctx.db,
      ids.map((row) => row.id),
      now,
    ),
    ...page,
  };
}
