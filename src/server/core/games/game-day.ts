import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { presenceWindow } from '../../../shared/rules/presence-window';
import type { Team } from '../../../shared/schemas/games';
import type { Queryable, Tx } from '../../db/open-database';
import { gameWalkIns, games, registrations, teamPlayers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../context';
import { displayName } from '../users/display-name';
import type { GameRow } from './registration-guards';
import { canRunGame, lockOwnGame, notFound } from './user-game-view';

/** Game-day tools (check-in, levels, teams, the spreadsheet) belong to whoever runs the game and to admins. */
export const managedBy = (user: AuthUser): SQL => canRunGame(user, { admins: true });

/** Someone else's game reads as a missing one, as on every organiser route. */
export async function assertManagesGame(q: Queryable, gameId: number, user: AuthUser): Promise<void> {
  const [game] = await q
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.id, gameId), managedBy(user)));
  if (!game) throw notFound();
}

/** Locks the game (as every change to it does first) when the caller may manage it; 404 otherwise. */
export const lockManagedGame = (tx: Tx, gameId: number, user: AuthUser): Promise<GameRow> => lockOwnGame(tx, gameId, user, managedBy(user));

export function assertNotCancelled(game: GameRow): void {
  if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameDay.gameCancelled);
}

/** Presence is marked from 2 hours before the start to 3 days after (decision 029); a level at any time. */
export function assertPresenceWindow(start: Date, now: Date): void {
  const window = presenceWindow(start, now);
  if (window === 'too_early') throw new AppError('check_in_too_early', messages.gameDay.presentTooEarly);
  if (window === 'too_late') throw new AppError('check_in_too_late', messages.gameDay.presentTooLate);
}

/**
 * Every registration of the game, oldest first, with its player's name (as shown: an erased account's is not), e-mail
 * and phone: what whoever runs the game reads of each player on screen and in the spreadsheet.
 */
export function loadRegistrationsWithContacts(q: Queryable, gameId: number) {
  return q
    .select({ registration: registrations, name: displayName, email: users.email, phone: users.phone })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.gameId, gameId))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
}

/** Per player: the games of this organiser in which they were marked absent. */
export async function countNoShows(q: Queryable, organiserId: number, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await q
    .select({ userId: registrations.userId, count: sql<number>`count(distinct ${registrations.gameId})::int` })
    .from(registrations)
    .innerJoin(games, eq(games.id, registrations.gameId))
    .where(and(eq(games.creatorId, organiserId), eq(registrations.present, false), inArray(registrations.userId, userIds)))
    .groupBy(registrations.userId);
  return new Map(rows.map((row) => [row.userId, row.count]));
}

/** The game's last draw, team by team, strongest first; empty before any draw. Walk-ins are drawn like everyone else. */
export async function loadTeams(q: Queryable, gameId: number): Promise<Team[]> {
  const [accounts, walkIns] = await Promise.all([
    q
      .select({ team: teamPlayers.team, id: users.id, name: displayName, level: registrations.level })
      .from(teamPlayers)
      .innerJoin(users, eq(users.id, teamPlayers.userId))
      .leftJoin(
        registrations,
        and(
          eq(registrations.gameId, teamPlayers.gameId),
          eq(registrations.userId, teamPlayers.userId),
          ne(registrations.status, 'cancelled'),
        ),
      )
      .where(eq(teamPlayers.gameId, gameId)),
    q
      .select({ team: teamPlayers.team, id: gameWalkIns.id, name: gameWalkIns.name, level: gameWalkIns.level })
      .from(teamPlayers)
      .innerJoin(gameWalkIns, eq(gameWalkIns.id, teamPlayers.walkInId))
      .where(eq(teamPlayers.gameId, gameId)),
  ]);
  const rows = [...accounts.map((row) => ({ ...row, walkIn: false })), ...walkIns.map((row) => ({ ...row, walkIn: true }))].sort(
    (a, b) =>
      a.team - b.team ||
      (b.level ?? 0) - (a.level ?? 0) ||
      a.name.localeCompare(b.name, 'pt-BR') ||
      Number(a.walkIn) - Number(b.walkIn) ||
      a.id - b.id,
  );
  const teams = new Map<number, Team>();
  for (const { team, ...player } of rows) {
    let entry = teams.get(team);
    if (!entry) teams.set(team, (entry = { name: messages.gameDay.teamName(team), players: [] }));
    entry.players.push(player);
  }
  return [...teams.values()];
}

/** What an erased account leaves of game day: no presence, level or team (decision 029). */
export async function eraseGameDayData(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(registrations)
    .set({ present: null, level: null })
    .where(and(eq(registrations.userId, userId), or(sql`${registrations.present} is not null`, sql`${registrations.level} is not null`)));
  await tx.delete(teamPlayers).where(eq(teamPlayers.userId, userId));
}
