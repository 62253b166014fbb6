import { messages } from '../../../shared/messages';
import type { GamePayloadShape, UserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { recordGameEvent } from '../../core/games/game-history';
import { insertGame } from '../../core/games/insert-game';
import { resolveGamePayload } from '../../core/games/resolve-game-payload';
import { loadUserGame } from '../../core/games/user-game-view';

/** Creates a game organised by the caller, as a draft unless the payload says published. */
export async function createUserGame(ctx: ServerContext, user: AuthUser, body: GamePayloadShape): Promise<UserGameReply> {
  const gameId = await ctx.db.transaction(async (tx) => {
    const values = await resolveGamePayload(tx, body, { now: ctx.clock.now() });
    const id = await insertGame(tx, values, user.id);
    await recordGameEvent(tx, { gameId: id, actorId: user.id, action: 'created', at: ctx.clock.now() });
    return id;
  });
  return { message: messages.gameCreated, game: await loadUserGame(ctx.db, gameId, ctx.clock.now()) };
}
