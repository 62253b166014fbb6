import { messages } from '../../../shared/messages';
import type { GamePayloadShape, UserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { generatePrivateLink } from '../../core/games/private-link';
import { resolveGamePayload } from '../../core/games/resolve-game-payload';
import { loadUserGame } from '../../core/games/user-game-view';
import { games } from '../../db/schema';

/**
 * Creates a game organised by the caller, as a draft unless the payload says published. Only the
 * payload's own fields are read: creator, status and private link are the server's.
 */
export async function createUserGame(ctx: ServerContext, user: AuthUser, body: GamePayloadShape): Promise<UserGameReply> {
  const gameId = await ctx.db.transaction(async (tx) => {
    const values = await resolveGamePayload(tx, body, { now: ctx.clock.now() });
    const [created] = await tx
      .insert(games)
      .values({ ...values, state: values.state ?? 'draft', status: 'active', privateLink: generatePrivateLink(), creatorId: user.id })
      .returning({ id: games.id });
    return created!.id;
  });
  return { message: messages.gameCreated, game: await loadUserGame(ctx.db, gameId, ctx.clock.now()) };
}
