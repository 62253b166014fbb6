import { desc, eq, inArray } from 'drizzle-orm';
import { dateAndTimeIn, TIME_ZONE } from '../../../shared/dates';
import { toReais } from '../../../shared/money';
import type { GameChange, GameEventAction, GameHistoryEntry } from '../../../shared/schemas/game-history';
import type { Queryable, Tx } from '../../db/open-database';
import { gameEvents, games, type StoredGameEventDetails, users } from '../../db/schema';
import type { AuthUser } from '../context';
import { displayName } from '../users/display-name';
import type { GameRow, RegistrationRow } from './registration-guards';

export type GameEvent = {
  gameId: number;
  /** Who did it; null for the system (the line moving, a deadline passing, a series rolling forward, a provider's word). */
  actorId: number | null;
  action: GameEventAction;
  details?: StoredGameEventDetails;
  /** The clock's now, as the change itself reads it. */
  at: Date;
};

/**
 * Writes what happened to a game into its history (decision 075). Every change of a game, its players, its walk-ins
 * and its money calls it inside the transaction that makes the change, so the history holds what committed and
 * nothing else. The one other writer is the fast apply's statement (modules/games/fast-apply.ts), which inserts the
 * same `player_joined` row in SQL.
 */
export async function recordGameEvent(tx: Tx, event: GameEvent): Promise<void> {
  await tx.insert(gameEvents).values({
    gameId: event.gameId,
    actorId: event.actorId,
    action: event.action,
    details: event.details ?? {},
    at: event.at,
  });
}

/** Where a live registration was (its place or the line), as a leaving or a removal records it. */
export const placeOf = (registration: Pick<RegistrationRow, 'status'>): StoredGameEventDetails['from'] =>
  registration.status === 'cancelled' ? undefined : registration.status;

/** `byAdmin` when an administrator acted on someone else's game (game day, walk-ins, the admin area). */
export const asAdmin = (game: Pick<GameRow, 'creatorId'>, user: Pick<AuthUser, 'id' | 'role'>): StoredGameEventDetails =>
  user.role === 'admin' && game.creatorId !== user.id ? { byAdmin: true } : {};

type Edited = Pick<
  GameRow,
  | 'name'
  | 'location'
  | 'address'
  | 'dateTime'
  | 'timeZone'
  | 'priceCents'
  | 'totalSlots'
  | 'description'
  | 'visibility'
  | 'usePlatformPayment'
  | 'sportId'
  | 'stateId'
  | 'cityId'
>;

/**
 * What an edit changed, field by field, with the value before and after: the date and the time apart, each on the
 * game's own clocks (a moved game is "de 19:00 para 20:00"), the price in centavos; the description, sport, state and
 * city by name only.
 */
export function gameChanges(before: Edited, after: Edited): GameChange[] {
  const changes: GameChange[] = [];
  const compare = (field: GameChange['field'], from: string | number | boolean, to: string | number | boolean) => {
    if (from !== to) changes.push({ field, from, to });
  };
  const named = (field: GameChange['field'], from: unknown, to: unknown) => {
    if (from !== to) changes.push({ field, from: null, to: null });
  };
  compare('name', before.name, after.name);
  compare('location', before.location, after.location);
  compare('address', before.address, after.address);
  const was = dateAndTimeIn(before.dateTime, before.timeZone);
  const is = dateAndTimeIn(after.dateTime, after.timeZone);
  compare('date', was.date, is.date);
  compare('time', was.time, is.time);
  compare('price', before.priceCents, after.priceCents);
  compare('totalSlots', before.totalSlots, after.totalSlots);
  named('description', before.description, after.description);
  compare('visibility', before.visibility, after.visibility);
  compare('usePlatformPayment', before.usePlatformPayment, after.usePlatformPayment);
  named('sport', before.sportId, after.sportId);
  named('state', before.stateId, after.stateId);
  named('city', before.cityId, after.cityId);
  return changes;
}

/** A stored entry's details as the reply says them: the player by name (read now), money in reais. */
function replyDetails(stored: StoredGameEventDetails, names: Map<number, string>): GameHistoryEntry['details'] {
  const { playerId, cents, changes, ...rest } = stored;
  return {
    ...rest,
    ...(playerId !== undefined && { player: { id: playerId, name: names.get(playerId) ?? '' } }),
    ...(cents !== undefined && { amount: toReais(cents) }),
    ...(changes && {
      changes: changes.map((change) =>
        change.field === 'price'
          ? {
              ...change,
              from: change.from === null ? null : toReais(Number(change.from)),
              to: change.to === null ? null : toReais(Number(change.to)),
            }
          : change,
      ),
    }),
  };
}

/** A game's history, newest first, with the names of the people in it as they are now (an erased account's is gone). */
export async function loadGameHistory(q: Queryable, gameId: number): Promise<{ timeZone: string; entries: GameHistoryEntry[] }> {
  const [game] = await q.select({ timeZone: games.timeZone }).from(games).where(eq(games.id, gameId));
  const rows = await q
    .select({ at: gameEvents.at, actorId: gameEvents.actorId, action: gameEvents.action, details: gameEvents.details })
    .from(gameEvents)
    .where(eq(gameEvents.gameId, gameId))
    .orderBy(desc(gameEvents.at), desc(gameEvents.id));
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.actorId !== null) ids.add(row.actorId);
    if (row.details.playerId !== undefined) ids.add(row.details.playerId);
  }
  const people =
    ids.size === 0
      ? []
      : await q
          .select({ id: users.id, name: displayName })
          .from(users)
          .where(inArray(users.id, [...ids]));
  const names = new Map(people.map((person) => [person.id, person.name]));
  return {
    timeZone: game?.timeZone ?? TIME_ZONE,
    entries: rows.map((row) => ({
      at: row.at.toISOString(),
      actor: row.actorId === null ? null : { id: row.actorId, name: names.get(row.actorId) ?? '' },
      action: row.action,
      details: replyDetails(row.details, names),
    })),
  };
}
