import { and, eq, gt, gte, ilike, lt, sql } from 'drizzle-orm';
import { saoPauloDayRange } from '../../../shared/dates';
import { listingCutoff } from '../../../shared/rules/game-timing';
import type { Game, ListGamesQuery } from '../../../shared/schemas/games';
import type { ServerContext } from '../../core/context';
import { countGames, loadGameViews } from '../../core/games/game-view';
import { games } from '../../db/schema';

/** `%`, `_` and `\` typed by the user are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// Brazil's clocks are at most three hours from São Paulo's: the São Paulo day widened by that holds every game of the
// day wherever it is, and keeps the date index useful before each game's own day is compared.
const ZONE_SLACK_MS = 3 * 60 * 60 * 1000;

/** Games on `day` on the clocks of their own place. */
function onDay(day: string) {
  const { start, end } = saoPauloDayRange(day);
  return and(
    gte(games.dateTime, new Date(start.getTime() - ZONE_SLACK_MS)),
    lt(games.dateTime, new Date(end.getTime() + ZONE_SLACK_MS)),
    sql`to_char(${games.dateTime} at time zone ${games.timeZone}, 'YYYY-MM-DD') = ${day}`,
  );
}

/**
 * The public list as anyone sees it: published, public, not cancelled and not started yet (a game that has started is
 * no one's to join, so it is listed and counted as open to no one), by date; filtered, and paged so the reply stays
 * small however many games there are. The cancelled list (`status=cancelled`) keeps the spec's games from 24 hours
 * ago on. With `viewerId`, each game has that caller's own fields too.
 */
export async function listGames(ctx: ServerContext, query: ListGamesQuery, viewerId?: number): Promise<{ games: Game[]; total: number }> {
  const now = ctx.clock.now();
  // The spec's `privateLink` filter: the game with that link (any visibility, as its link opens it), else nothing.
  const where = and(
    eq(games.state, 'published'),
    query.privateLink === undefined ? eq(games.visibility, 'public') : eq(games.privateLink, query.privateLink),
    eq(games.status, query.status ?? 'active'),
    query.status === 'cancelled' ? gte(games.dateTime, listingCutoff(now)) : gt(games.dateTime, now),
    query.sportId === undefined ? undefined : eq(games.sportId, query.sportId),
    query.stateId === undefined ? undefined : eq(games.stateId, query.stateId),
    query.cityId === undefined ? undefined : eq(games.cityId, query.cityId),
    query.date ? onDay(query.date) : undefined,
    query.location ? ilike(games.location, `%${escapeLike(query.location)}%`) : undefined,
  );
  const [page, total] = await Promise.all([
    loadGameViews(ctx.db, { where, now, viewerId, limit: query.limit, offset: query.offset }),
    countGames(ctx.db, where),
  ]);
  return { games: page, total };
}
