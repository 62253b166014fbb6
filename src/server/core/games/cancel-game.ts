import { and, asc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { games, registrations, users } from '../../db/schema';
import type { ServerContext } from '../context';
import type { PendingMail } from '../notifications/notify';
import { closePendingCheckouts } from '../payments/close-checkouts';
import { notifyGameCancelled } from './notify-game-update';
import { type PendingRefunds, refundInFull } from './refund-in-full';
import { cancelledFields, type GameRow } from './registration-guards';

export type GameCancelTotals = { registrationsCancelled: number; waitlistCleared: number; creditsRefunded: number };

/**
 * Cancels a game (locked by the caller, not cancelled yet): every confirmed, pending and waitlisted registration is
 * cancelled and refunded in full (card and PIX through `refunds`, after commit), each player gets a notification and
 * an e-mail, and the game keeps the reason. For an organiser's game cancel and a weekly series' cancel, where the
 * players are told the organiser's reason, and for an admin's delete (`adminId`), whose refunds carry the admin and
 * the admin's texts.
 */
export async function cancelGame(
  tx: Tx,
  ctx: ServerContext,
  game: GameRow,
  input: { reason: string; mails: PendingMail; refunds: PendingRefunds; adminId?: number },
): Promise<GameCancelTotals> {
  const now = ctx.clock.now();
  const byAdmin = input.adminId !== undefined;
  const live = await tx
    .select({ registration: registrations, name: users.name, email: users.email })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(and(eq(registrations.gameId, game.id), inArray(registrations.status, ['confirmed', 'pending', 'waitlist'])))
    .orderBy(asc(registrations.id));
  // Checkouts still open for pending holds close with the game: a payment that still comes becomes credits.
  const pending = live.filter(({ registration }) => registration.status === 'pending');
  await closePendingCheckouts(tx, pending.map(({ registration }) => registration.id), now);
  const [cancelled] = await tx
    .update(games)
    .set({ status: 'cancelled', cancelReason: input.reason, updatedAt: now })
    .where(eq(games.id, game.id))
    .returning();

  const totals: GameCancelTotals = { registrationsCancelled: 0, waitlistCleared: 0, creditsRefunded: 0 };
  for (const { registration, name, email } of live) {
    await tx
      .update(registrations)
      .set(cancelledFields(registration, now))
      .where(eq(registrations.id, registration.id));
    // A waitlisted player paid nothing, so their refund is none.
    const refund = await refundInFull(tx, {
      game,
      registration,
      description: byAdmin ? messages.admin.refundDescription(game.name) : `Jogo ${game.name} cancelado pelo organizador`,
      reason: byAdmin ? input.reason : messages.organiserCancellationReason(input.reason),
      adminId: input.adminId,
      refunds: input.refunds,
    });
    if (registration.status === 'waitlist') totals.waitlistCleared += 1;
    else totals.registrationsCancelled += 1;
    if (refund.outcome === 'credits') totals.creditsRefunded += refund.cents;
    await notifyGameCancelled(tx, ctx, input.mails, {
      game: cancelled!,
      to: { id: registration.userId, name, email },
      refund: refund.outcome,
      refundedCents: refund.cents,
      ...(byAdmin ? {} : { reason: input.reason }),
    });
  }
  return totals;
}
