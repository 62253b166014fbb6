import { messages } from '../../../shared/messages';
import type { AdminGameReply } from '../../../shared/schemas/admin';
import type { UpdateUserGameShape } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { applyGameEdit } from '../../core/games/apply-game-edit';
import { type PendingRefunds, refundAtProvider } from '../../core/games/refund-in-full';
import { withdrawalOf, withdrawRegistrations } from '../../core/games/withdraw-registrations';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closeWithProviders } from '../../core/payments/close-checkouts';
import type { PaymentRow } from '../../core/payments/payment-records';
import { AppError } from '../../lib/app-error';
import { lockAdminGame, resolveAdminGamePayload } from './admin-game-payload';
import { loadAdminGames } from './admin-views';

/**
 * Edits any game under its lock, by the same rules as an organiser's edit, with the admin's messages.
 * A payload without `state` keeps the game's publication state. Saving a published game as a draft, or making it
 * private, while players would lose their place asks first (409 with how many); confirmed (`confirm`), they are
 * cancelled by the organiser and refunded in full, as in the organiser's edit.
 */
export async function updateAdminGame(
  ctx: ServerContext,
  admin: AuthUser,
  gameId: number,
  body: UpdateUserGameShape,
): Promise<AdminGameReply> {
  const { confirm, ...payload } = body;
  const after = { mails: [] as PendingMail, refunds: [] as PendingRefunds, closed: [] as PaymentRow[] };
  const ended = await ctx.db.transaction(async (tx) => {
    const game = await lockAdminGame(tx, gameId);
    if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameLocked);
    const values = await resolveAdminGamePayload(tx, payload, { now: ctx.clock.now(), current: game });
    const withdrawal = withdrawalOf(game, values);
    const withdrawn = withdrawal ? await withdrawRegistrations(tx, ctx, game, withdrawal, confirm === true, after, admin.id) : undefined;
    await applyGameEdit(tx, ctx, game, values, after.mails, { id: admin.id, byAdmin: true });
    return { count: withdrawn ? withdrawn.registrationsCancelled + withdrawn.waitlistCleared : 0, refunded: withdrawn?.refunded ?? 0 };
  });
  await refundAtProvider(ctx, after.refunds, after.mails);
  await sendPendingMail(ctx, after.mails);
  await closeWithProviders(ctx, after.closed);
  const [game] = await loadAdminGames(ctx.db, [gameId], ctx.clock.now());
  return { message: ended.count > 0 ? messages.gameUpdatedWithPlayers(ended.count, ended.refunded) : messages.gameUpdated, game: game! };
}
