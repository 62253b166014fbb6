import { and, eq, gt, lte, ne, type SQL } from 'drizzle-orm';
import type { ListUserGamesQuery, UserGame, UserGamesFilter } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { countGames } from '../../core/games/game-view';
import { loadUserGames, ownedBy } from '../../core/games/user-game-view';
import { games } from '../../db/schema';

/**
 * The my-games filters (organisers §4). "published" and "draft" leave cancelled games out: in this
 * system every game that is not cancelled is `active`, so the spec's "or active status" would make
 * "published" list drafts too.
 */
function filterWhere(filter: UserGamesFilter, now: Date): SQL | undefined {
  const notCancelled = ne(games.status, 'cancelled');
  switch (filter) {
    case 'all':
      return undefined;
    case 'draft':
      return and(eq(games.state, 'draft'), notCancelled);
    case 'published':
      return and(eq(games.state, 'published'), notCancelled);
    case 'active':
      return and(eq(games.state, 'published'), notCancelled, gt(games.dateTime, now));
    case 'finished':
      return and(notCancelled, lte(games.dateTime, now));
    case 'cancelled':
      return eq(games.status, 'cancelled');
  }
}

/** The caller's own games, today's and the next first, then the past ones (the most recent first), filtered and paged. */
export async function listUserGames(
  ctx: ServerContext,
  user: AuthUser,
  query: ListUserGamesQuery,
): Promise<{ games: UserGame[]; total: number }> {
  const now = ctx.clock.now();
  const where = and(ownedBy(user), filterWhere(query.filter, now));
  const [page, total] = await Promise.all([
    loadUserGames(ctx.db, { where, now, limit: query.limit, offset: query.offset, order: 'organiser' }),
    countGames(ctx.db, where),
  ]);
  return { games: page, total };
}
