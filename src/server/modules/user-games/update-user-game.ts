import { and, eq, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { GamePayloadShape, UserGameReply } from '../../../shared/schemas/user-games';
import type { ServerContext } from '../../context';
import { games, registrations } from '../../db/schema';
import type { AuthUser } from '../../http/authentication';
import { AppError } from '../../lib/app-error';
import { expirePendingPayments } from '../games/expire-pending-payments';
import { notifyGameChanged } from '../games/notify-game-update';
import { promoteWaitlist } from '../games/promote-waitlist';
import { countOccupiedSlots, type GameRow } from '../games/registration-guards';
import { type GameValues, resolveGamePayload } from '../games/resolve-game-payload';
import { type PendingMail, sendPendingMail } from '../notifications/notify';
import { loadUserGame, lockOwnGame } from './user-game-view';

/** What players plan around: when, where and how much. */
const changesForPlayers = (before: GameRow, after: GameValues) =>
  before.dateTime.getTime() !== after.dateTime.getTime() ||
  before.location !== after.location ||
  before.address !== after.address ||
  before.priceCents !== after.priceCents;

/**
 * Edits the caller's game under its lock. A cancelled game is frozen; slots never drop below the
 * players holding one, more slots go to the line at once; players hear about a new date, place or
 * price. The payment mode is fixed once someone registered (their payments were made under it).
 */
export async function updateUserGame(ctx: ServerContext, user: AuthUser, gameId: number, body: GamePayloadShape): Promise<UserGameReply> {
  const mails: PendingMail = [];
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('conflict', messages.gameLocked);
    await expirePendingPayments(tx, ctx, game, mails);
    const values = await resolveGamePayload(tx, body, { now, current: game });

    const occupied = await countOccupiedSlots(tx, game.id);
    if (values.totalSlots < occupied) {
      const message = messages.slotsBelowOccupied(occupied);
      throw new AppError('bad_request', message, { totalSlots: message });
    }
    if (values.usePlatformPayment !== game.usePlatformPayment) {
      const [registered] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.gameId, game.id), ne(registrations.status, 'cancelled')))
        .limit(1);
      if (registered) throw new AppError('conflict', messages.paymentModeLocked, { usePlatformPayment: messages.paymentModeLocked });
    }

    const [updated] = await tx
      .update(games)
      .set({ ...values, updatedAt: now })
      .where(eq(games.id, game.id))
      .returning();
    if (changesForPlayers(game, values)) await notifyGameChanged(tx, updated!);
    await promoteWaitlist(tx, ctx, updated!, mails);
  });
  await sendPendingMail(ctx, mails);
  return { message: messages.gameUpdated, game: await loadUserGame(ctx.db, gameId) };
}
