import { and, asc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { RefundOutcome } from '../../../shared/schemas/games';
import type { Tx } from '../../db/open-database';
import { games, registrations, users } from '../../db/schema';
import type { ServerContext } from '../context';
import type { PendingMail } from '../notifications/notify';
import { closePendingCheckouts } from '../payments/close-checkouts';
import type { PaymentRow } from '../payments/payment-records';
import { placeOf, recordGameEvent } from './game-history';
import { notifyGameCancelled } from './notify-game-update';
import { type PendingRefunds, refundInFull } from './refund-in-full';
import { cancelledFields, type GameRow, type RegistrationRow } from './registration-guards';

/** `refunded`: the registrations given money back (credits at once, card or PIX through the provider), not those that paid nothing. */
export type GameCancelTotals = { registrationsCancelled: number; waitlistCleared: number; creditsRefunded: number; refunded: number };

/** A live registration (confirmed, pending or in line) with the player to tell. */
export type LiveRegistration = { registration: RegistrationRow; name: string; email: string };

/** The game's confirmed, pending and waitlisted registrations, with their players, in the order they were made. */
export async function liveRegistrationsOf(tx: Tx, gameId: number): Promise<LiveRegistration[]> {
  return tx
    .select({ registration: registrations, name: users.name, email: users.email })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(and(eq(registrations.gameId, gameId), inArray(registrations.status, ['confirmed', 'pending', 'waitlist'])))
    .orderBy(asc(registrations.id));
}

/**
 * Ends registrations of a locked game as the organiser's (or the platform's) doing, not the player's: checkouts still
 * open for pending holds close (a payment that still comes becomes credits), each registration is cancelled and
 * refunded in full whatever the 48-hour rule says (card and PIX through `refunds`, after commit), and each player is
 * told by `tell`. For a whole game's cancel and for the registrations an organiser's change of the game ends.
 */
export async function cancelRegistrationsInFull(
  tx: Tx,
  ctx: ServerContext,
  game: GameRow,
  live: LiveRegistration[],
  input: {
    description: string;
    reason: string;
    adminId?: number;
    /** Who ended them, for the game's history (null: the platform); `removals` records each as a removal. */
    actorId: number | null;
    removals: boolean;
    refunds: PendingRefunds;
    closed?: PaymentRow[];
    tell: (to: LiveRegistration, refund: { outcome: RefundOutcome; cents: number }) => Promise<void>;
  },
): Promise<GameCancelTotals> {
  const now = ctx.clock.now();
  const pending = live.filter(({ registration }) => registration.status === 'pending');
  const closed = await closePendingCheckouts(
    tx,
    pending.map(({ registration }) => registration.id),
    now,
  );
  input.closed?.push(...closed);
  const totals: GameCancelTotals = { registrationsCancelled: 0, waitlistCleared: 0, creditsRefunded: 0, refunded: 0 };
  for (const entry of live) {
    const { registration } = entry;
    await tx.update(registrations).set(cancelledFields(registration, now)).where(eq(registrations.id, registration.id));
    if (input.removals) {
      await recordGameEvent(tx, {
        gameId: game.id,
        actorId: input.actorId,
        action: 'player_removed',
        details: { playerId: registration.userId, from: placeOf(registration), ...(input.adminId !== undefined && { byAdmin: true }) },
        at: now,
      });
    }
    // A waitlisted player paid nothing, so their refund is none.
    const refund = await refundInFull(tx, {
      game,
      registration,
      description: input.description,
      reason: input.reason,
      adminId: input.adminId,
      actorId: input.actorId,
      refunds: input.refunds,
      now,
    });
    if (registration.status === 'waitlist') totals.waitlistCleared += 1;
    else totals.registrationsCancelled += 1;
    if (refund.outcome === 'credits') totals.creditsRefunded += refund.cents;
    if (refund.outcome !== 'none') totals.refunded += 1;
    await input.tell(entry, refund);
  }
  return totals;
}

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
  input: { reason: string; mails: PendingMail; refunds: PendingRefunds; adminId?: number; actorId: number | null },
): Promise<GameCancelTotals> {
  const now = ctx.clock.now();
  const byAdmin = input.adminId !== undefined;
  const live = await liveRegistrationsOf(tx, game.id);
  const [cancelled] = await tx
    .update(games)
    .set({ status: 'cancelled', cancelReason: input.reason, updatedAt: now })
    .where(eq(games.id, game.id))
    .returning();
  const totals = await cancelRegistrationsInFull(tx, ctx, game, live, {
    description: byAdmin ? messages.admin.refundDescription(game.name) : `Jogo ${game.name} cancelado pelo organizador`,
    reason: byAdmin ? input.reason : messages.organiserCancellationReason(input.reason),
    adminId: input.adminId,
    actorId: input.actorId,
    removals: false,
    refunds: input.refunds,
    tell: ({ registration, name, email }, refund) =>
      notifyGameCancelled(tx, ctx, input.mails, {
        game: cancelled!,
        to: { id: registration.userId, name, email },
        refund: refund.outcome,
        refundedCents: refund.cents,
        ...(byAdmin ? {} : { reason: input.reason }),
      }),
  });
  // After its players' refunds: the cancel reads first, newest first.
  await recordGameEvent(tx, {
    gameId: game.id,
    actorId: input.actorId,
    action: 'cancelled',
    details: { reason: input.reason, players: live.length, ...(byAdmin && { byAdmin: true }) },
    at: now,
  });
  return totals;
}
