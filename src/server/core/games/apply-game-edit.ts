import { and, eq, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { games, registrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServerContext } from '../context';
import type { PendingMail } from '../notifications/notify';
import { expirePendingPayments } from './expire-pending-payments';
import { gameChanges, recordGameEvent } from './game-history';
import { notifyGameChanged } from './notify-game-update';
import { promoteWaitlist } from './promote-waitlist';
import { loadPlaces } from './places';
import type { GameRow } from './registration-guards';
import type { GameValues } from './resolve-game-payload';

/**
 * Writes an edit to a locked, not cancelled game (callers refuse cancelled games before validating
 * the payload, so that answer is a 409), for organisers and admins alike: slots never drop below
 * the players holding one, more slots go to the line at once; players hear
 * about a new date, place or price; the payment mode is fixed once someone registered (their
 * payments were made under it).
 */
export async function applyGameEdit(
  tx: Tx,
  ctx: ServerContext,
  game: GameRow,
  values: GameValues,
  mails: PendingMail,
  actor: { id: number; byAdmin?: boolean },
): Promise<void> {
  await expirePendingPayments(tx, ctx, game, mails);
  const { occupied } = await loadPlaces(tx, game.id, ctx.clock.now());
  if (values.totalSlots < occupied) {
    const message = messages.slotsBelowOccupied(occupied);
    throw new AppError('slots_below_occupied', message, { totalSlots: message });
  }
  if (values.usePlatformPayment !== game.usePlatformPayment) {
    const [registered] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.gameId, game.id), ne(registrations.status, 'cancelled')))
      .limit(1);
    if (registered)
      throw new AppError('payment_mode_locked', messages.paymentModeLocked, { usePlatformPayment: messages.paymentModeLocked });
  }
  const [updated] = await tx
    .update(games)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(eq(games.id, game.id))
    .returning();
  const now = ctx.clock.now();
  const byAdmin = actor.byAdmin ? { byAdmin: true } : {};
  const changes = gameChanges(game, updated!);
  if (changes.length > 0) {
    await recordGameEvent(tx, { gameId: game.id, actorId: actor.id, action: 'edited', details: { changes, ...byAdmin }, at: now });
  }
  // Saving with another publication state is publishing it, or taking it back to draft.
  if (updated!.state !== game.state) {
    const action = updated!.state === 'published' ? 'published' : 'unpublished';
    await recordGameEvent(tx, { gameId: game.id, actorId: actor.id, action, details: byAdmin, at: now });
  }
  await notifyGameChanged(tx, game, updated!);
  await promoteWaitlist(tx, ctx, updated!, mails);
}
