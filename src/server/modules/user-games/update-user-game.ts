import { messages } from '../../../shared/messages';
import type { UpdateUserGameShape, UserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { refuseAfterWhistle } from '../../core/games/after-the-whistle';
import { applyGameEdit } from '../../core/games/apply-game-edit';
import { type PendingRefunds, refundAtProvider } from '../../core/games/refund-in-full';
import { resolveGamePayload } from '../../core/games/resolve-game-payload';
import { loadUserGame, lockOwnGame } from '../../core/games/user-game-view';
import { withdrawalOf, withdrawRegistrations } from '../../core/games/withdraw-registrations';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closeWithProviders } from '../../core/payments/close-checkouts';
import type { PaymentRow } from '../../core/payments/payment-records';
import { AppError } from '../../lib/app-error';

/**
 * Edits the caller's game under its lock, by the shared edit rules. Saving a published game as a draft while players
 * hold places, or making a public game private while players the organiser did not invite do, asks first (409 with how many); confirmed (`confirm`), they are cancelled and
 * refunded in full, as when the organiser cancels the game, before the edit is written. From the game's start its date,
 * time, price and audience are fixed (decision 063): a new date would let each player cancel with a refund.
 */
export async function updateUserGame(
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
  body: UpdateUserGameShape,
): Promise<UserGameReply> {
  const { confirm, ...payload } = body;
  const after = { mails: [] as PendingMail, refunds: [] as PendingRefunds, closed: [] as PaymentRow[] };
  const ended = await ctx.db.transaction(async (tx) => {
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameLocked);
    const values = await resolveGamePayload(tx, payload, { now: ctx.clock.now(), current: game, groupId: game.groupId });
    const withdrawal = withdrawalOf(game, values);
    const movesMoney = values.dateTime.getTime() !== game.dateTime.getTime() || values.priceCents !== game.priceCents || withdrawal;
    if (movesMoney) refuseAfterWhistle(game, ctx.clock.now(), messages.afterWhistle.edit);
    const withdrawn = withdrawal ? await withdrawRegistrations(tx, ctx, game, withdrawal, confirm === true, after, user.id) : undefined;
    await applyGameEdit(tx, ctx, game, values, after.mails, { id: user.id });
    return { count: withdrawn ? withdrawn.registrationsCancelled + withdrawn.waitlistCleared : 0, refunded: withdrawn?.refunded ?? 0 };
  });
  await refundAtProvider(ctx, after.refunds, after.mails);
  await sendPendingMail(ctx, after.mails);
  await closeWithProviders(ctx, after.closed);
  return {
    message: ended.count > 0 ? messages.gameUpdatedWithPlayers(ended.count, ended.refunded) : messages.gameUpdated,
    game: await loadUserGame(ctx.db, gameId, ctx.clock.now()),
  };
}
