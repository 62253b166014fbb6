import { and, eq, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { AdminGameReply } from '../../../shared/schemas/admin';
import type { GamePayloadShape } from '../../../shared/schemas/user-games';
import type { ServerContext } from '../../context';
import { games, registrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { expirePendingPayments } from '../games/expire-pending-payments';
import { notifyGameChanged } from '../games/notify-game-update';
import { promoteWaitlist } from '../games/promote-waitlist';
import { countOccupiedSlots, type GameRow } from '../games/registration-guards';
import type { GameValues } from '../games/resolve-game-payload';
import { type PendingMail, sendPendingMail } from '../notifications/notify';
import { lockAdminGame, resolveAdminGamePayload } from './admin-game-payload';
import { loadAdminGames } from './admin-views';

/** What players plan around: when, where and how much. */
const changesForPlayers = (before: GameRow, after: GameValues) =>
  before.dateTime.getTime() !== after.dateTime.getTime() ||
  before.location !== after.location ||
  before.address !== after.address ||
  before.priceCents !== after.priceCents;

/**
 * Edits any game under its lock, with the organisers' rules: a cancelled game is frozen; slots
 * never drop below the players holding one (confirmed + pending), more slots go to the line at
 * once; players hear about a new date, place or price; the payment mode is fixed once someone
 * registered. A payload without `state` keeps the game's publication state.
 */
export async function updateAdminGame(ctx: ServerContext, gameId: number, body: GamePayloadShape): Promise<AdminGameReply> {
  const mails: PendingMail = [];
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const game = await lockAdminGame(tx, gameId);
    if (game.status === 'cancelled') throw new AppError('conflict', messages.gameLocked);
    await expirePendingPayments(tx, ctx, game, mails);
    const values = await resolveAdminGamePayload(tx, body, { now, current: game });

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
  const [game] = await loadAdminGames(ctx.db, [gameId]);
  return { message: messages.gameUpdated, game: game! };
}
