import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { UserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { refuseAfterWhistle } from '../../core/games/after-the-whistle';
import { recordGameEvent } from '../../core/games/game-history';
import { type PendingRefunds, refundAtProvider } from '../../core/games/refund-in-full';
import { loadUserGame, lockOwnGame } from '../../core/games/user-game-view';
import { withdrawRegistrations } from '../../core/games/withdraw-registrations';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closeWithProviders } from '../../core/payments/close-checkouts';
import type { PaymentRow } from '../../core/payments/payment-records';
import { games } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Published → draft: the game leaves the lists and takes no new registrations. A game with players asks first (409
 * with how many); confirmed, each of them is cancelled and refunded in full, as when the organiser cancels the game,
 * since nobody may keep a place, nor pay for one, in a game they cannot see. Without players it is one step.
 * Unpublishing a draft changes nothing; a game that has started cannot be unpublished (decision 063).
 */
export async function unpublishUserGame(ctx: ServerContext, user: AuthUser, gameId: number, isConfirmed: boolean): Promise<UserGameReply> {
  const after = { mails: [] as PendingMail, refunds: [] as PendingRefunds, closed: [] as PaymentRow[] };
  const message = await ctx.db.transaction(async (tx) => {
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameLocked);
    if (game.state === 'draft') return messages.gameAlreadyDraft;
    refuseAfterWhistle(game, ctx.clock.now(), messages.afterWhistle.unpublish);
    const ended = await withdrawRegistrations(tx, ctx, game, 'unpublish', isConfirmed, after, user.id);
    await tx.update(games).set({ state: 'draft', updatedAt: ctx.clock.now() }).where(eq(games.id, game.id));
    const details = { players: ended.registrationsCancelled + ended.waitlistCleared };
    await recordGameEvent(tx, { gameId: game.id, actorId: user.id, action: 'unpublished', details, at: ctx.clock.now() });
    const count = ended.registrationsCancelled + ended.waitlistCleared;
    return count > 0 ? messages.gameUnpublishedWithPlayers(count, ended.refunded) : messages.gameUnpublished;
  });
  await refundAtProvider(ctx, after.refunds, after.mails);
  await sendPendingMail(ctx, after.mails);
  await closeWithProviders(ctx, after.closed);
  return { message, game: await loadUserGame(ctx.db, gameId, ctx.clock.now()) };
}
