import { messages } from '../../../shared/messages';
import type { GamePayloadShape, UserGameReply } from '../../../shared/schemas/user-games';
import type { ServerContext } from '../../context';
import type { AuthUser } from '../../http/authentication';
import { AppError } from '../../lib/app-error';
import { applyGameEdit } from '../games/apply-game-edit';
import { resolveGamePayload } from '../games/resolve-game-payload';
import { type PendingMail, sendPendingMail } from '../notifications/notify';
import { loadUserGame, lockOwnGame } from './user-game-view';

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
  return { message: messages.gameUpdated, game: await loadUserGame(ctx.db, gameId) };
}
