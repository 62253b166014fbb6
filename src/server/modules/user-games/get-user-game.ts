import { toReais } from '../../../shared/money';
import { registrationCounts } from '../../../shared/rules/registration-counts';
import type { GameRegistration, UserGameDetail } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertManagesGame, countNoShows, loadRegistrationsWithContacts, loadTeams } from '../../core/games/game-day';
import { effectiveStatus } from '../../core/games/game-view';
import { loadUserGame } from '../../core/games/user-game-view';
import { listWalkIns } from '../../core/games/walk-ins';
import type { registrations } from '../../db/schema';

/**
 * The organiser's view of one game (admins see it too, for game day): the game, counts per status, every
 * registration ever made with the player's e-mail and phone, check-in, level and no-shows with this organiser, and the teams.
 */
export async function getUserGame(ctx: ServerContext, user: AuthUser, gameId: number): Promise<UserGameDetail> {
  // Checked before anything runs on the game: someone else's game is just "not found".
  await assertManagesGame(ctx.db, gameId, user);
  const now = ctx.clock.now();
  const game = await loadUserGame(ctx.db, gameId, now);

  const rows = await loadRegistrationsWithContacts(ctx.db, gameId);

  // Holds past their deadline read as the cancellations the sweep will write.
  const current = rows.map(({ registration, ...row }) => ({ ...row, registration: asOf(registration, now) }));
  const line = current
    .map((row) => row.registration)
    .filter((r) => r.status === 'waitlist')
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id - b.id);
  const positionOf = new Map(line.map((r, index) => [r.id, index + 1]));
  const [noShows, teams, walkIns] = await Promise.all([
    countNoShows(ctx.db, game.creator.id, [...new Set(rows.map((row) => row.registration.userId))]),
    loadTeams(ctx.db, gameId),
    listWalkIns(ctx.db, gameId),
  ]);

  const list: GameRegistration[] = current.map(({ registration: r, name, email, phone }) => ({
    id: r.id,
    userId: r.userId,
    userName: name,
    userEmail: email,
    // Asked of every player "para o organizador" (spec: players §3): this game's organiser and the admins read it here.
    userPhone: phone,
    paymentType: r.paymentType,
    status: r.status,
    paidAmount: toReais(r.paidCents),
    createdAt: r.createdAt.toISOString(),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    leftWaitlist: r.status === 'cancelled' && r.cancelledFrom === 'waitlist',
    waitlistPosition: positionOf.get(r.id) ?? null,
    present: r.present,
    level: r.level,
    noShows: noShows.get(r.userId) ?? 0,
  }));
  return {
    game,
    stats: { ...registrationCounts(list), availableSlots: game.availableSlots },
    walkIns,
    registrations: list,
    teams,
  };
}

/** A registration as it stands at `now`: an expired hold is cancelled at its deadline. */
function asOf(registration: typeof registrations.$inferSelect, now: Date): typeof registrations.$inferSelect {
  const status = effectiveStatus(registration, now);
  if (status === registration.status) return registration;
  return { ...registration, status, cancelledFrom: 'pending', cancelledAt: registration.paymentDeadline };
}
