import { messages } from '../../../shared/messages';
import type { AdminGameReply } from '../../../shared/schemas/admin';
import type { GamePayloadShape } from '../../../shared/schemas/user-games';
import type { ServerContext } from '../../core/context';
import { applyGameEdit } from '../../core/games/apply-game-edit';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { AppError } from '../../lib/app-error';
import { lockAdminGame, resolveAdminGamePayload } from './admin-game-payload';
import { loadAdminGames } from './admin-views';

/**
 * Edits any game under its lock, by the same rules as an organiser's edit, with the admin's messages.
 * A payload without `state` keeps the game's publication state.
 */
export async function updateAdminGame(ctx: ServerContext, gameId: number, body: GamePayloadShape): Promise<AdminGameReply> {
  const mails: PendingMail = [];
  await ctx.db.transaction(async (tx) => {
    const game = await lockAdminGame(tx, gameId);
    if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameLocked);
    const values = await resolveAdminGamePayload(tx, body, { now: ctx.clock.now(), current: game });
    await applyGameEdit(tx, ctx, game, values, mails);
  });
  await sendPendingMail(ctx, mails);
  const [game] = await loadAdminGames(ctx.db, [gameId], ctx.clock.now());
  return { message: messages.gameUpdated, game: game! };
}
