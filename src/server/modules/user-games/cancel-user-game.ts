import { and, asc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { CancelUserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { brl } from '../../core/games/game-notices';
import { notifyGameCancelled } from '../../core/games/notify-game-update';
import { type PendingRefunds, refundAtProvider, refundInFull } from '../../core/games/refund-in-full';
import { cancelledFields } from '../../core/games/registration-guards';
import { loadUserGame, lockOwnGame } from '../../core/games/user-game-view';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closePendingCheckouts } from '../../core/payments/close-checkouts';
import { games, registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Cancels the caller's game for good, in one transaction under the game lock: every registration
 * (confirmed, pending, waitlisted) is cancelled and refunded in full (the spec's rule when the
 * organiser cancels, the 48-hour limit notwithstanding; card and PIX through the provider right
 * after commit, a refund it does not complete staying for the admin, flagged by its reason), each player gets a notification
 * and an e-mail with the reason, and the game keeps its reason and refuses any later change. A second
 * call, even a simultaneous one, waits for the lock, sees the game cancelled and gets a 409.
 */
export async function cancelUserGame(ctx: ServerContext, user: AuthUser, gameId: number, reason: string): Promise<CancelUserGameReply> {
  const mails: PendingMail = [];
  const refunds: PendingRefunds = [];
  const totals = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const game = await lockOwnGame(tx, gameId, user);
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
    const [cancelled] = await tx
      .update(games)
      .set({ status: 'cancelled', cancelReason: reason, updatedAt: now })
      .where(eq(games.id, game.id))
      .returning();

    const counts = { registrationsCancelled: 0, waitlistCleared: 0, creditsRefunded: 0 };
    for (const { registration, name, email } of live) {
      await tx
        .update(registrations)
        .set(cancelledFields(registration, now))
        .where(eq(registrations.id, registration.id));
      const outcome = registration.status === 'waitlist' ? 'none' : (
              await refundInFull(tx, {
                game,
                registration,
                description: `Jogo ${game.name} cancelado pelo organizador`,
                reason: messages.organiserCancellationReason(reason),
                refunds,
              })
            ).outcome;
      if (registration.status === 'waitlist') counts.waitlistCleared += 1;
      else counts.registrationsCancelled += 1;
      if (outcome === 'credits') counts.creditsRefunded += registration.paidCents;
      await notifyGameCancelled(tx, ctx, mails, {
        game: cancelled!,
        to: { id: registration.userId, name, email },
        refund: outcome,
        refundedCents: outcome === 'none' ? 0 : registration.paidCents,
        reason,
      });
    }
    return counts;
  });
  const atProvider = await refundAtProvider(ctx, refunds, mails);
  await sendPendingMail(ctx, mails);
  const amount = (cents: number) => (cents > 0 ? brl(cents) : null);
  return {
    message: messages.gameCancelledByOrganiser(amount(totals.creditsRefunded), amount(atProvider.refundedCents), amount(atProvider.awaitingCents)),
    game: await loadUserGame(ctx.db, gameId, ctx.clock.now()),
    refunds: {
      ...totals,
      creditsRefunded: toReais(totals.creditsRefunded),
      refundedToOriginal: toReais(atProvider.refundedCents),
      refundRequests: atProvider.awaitingCount,
      requestedAmount: toReais(atProvider.awaitingCents),
    },
  };
}
