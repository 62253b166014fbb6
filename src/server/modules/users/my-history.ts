import { and, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { HISTORY_PAGE_SIZE, type HistoryGame, type HistoryReply } from '../../../shared/schemas/users';
import type { AuthUser, ServerContext } from '../../core/context';
import { leftTheLine, loadGameViewsWithRows } from '../../core/games/game-view';
import { games, registrations } from '../../db/schema';

/** The cursor of the page after `game`: its start in ms and its id, the order the history is read in. */
function cursorAfter(game: { dateTime: string; id: number }): string {
  return `${Date.parse(game.dateTime)}.${game.id}`;
}

/** The games read after `cursor`'s, in the history's order: an earlier start, or the same start and a lower id. */
function before(cursor: string): SQL {
  const [startMs, id] = cursor.split('.').map(Number);
  return sql`(${registrations.gameDateTime}, ${registrations.gameId}) < (${new Date(startMs!).toISOString()}::timestamptz, ${id})`;
}

/**
 * A page of the games the player signed up for that have started, latest first, with their last registration on
 * each. Paged by the last game's (start, id), so a deep page costs what the first does (decision 052); `/users/me`
 * keeps the current and recent ones.
 */
export async function getMyHistory(ctx: ServerContext, user: AuthUser, cursor: string | undefined): Promise<HistoryReply> {
  const now = ctx.clock.now();
  // The page's games, read backwards along the index on (user, game start, game): a deep page costs what the first does.
  const ids = await ctx.db
    .selectDistinct({ start: registrations.gameDateTime, gameId: registrations.gameId })
    .from(registrations)
    .where(and(eq(registrations.userId, user.id), lte(registrations.gameDateTime, now), cursor ? before(cursor) : undefined))
    .orderBy(desc(registrations.gameDateTime), desc(registrations.gameId))
    .limit(HISTORY_PAGE_SIZE + 1);
  if (ids.length === 0) return { games: [], next: null };
  const read = await loadGameViewsWithRows(ctx.db, {
    where: inArray(
      games.id,
      ids.map((row) => row.gameId),
    ),
    now,
    viewerId: user.id,
    order: 'newest',
  });
  const page = read.slice(0, HISTORY_PAGE_SIZE);
  const played: HistoryGame[] = page.flatMap(({ view: game, viewer }) =>
    game.registrationType ? [{ ...game, registrationType: game.registrationType, leftWaitlist: leftTheLine(viewer) }] : [],
  );
  const last = page.at(-1)?.view;
  return { games: played, next: read.length > HISTORY_PAGE_SIZE && last ? cursorAfter(last) : null };
}
