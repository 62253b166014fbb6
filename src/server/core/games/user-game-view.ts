import { and, eq, type SQL } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { UserGame } from '../../../shared/schemas/user-games';
import type { Queryable, Tx } from '../../db/open-database';
import { games } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../context';
import { type GameViewOptions, loadGameViewsWithRows } from './game-view';
import { type GameRow, lockGameWhere } from './registration-guards';

/** Someone else's game is indistinguishable from a missing one. */
export const notFound = () => new AppError('game_not_found', messages.userGameNotFound);

export const ownedBy = (user: AuthUser) => eq(games.creatorId, user.id);

/**
 * Locks the caller's own game for the rest of the transaction (the same lock every slot or money
 * change on a game takes first); another user's game is a 404. `scope` widens who may (game day: admins).
 */
export async function lockOwnGame(tx: Tx, gameId: number, user: AuthUser, scope: SQL = ownedBy(user)): Promise<GameRow> {
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
