import { and, asc, eq } from 'drizzle-orm';
import { toReais } from '../../../shared/money';
import type { GameRegistration, UserGameDetail } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { sweepExpiredPayments } from '../../core/games/expire-pending-payments';
import { loadUserGame, notFound, ownedBy } from '../../core/games/user-game-view';
import { games, registrations, users } from '../../db/schema';
import { displayName } from '../../core/users/display-name';

/** The organiser's view of one game: the game, counts per status and every registration ever made. */
export async function getUserGame(ctx: ServerContext, user: AuthUser, gameId: number): Promise<UserGameDetail> {
  const [own] = await ctx.db.select({ id: games.id }).from(games).where(and(eq(games.id, gameId), ownedBy(user)));
  // Checked before anything runs on the game: someone else's game is just "not found".
  if (!own) throw notFound();
  await sweepExpiredPayments(ctx, gameId);
  const game = await loadUserGame(ctx.db, gameId);

  const rows = await ctx.db
    .select({ registration: registrations, userName: displayName, userEmail: users.email })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.gameId, gameId))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));

  const line = rows
    .map((row) => row.registration)
    .filter((r) => r.status === 'waitlist')
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id - b.id);
  const positionOf = new Map(line.map((r, index) => [r.id, index + 1]));

  const list: GameRegistration[] = rows.map(({ registration: r, userName, userEmail }) => ({
    id: r.id,
    userId: r.userId,
    userName,
    userEmail,
    paymentType: r.paymentType,
    status: r.status,
    paidAmount: toReais(r.paidCents),
    createdAt: r.createdAt.toISOString(),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    waitlistPosition: positionOf.get(r.id) ?? null,
  }));
  const count = (status: GameRegistration['status']) => list.filter((r) => r.status === status).length;
  return {
    game,
    stats: {
      confirmedRegistrations: count('confirmed'),
      pendingRegistrations: count('pending'),
      cancelledRegistrations: count('cancelled'),
      waitlistRegistrations: count('waitlist'),
      availableSlots: game.availableSlots,
    },
    registrations: list,
  };
}
