import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { RemovePlayerReply } from '../../../shared/schemas/admin';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertConfirmedAfterWhistle } from '../../core/games/after-the-whistle';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { placeOf, recordGameEvent } from '../../core/games/game-history';
import { noticeWithEmail, refundText, when } from '../../core/games/game-notices';
import { promoteWaitlist } from '../../core/games/promote-waitlist';
import { type PendingRefunds, refundAtProvider, refundInFull } from '../../core/games/refund-in-full';
import { cancelledFields, findLiveRegistration } from '../../core/games/registration-guards';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closePendingCheckouts } from '../../core/payments/close-checkouts';
import { registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { lockAdminGame } from './admin-game-payload';

/**
 * Takes a player out of a game (confirmed, pending or waitlisted) under the game lock: what they
 * paid comes back in full (card and PIX through the provider right after commit), they are told,
 * and a freed slot goes to the next in line. In a game that has started it asks first (decision 063).
 */
export async function removePlayer(
  ctx: ServerContext,
  admin: AuthUser,
  gameId: number,
  userId: number,
  isConfirmed: boolean,
): Promise<RemovePlayerReply> {
  const mails: PendingMail = [];
  const refunds: PendingRefunds = [];
  const reply = await ctx.db.transaction(async (tx): Promise<Omit<RemovePlayerReply, 'refundedAtOnce'>> => {
    const now = ctx.clock.now();
    const game = await lockAdminGame(tx, gameId);
    if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameLocked);
    await expirePendingPayments(tx, ctx, game, mails);
    const registration = await findLiveRegistration(tx, game.id, userId);
    if (!registration) throw new AppError('player_not_in_game', messages.admin.playerNotInGame);
    await assertConfirmedAfterWhistle(tx, ctx, game, isConfirmed, [registration.id]);
    const [player] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));

    await tx.update(registrations).set(cancelledFields(registration, now)).where(eq(registrations.id, registration.id));
    await recordGameEvent(tx, {
      gameId: game.id,
      actorId: admin.id,
      action: 'player_removed',
      details: { playerId: userId, from: placeOf(registration), byAdmin: true },
      at: now,
    });
    // A checkout still open for the hold closes with it: a payment that still comes becomes credits.
    if (registration.status === 'pending') await closePendingCheckouts(tx, [registration.id], now);
    const refund = await refundInFull(tx, {
      game,
      registration,
      description: messages.admin.refundDescription(game.name),
      reason: messages.admin.playerRemovedReason,
      adminId: admin.id,
      actorId: admin.id,
      refunds,
      now,
    });
    await noticeWithEmail(tx, ctx, mails, {
      game,
      to: player!,
      type: 'removed_from_game',
      message: messages.notice.removedByAdmin(game.name, when(game), refundText(refund.outcome, refund.cents, false, true)),
      subject: `Você foi removido do jogo ${game.name} (${when(game)})`,
    });
    if (registration.status !== 'waitlist') await promoteWaitlist(tx, ctx, game, mails);
    return { message: messages.admin.playerRemoved, refund: refund.outcome, refundedAmount: toReais(refund.cents) };
  });
  const atProvider = await refundAtProvider(ctx, refunds, mails);
  await sendPendingMail(ctx, mails);
  return { ...reply, refundedAtOnce: atProvider.refundedCount > 0 };
}
