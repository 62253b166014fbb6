import { and, asc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { CancelUserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { brl } from '../../core/games/game-notices';
import { notifyGameCancelled } from '../../core/games/notify-game-update';
import { refundInFull } from '../../core/games/refund-in-full';
import { loadUserGame, lockOwnGame } from '../../core/games/user-game-view';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { games, registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Cancels the caller's game for good, in one transaction under the game lock: every registration
 * (confirmed, pending, waitlisted) is cancelled and refunded in full (the spec's rule when the
 * organiser cancels, the 48-hour limit notwithstanding; card/PIX refund requests are flagged by
 * their reason), each player gets a notification
 * and an e-mail with the reason, and the game keeps its reason and refuses any later change. A second
 * call, even a simultaneous one, waits for the lock, sees the game cancelled and gets a 409.
 */
export async function cancelUserGame(ctx: ServerContext, user: AuthUser, gameId: number, reason: string): Promise<CancelUserGameReply> {
  const mails: PendingMail = [];
  const refunds = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('conflict', messages.gameAlreadyCancelled);

    const live = await tx
      .select({ registration: registrations, name: users.name, email: users.email })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(and(eq(registrations.gameId, game.id), inArray(registrations.status, ['confirmed', 'pending', 'waitlist'])))
      .orderBy(asc(registrations.id));
    const [cancelled] = await tx
      .update(games)
      .set({ status: 'cancelled', cancelReason: reason, updatedAt: now })
      .where(eq(games.id, game.id))
      .returning();

    const totals = { registrationsCancelled: 0, waitlistCleared: 0, creditsRefunded: 0, refundRequests: 0, requestedAmount: 0 };
    for (const { registration, name, email } of live) {
      await tx
        .update(registrations)
        .set({ status: 'cancelled', cancelledAt: now, paymentDeadline: null, updatedAt: now })
        .where(eq(registrations.id, registration.id));
      const outcome = registration.status === 'waitlist' ? 'none' : (
              await refundInFull(tx, {
                game,
                registration,
                description: `Jogo ${game.name} cancelado pelo organizador`,
                reason: messages.organiserCancellationReason(reason),
              })
            ).outcome;
      if (registration.status === 'waitlist') totals.waitlistCleared += 1;
      else totals.registrationsCancelled += 1;
      if (outcome === 'credits') totals.creditsRefunded += registration.paidCents;
      if (outcome === 'request') {
        totals.refundRequests += 1;
        totals.requestedAmount += registration.paidCents;
      }
      await notifyGameCancelled(tx, ctx, mails, {
        game: cancelled!,
        to: { id: registration.userId, name, email },
        refund: outcome,
        refundedCents: outcome === 'none' ? 0 : registration.paidCents,
        reason,
      });
    }
    return totals;
  });
  await sendPendingMail(ctx, mails);
  const amount = (cents: number) => (cents > 0 ? brl(cents) : null);
  return {
    message: messages.gameCancelledByOrganiser(amount(refunds.creditsRefunded), amount(refunds.requestedAmount)),
    game: await loadUserGame(ctx.db, gameId),
    refunds: { ...refunds, creditsRefunded: toReais(refunds.creditsRefunded), requestedAmount: toReais(refunds.requestedAmount) },
  };
}
