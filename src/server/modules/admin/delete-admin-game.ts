import { and, asc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { DeleteGameReply } from '../../../shared/schemas/admin';
import type { AuthUser, ServerContext } from '../../core/context';
import { notifyGameCancelled } from '../../core/games/notify-game-update';
import { type PendingRefunds, refundAtProvider, refundInFull } from '../../core/games/refund-in-full';
import { cancelledFields } from '../../core/games/registration-guards';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closePendingCheckouts } from '../../core/payments/close-checkouts';
import { games, registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { lockAdminGame } from './admin-game-payload';

/**
 * "Deleting" a game is cancelling it for good, in one transaction under the game lock: the row stays
 * (the ledger, refund requests and notifications point at it) with status cancelled, so it leaves
 * every listing. Everyone in it (confirmed, pending, waitlisted) is cancelled, refunded in full (card
 * and PIX through the provider right after commit) and told by notification and e-mail. A second
 * delete, even a simultaneous one, gets a 409.
 */
export async function deleteAdminGame(ctx: ServerContext, admin: AuthUser, gameId: number): Promise<DeleteGameReply> {
  const mails: PendingMail = [];
  const refunds: PendingRefunds = [];
  const reply = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const game = await lockAdminGame(tx, gameId);
    if (game.status === 'cancelled') throw new AppError('conflict', messages.gameAlreadyCancelled);

    const live = await tx
      .select({ registration: registrations, name: users.name, email: users.email })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(and(eq(registrations.gameId, game.id), inArray(registrations.status, ['confirmed', 'pending', 'waitlist'])))
      .orderBy(asc(registrations.id));
    // Checkouts still open for pending holds close with the game: a payment that still comes becomes credits.
    const pending = live.filter(({ registration }) => registration.status === 'pending');
    await closePendingCheckouts(tx, pending.map(({ registration }) => registration.id), now);
    const reason = messages.admin.gameDeletedReason;
    const [cancelled] = await tx
      .update(games)
      .set({ status: 'cancelled', cancelReason: reason, updatedAt: now })
      .where(eq(games.id, game.id))
      .returning();

    const totals = { credits: 0 };
    for (const { registration, name, email } of live) {
      await tx
        .update(registrations)
        .set(cancelledFields(registration, now))
        .where(eq(registrations.id, registration.id));
      const refund = await refundInFull(tx, {
        game,
        registration,
        description: messages.admin.refundDescription(game.name),
        reason,
        adminId: admin.id,
        refunds,
      });
      if (refund.outcome === 'credits') totals.credits += refund.cents;
      await notifyGameCancelled(tx, ctx, mails, {
        game: cancelled!,
        to: { id: registration.userId, name, email },
        refund: refund.outcome,
        refundedCents: refund.cents,
      });
    }
    return { playersNotified: live.length, refundedToCredits: toReais(totals.credits) };
  });
  const atProvider = await refundAtProvider(ctx, refunds, mails);
  await sendPendingMail(ctx, mails);
  return {
    message: messages.admin.gameDeleted,
    ...reply,
    refundedToOriginal: toReais(atProvider.refundedCents),
    refundRequests: atProvider.awaitingCount,
    refundRequestedAmount: toReais(atProvider.awaitingCents),
  };
}
