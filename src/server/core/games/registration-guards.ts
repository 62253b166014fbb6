import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { isFuture } from '../../../shared/rules/game-timing';
import { gameChangeNotice } from '../../db/change-feed';
import type { Queryable, Tx } from '../../db/open-database';
import { games, invitations, registrations, series } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../context';
import { isGroupMember } from '../groups/group-roles';

export type GameRow = typeof games.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;

/**
 * Locks, in id order, the weekly series of the games `where` picks and the series in `alsoSeries`: a series is locked
 * before any of its games (decision 027), whichever use case reaches the game. A game's series never changes, so
 * finding it takes no lock; a game of no series locks nothing here. Locking a series the transaction holds is free.
 */
async function lockSeriesOfGames(tx: Tx, where: SQL | undefined, alsoSeries: number[] = []): Promise<void> {
  const ofGames = inArray(series.id, tx.select({ id: games.seriesId }).from(games).where(where));
  await tx
    .select({ id: series.id })
    .from(series)
    .where(alsoSeries.length > 0 ? or(ofGames, inArray(series.id, alsoSeries)) : ofGames)
    .orderBy(asc(series.id))
    .for('no key update');
}

/**
 * Locks the row of the game `where` picks for the rest of the transaction (after its series, if it has one), and
 * announces the game on the change feed: whoever watches its places hears it once the transaction commits (nothing if
 * it rolls back). Every lock of a game goes through here or lockGames, since every change of its slots or line takes one first.
 */
export async function lockGameWhere(tx: Tx, where: SQL | undefined): Promise<GameRow | undefined> {
  await lockSeriesOfGames(tx, where);
  const [game] = await tx.select().from(games).where(where).for('no key update');
  if (game) await tx.execute(gameChangeNotice(game.id));
  return game;
}

/**
 * Locks the game's row for the rest of the transaction. Every use case that changes slots starts
 * here, so they run one at a time per game. The order is the same everywhere, so no two transactions
 * wait for each other: a series, then its games (in id order), then users. The lock is FOR NO KEY UPDATE, as every
 * lock of a game or series is (decision 051): it excludes the others, but not a row written elsewhere that merely
 * names the game (a reminder's notification holds the game's KEY SHARE lock until its transaction ends).
 */
export async function lockGame(tx: Tx, gameId: number): Promise<GameRow> {
  const game = await lockGameWhere(tx, eq(games.id, gameId));
  if (!game) throw new AppError('game_not_found', messages.gameNotAvailable);
  return game;
}

/**
 * Locks several games at once, in that order too: their series and the series in `alsoSeries` first (in id order),
 * then the games in id order, before the caller touches any user. For use cases that change many games in one
 * transaction (a series' members, its edit and cancel, an account's deletion). Returns the games in id order.
 */
export async function lockGames(tx: Tx, gameIds: number[], alsoSeries: number[] = []): Promise<GameRow[]> {
  if (gameIds.length === 0 && alsoSeries.length === 0) return [];
  await lockSeriesOfGames(tx, gameIds.length > 0 ? inArray(games.id, gameIds) : sql`false`, alsoSeries);
  if (gameIds.length === 0) return [];
  const locked = await tx.select().from(games).where(inArray(games.id, gameIds)).orderBy(asc(games.id)).for('no key update');
  for (const game of locked) await tx.execute(gameChangeNotice(game.id));
  return locked;
}

/** Published, active and not yet started; a draft looks like a missing game. */
export function assertOpenForRegistration(game: GameRow, now: Date): void {
  if (game.state !== 'published') throw new AppError('game_not_found', messages.gameNotAvailable);
  if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameCancelled);
  if (!isFuture(game.dateTime, now)) throw new AppError('game_started', messages.gameAlreadyStarted);
}

/** Whether the user was invited to the game (by account or by e-mail). */
export async function isInvitedTo(q: Queryable, gameId: number, user: Pick<AuthUser, 'id' | 'email'>): Promise<boolean> {
  const [invited] = await q
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.gameId, gameId), or(eq(invitations.userId, user.id), eq(invitations.email, user.email))))
    .limit(1);
  return invited !== undefined;
}

/**
 * A private game is reachable by its creator, by whoever presents its link or was invited, and by
 * someone already registered; a turma's game (visibility `group`) by the turma's members and whoever is registered;
 * to anyone else it does not exist.
 */
export async function assertCanReachGame(tx: Tx, game: GameRow, user: AuthUser, privateLink: string | undefined) {
  if (game.visibility === 'public' || game.creatorId === user.id) return;
  // A turma's game is for its members (decision 074): its link and an invitation open it to nobody else.
  if (game.visibility === 'group') {
    if (await isGroupMember(tx, game.groupId, user.id)) return;
  } else if (privateLink === game.privateLink || (await isInvitedTo(tx, game.id, user))) return;
  const [registered] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.gameId, game.id), eq(registrations.userId, user.id)))
    .limit(1);
  if (!registered) throw new AppError('game_not_found', messages.gameNotAvailable);
}

export function assertHasPhone(user: AuthUser): void {
  if (!user.phone) throw new AppError('phone_required', messages.phoneRequiredToApply, { phone: messages.phoneRequiredToApply });
}

/** The user's confirmed, pending or waitlisted registration in the game, if any. */
export async function findLiveRegistration(tx: Tx, gameId: number, userId: number): Promise<RegistrationRow | undefined> {
  const [live] = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, userId), ne(registrations.status, 'cancelled')));
  return live;
}

/**
 * The columns that cancel a live registration, remembering what it was (a player who was only in
 * line left the waitlist; they never held a place). Any slot it held is free afterwards.
 */
export function cancelledFields(registration: RegistrationRow, now: Date) {
  if (registration.status === 'cancelled') throw new Error(`registration ${registration.id} is already cancelled`);
  return { status: 'cancelled' as const, cancelledFrom: registration.status, cancelledAt: now, paymentDeadline: null, updatedAt: now };
}
