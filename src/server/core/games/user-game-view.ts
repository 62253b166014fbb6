import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { UserGame } from '../../../shared/schemas/user-games';
import type { Queryable, Tx } from '../../db/open-database';
import { games } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../context';
import { runsGroupIn } from '../groups/group-roles';
import { type GameViewOptions, loadGameViewsWithRows } from './game-view';
import { type GameRow, lockGameWhere } from './registration-guards';

/** Someone else's game is indistinguishable from a missing one. */
export const notFound = () => new AppError('game_not_found', messages.userGameNotFound);

/**
 * Who may run a game (decision 074): its creator, and the owner and organisers of its turma, read now (a role lost
 * counts from the next request). Everything an organiser does on a game goes through this condition; its money (the
 * earnings and payouts, kept by `creatorId`, the turma's owner) never does. `admins`: administrators too (game day).
 */
export const canRunGame = (user: AuthUser, options: { admins?: boolean } = {}): SQL =>
  options.admins && user.role === 'admin' ? sql`true` : or(eq(games.creatorId, user.id), runsGroupIn(games.groupId, user.id))!;

/**
 * Locks a game the caller runs (canRunGame) for the rest of the transaction (the same lock every slot or money
 * change on a game takes first); anyone else's game is a 404. `scope` widens who may (game day: admins).
 */
export async function lockOwnGame(tx: Tx, gameId: number, user: AuthUser, scope: SQL = canRunGame(user)): Promise<GameRow> {
  const game = await lockGameWhere(tx, and(eq(games.id, gameId), scope));
  if (!game) throw notFound();
  return game;
}

/** Games as their organiser sees them: the public view with the private link and the cancel reason (latest first unless `order` says). */
export async function loadUserGames(
  q: Queryable,
  options: { where: SQL | undefined; now: Date; limit?: number; offset?: number; order?: GameViewOptions['order'] },
): Promise<UserGame[]> {
  const read = await loadGameViewsWithRows(q, { order: 'newest', ...options, revealPrivateLink: true });
  // Added to each view in place (it is this call's own), not copied with its forty fields.
  return read.map(({ view, game }) => Object.assign(view, { privateLink: game.privateLink, cancelReason: game.cancelReason }));
}

export async function loadUserGame(q: Queryable, gameId: number, now: Date): Promise<UserGame> {
  const [game] = await loadUserGames(q, { where: eq(games.id, gameId), now });
  if (!game) throw notFound();
  return game;
}
