import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { isFuture } from '../../../shared/rules/game-timing';
import { gameChangeNotice } from '../../db/change-feed';
import type { Tx } from '../../db/open-database';
import { games, invitations, registrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../context';
import { SLOT_HOLDING } from './game-view';

export type GameRow = typeof games.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;

/**
 * Locks the row of the game `where` picks for the rest of the transaction, and announces the game on the
 * change feed: whoever watches its places hears it once the transaction commits (nothing if it rolls back).
 * Every lock of a game goes through here, since every change of its slots or line takes one first.
 */
export async function lockGameWhere(tx: Tx, where: SQL | undefined): Promise<GameRow | undefined> {
  const [game] = await tx.select().from(games).where(where).for('update');
  if (game) await tx.execute(gameChangeNotice(game.id));
  return game;
}

/**
 * Locks the game's row for the rest of the transaction. Every use case that changes slots starts
 * here, so they run one at a time per game (and always lock the game before any user: no deadlocks).
 */
export async function lockGame(tx: Tx, gameId: number): Promise<GameRow> {
  const game = await lockGameWhere(tx, eq(games.id, gameId));
  if (!game) throw new AppError('not_found', messages.gameNotAvailable);
  return game;
}

/** Published, active and not yet started; a draft looks like a missing game. */
export function assertOpenForRegistration(game: GameRow, now: Date): void {
  if (game.state !== 'published') throw new AppError('not_found', messages.gameNotAvailable);
  if (game.status === 'cancelled') throw new AppError('conflict', messages.gameCancelled);
  if (!isFuture(game.dateTime, now)) throw new AppError('conflict', messages.gameAlreadyStarted);
}

/**
 * A private game is reachable by its creator, by whoever presents its link or was invited, and by
 * someone already registered; to anyone else it does not exist.
 */
export async function assertCanReachGame(tx: Tx, game: GameRow, user: AuthUser, privateLink: string | undefined) {
  if (game.visibility === 'public' || game.creatorId === user.id || privateLink === game.privateLink) return;
  const [invited] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.gameId, game.id), or(eq(invitations.userId, user.id), eq(invitations.email, user.email))))
    .limit(1);
  if (invited) return;
  const [registered] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.gameId, game.id), eq(registrations.userId, user.id)))
    .limit(1);
  if (!registered) throw new AppError('not_found', messages.gameNotAvailable);
}

export function assertHasPhone(user: AuthUser): void {
  if (!user.phone) throw new AppError('bad_request', messages.phoneRequiredToApply, { phone: messages.phoneRequiredToApply });
}

/** The user's confirmed, pending or waitlisted registration in the game, if any. */
export async function findLiveRegistration(tx: Tx, gameId: number, userId: number): Promise<RegistrationRow | undefined> {
  const [live] = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, userId), ne(registrations.status, 'cancelled')));
  return live;
}

export async function countOccupiedSlots(tx: Tx, gameId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.gameId, gameId), inArray(registrations.status, [...SLOT_HOLDING])));
  return row?.count ?? 0;
}

/**
 * The columns that cancel a live registration, remembering what it was (a player who was only in
 * line left the waitlist; they never held a place). Any slot it held is free afterwards.
 */
export function cancelledFields(registration: RegistrationRow, now: Date) {
  if (registration.status === 'cancelled') throw new Error(`registration ${registration.id} is already cancelled`);
  return { status: 'cancelled' as const, cancelledFrom: registration.status, cancelledAt: now, paymentDeadline: null, updatedAt: now };
}
