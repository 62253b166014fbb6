import { and, eq, lte, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { registrations } from '../../db/schema';
import type { ServerContext } from '../context';
import type { Job } from '../jobs';
import { closeAbandonedTopUps, closePendingCheckouts, closeWithProviders } from '../payments/close-checkouts';
import type { PaymentRow } from '../payments/payment-records';
import { notify, type PendingMail, sendPendingMail } from '../notifications/notify';
import { recordGameEvent } from './game-history';
import { when } from './game-notices';
import { promoteWaitlist } from './promote-waitlist';
import { type GameRow, lockGame } from './registration-guards';

/**
 * Cancels the game's pending registrations whose payment deadline has passed and hands their slots
 * to the next in line. Runs under the game lock at the start of every use case that changes the game.
 * Returns the checkouts it closed, for closeWithProviders after commit.
 */
export async function expirePendingPayments(tx: Tx, ctx: ServerContext, game: GameRow, mails: PendingMail): Promise<PaymentRow[]> {
  const now = ctx.clock.now();
  const expired = await tx
    .update(registrations)
    // Cancelled as of its deadline, the moment reads already showed it cancelled (effectiveStatus).
    .set({ status: 'cancelled', cancelledFrom: 'pending', cancelledAt: sql`${registrations.paymentDeadline}`, updatedAt: now })
    .where(and(eq(registrations.gameId, game.id), eq(registrations.status, 'pending'), lte(registrations.paymentDeadline, now)))
    .returning({ id: registrations.id, userId: registrations.userId, deadline: registrations.paymentDeadline });
  if (expired.length === 0) return [];
  // Their card/PIX checkouts stop holding anything; a payment that still arrives becomes credits.
  const closed = await closePendingCheckouts(
    tx,
    expired.map((row) => row.id),
    now,
  );
  for (const { userId, deadline } of expired) {
    await notify(tx, userId, 'payment_expired', messages.notice.paymentExpired(game.name, when(game)), game.id);
    // In the history when it happened: at its deadline, whenever the write that applies it comes.
    await recordGameEvent(tx, {
      gameId: game.id,
      actorId: null,
      action: 'payment_expired',
      details: { playerId: userId },
      at: deadline ?? now,
    });
  }
  await promoteWaitlist(tx, ctx, game, mails);
  return closed;
}

/**
 * Applies every expired payment deadline, each game in its own transaction: the waitlist moves up,
 * the players are told and the checkouts close; then ends the credit top-ups left unpaid past theirs. Reads never call it (they derive an expired hold as
 * cancelled, see effectiveStatus); the periodic sweep and the write paths that need a place do.
 */
export async function sweepExpiredPayments(ctx: ServerContext): Promise<void> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .selectDistinct({ gameId: registrations.gameId })
    .from(registrations)
    .where(and(eq(registrations.status, 'pending'), lte(registrations.paymentDeadline, now)));
  for (const { gameId } of due) {
    const mails: PendingMail = [];
    const closed = await ctx.db.transaction(async (tx) => expirePendingPayments(tx, ctx, await lockGame(tx, gameId), mails));
    await sendPendingMail(ctx, mails);
    await closeWithProviders(ctx, closed);
  }
  // Credit top-ups hold no place, but end the same way when nobody paid them in time.
  await closeWithProviders(ctx, await closeAbandonedTopUps(ctx.db, now));
}

/** The sweep, every HOLD_SWEEP_SECONDS, so no slot stays held when nobody looks at the game. */
export function paymentSweepJob(ctx: ServerContext): Job {
  return { name: 'payment-sweep', intervalMs: ctx.config.holdSweepMs, run: () => sweepExpiredPayments(ctx) };
}
