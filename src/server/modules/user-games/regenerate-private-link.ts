import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { UserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { recordGameEvent } from '../../core/games/game-history';
import { generatePrivateLink } from '../../core/games/private-link';
import { loadUserGame, lockOwnGame } from '../../core/games/user-game-view';
import { games, invitations } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * A new private link; the old one stops opening the game at once (it is looked up by value), and so does
 * every invitation that opening the old link made: whoever only had the old link no longer sees the game,
 * its calendar or the new link. People invited by e-mail or registered keep their access.
 */
export async function regeneratePrivateLink(ctx: ServerContext, user: AuthUser, gameId: number): Promise<UserGameReply> {
  await ctx.db.transaction(async (tx) => {
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameLocked);
    await tx.update(games).set({ privateLink: generatePrivateLink(), updatedAt: ctx.clock.now() }).where(eq(games.id, game.id));
    await tx.delete(invitations).where(and(eq(invitations.gameId, game.id), eq(invitations.viaLink, true)));
    await recordGameEvent(tx, { gameId: game.id, actorId: user.id, action: 'link_regenerated', at: ctx.clock.now() });
  });
  return { message: messages.privateLinkRegenerated, game: await loadUserGame(ctx.db, gameId, ctx.clock.now()) };
}
