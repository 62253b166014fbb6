import { and, asc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { AdminGameDetail, AdminGamePlayer } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { effectiveStatus } from '../../core/games/game-view';
import { registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { loadAdminGames } from './admin-views';

/** One game (cancelled ones too) with who holds a slot and who waits, each with contact and balance. */
export async function getAdminGame(ctx: ServerContext, gameId: number): Promise<AdminGameDetail> {
  const now = ctx.clock.now();
  const [game] = await loadAdminGames(ctx.db, [gameId], now);
  if (!game) throw new AppError('game_not_found', messages.admin.gameNotFound);
  const all = await ctx.db
    .select({ registration: registrations, user: users })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(and(eq(registrations.gameId, gameId), inArray(registrations.status, ['confirmed', 'pending', 'waitlist'])))
    .orderBy(asc(registrations.joinedAt), asc(registrations.id));
  // A hold past its deadline no longer holds a slot, though the sweep may not have cancelled it yet.
  const rows = all.filter((row) => effectiveStatus(row.registration, now) !== 'cancelled');
  let position = 0;
  const toPlayer = ({ registration, user }: (typeof rows)[number]): AdminGamePlayer => ({
    id: user.id,
    registrationId: registration.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    credits: toReais(user.balanceCents),
    status: registration.status,
    paymentType: registration.paymentType,
    paidAmount: toReais(registration.paidCents),
    joinedAt: registration.joinedAt.toISOString(),
    paymentDeadline: registration.status === 'pending' && registration.paymentDeadline ? registration.paymentDeadline.toISOString() : null,
    position: registration.status === 'waitlist' ? (position += 1) : null,
  });
  return {
    ...game,
    players: rows.filter((row) => row.registration.status !== 'waitlist').map(toPlayer),
    waitlist: rows.filter((row) => row.registration.status === 'waitlist').map(toPlayer),
  };
}
