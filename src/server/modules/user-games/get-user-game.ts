import { and, asc, eq } from 'drizzle-orm';
import { toReais } from '../../../shared/money';
import type { GameRegistration, UserGameDetail } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { effectiveStatus } from '../../core/games/game-view';
import { loadUserGame, notFound, ownedBy } from '../../core/games/user-game-view';
import { games, registrations, users } from '../../db/schema';
import { displayName } from '../../core/users/display-name';

/** The organiser's view of one game: the game, counts per status and every registration ever made. */
export async function getUserGame(ctx: ServerContext, user: AuthUser, gameId: number): Promise<UserGameDetail> {
  const [own] = await ctx.db.select({ id: games.id }).from(games).where(and(eq(games.id, gameId), ownedBy(user)));
  // Checked before anything runs on the game: someone else's game is just "not found".
  if (!own) throw notFound();
  const now = ctx.clock.now();
  const game = await loadUserGame(ctx.db, gameId, now);

  const rows = await ctx.db
    .select({ registration: registrations, userName: displayName, userEmail: users.email })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.gameId, gameId))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));

  // Holds past their deadline read as the cancellations the sweep will write.
  const current = rows.map(({ registration, ...row }) => ({ ...row, registration: asOf(registration, now) }));
  const line = current
    .map((row) => row.registration)
    .filter((r) => r.status === 'waitlist')
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id - b.id);
  const positionOf = new Map(line.map((r, index) => [r.id, index + 1]));

  const list: GameRegistration[] = current.map(({ registration: r, userName, userEmail }) => ({
    id: r.id,
    userId: r.userId,
    userName,
    userEmail,
    paymentType: r.paymentType,
    status: r.status,
    paidAmount: toReais(r.paidCents),
    createdAt: r.createdAt.toISOString(),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    leftWaitlist: r.status === 'cancelled' && r.cancelledFrom === 'waitlist',
    waitlistPosition: positionOf.get(r.id) ?? null,
  }));
  const count = (status: GameRegistration['status']) => list.filter((r) => r.status === status).length;
  return {
    game,
    stats: {
      confirmedRegistrations: count('confirmed'),
      pendingRegistrations: count('pending'),
      cancelledRegistrations: list.filter((r) => r.status === 'cancelled' && !r.leftWaitlist).length,
      waitlistRegistrations: count('waitlist'),
      leftWaitlistRegistrations: list.filter((r) => r.leftWaitlist).length,
      availableSlots: game.availableSlots,
    },
    registrations: list,
  };
}

/** A registration as it stands at `now`: an expired hold is cancelled at its deadline. */
function asOf(registration: typeof registrations.$inferSelect, now: Date): typeof registrations.$inferSelect {
  const status = effectiveStatus(registration, now);
  if (status === registration.status) return registration;
  return { ...registration, status, cancelledAt: registration.paymentDeadline };
}
