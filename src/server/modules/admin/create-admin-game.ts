import { messages } from '../../../shared/messages';
import type { AdminGameReply } from '../../../shared/schemas/admin';
import type { GamePayloadShape } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { recordGameEvent } from '../../core/games/game-history';
import { insertGame } from '../../core/games/insert-game';
import { resolveAdminGamePayload } from './admin-game-payload';
import { loadAdminGames } from './admin-views';

/** A game created from the admin area; the admin is its creator. Draft unless `state: 'published'`. */
export async function createAdminGame(ctx: ServerContext, admin: AuthUser, body: GamePayloadShape): Promise<AdminGameReply> {
  const gameId = await ctx.db.transaction(async (tx) => {
    const values = await resolveAdminGamePayload(tx, body, { now: ctx.clock.now() });
    const id = await insertGame(tx, values, admin.id);
    await recordGameEvent(tx, { gameId: id, actorId: admin.id, action: 'created', details: { byAdmin: true }, at: ctx.clock.now() });
    return id;
  });
  const [game] = await loadAdminGames(ctx.db, [gameId], ctx.clock.now());
  return { message: messages.gameCreated, game: game! };
}
