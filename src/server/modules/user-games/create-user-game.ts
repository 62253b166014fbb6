import { messages } from '../../../shared/messages';
import type { GamePayloadShape, UserGameReply } from '../../../shared/schemas/user-games';
import type { ServerContext } from '../../context';
import { games } from '../../db/schema';
import type { AuthUser } from '../../http/authentication';
import { generatePrivateLink } from '../games/private-link';
import { resolveGamePayload } from '../games/resolve-game-payload';
import { loadUserGame } from './user-game-view';

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
  return { message: messages.gameCreated, game: await loadUserGame(ctx.db, gameId) };
}
