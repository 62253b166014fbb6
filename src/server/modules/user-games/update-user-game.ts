import { messages } from '../../../shared/messages';
import type { GamePayloadShape, UserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { applyGameEdit } from '../../core/games/apply-game-edit';
import { resolveGamePayload } from '../../core/games/resolve-game-payload';
import { loadUserGame, lockOwnGame } from '../../core/games/user-game-view';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { AppError } from '../../lib/app-error';

/** Edits the caller's game under its lock, by the shared edit rules. */
export async function updateUserGame(ctx: ServerContext, user: AuthUser, gameId: number, body: GamePayloadShape): Promise<UserGameReply> {
  const mails: PendingMail = [];
  await ctx.db.transaction(async (tx) => {
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('conflict', messages.gameLocked);
    const values = await resolveGamePayload(tx, body, { now: ctx.clock.now(), current: game });
    await applyGameEdit(tx, ctx, game, values, mails);
  });
  await sendPendingMail(ctx, mails);
  return { message: messages.gameUpdated, game: await loadUserGame(ctx.db, gameId, ctx.clock.now()) };
}
