import { and, eq, gt, gte, inArray, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import { endedIfStartedBy } from '../../../shared/rules/game-timing';
import type { ListUserGamesQuery, UserGame, UserGamesFilter } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { countGames } from '../../core/games/game-view';
import { RUNNING_ROLES } from '../../core/groups/group-roles';
import { loadUserGames } from '../../core/games/user-game-view';
import type { Queryable } from '../../db/open-database';
import { games, groupMembers } from '../../db/schema';

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
    // A game in progress is still active ("Em andamento"); it is finished once it ended (gamePhase).
    case 'active':
      return and(eq(games.state, 'published'), notCancelled, gt(games.dateTime, endedIfStartedBy(now)));
    case 'finished':
      return and(notCancelled, lte(games.dateTime, endedIfStartedBy(now)));
    case 'cancelled':
      return eq(games.status, 'cancelled');
  }
}

/**
 * The games the caller runs (`canRunGame`, decision 074) said so that indexes answer a list (decision 073): their own
 * by the organiser's date index, and those of the turmas they run now, named by id (read first, a handful), by the
 * turma's. `canRunGame` asks per game whether its turma is the caller's, right for one game, but over a list the planner
 * read every game of the platform to ask it.
 */
async function gamesRunBy(q: Queryable, user: AuthUser): Promise<SQL> {
  const turmas = await q
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, user.id), eq(groupMembers.status, 'member'), inArray(groupMembers.role, RUNNING_ROLES)));
  const own = eq(games.creatorId, user.id);
  return turmas.length === 0
    ? own
    : or(
        own,
        inArray(
          games.groupId,
          turmas.map((turma) => turma.id),
        ),
      )!;
}

/**
 * Every game whose local day is today or later on its own clock started less than this long before now (a day and
 * its time-zone and daylight-saving shifts, with room): older games are all past ones.
 */
const RECENT_MS = 48 * 60 * 60 * 1000;

/**
 * The caller's own games, today's and the next first, then the past ones (the most recent first), filtered and paged.
 *
 * The order (decision 047) needs each game's local day, which no index holds; sorting every game of the organiser's
 * years to show a page read them all. Only the games of the last two days and ahead can be today's or later, so
 * those are sorted, and the older ones follow in the order of the organiser's date index (decision 060).
 */
export async function listUserGames(
  ctx: ServerContext,
  user: AuthUser,
  query: ListUserGamesQuery,
): Promise<{ games: UserGame[]; total: number }> {
  const now = ctx.clock.now();
  const where = and(await gamesRunBy(ctx.db, user), filterWhere(query.filter, now));
  const cutoff = new Date(now.getTime() - RECENT_MS);
  const recentWhere = and(where, gte(games.dateTime, cutoff));
  const [total, recent] = await Promise.all([countGames(ctx.db, where), countGames(ctx.db, recentWhere)]);
  const { offset, limit } = query;
  const first = offset < recent ? await loadUserGames(ctx.db, { where: recentWhere, now, limit, offset, order: 'organiser' }) : [];
  const left = limit - first.length;
  const older =
    left > 0 && total > recent
      ? await loadUserGames(ctx.db, {
          where: and(where, lt(games.dateTime, cutoff)),
          now,
          limit: left,
          offset: Math.max(0, offset - recent),
          order: 'newest',
        })
      : [];
  return { games: [...first, ...older], total };
}
