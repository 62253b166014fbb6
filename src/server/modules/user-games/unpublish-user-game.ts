import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { UserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { loadUserGame, lockOwnGame } from '../../core/games/user-game-view';
import { games } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Published → draft: the game leaves the lists and takes no new registrations; whoever is already
 * in keeps their place. Unpublishing a draft changes nothing.
 */
export async function unpublishUserGame(ctx: ServerContext, user: AuthUser, gameId: number): Promise<UserGameReply> {
  const message = await ctx.db.transaction(async (tx) => {
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('conflict', messages.gameLocked);
    if (game.state === 'draft') return messages.gameAlreadyDraft;
    await tx.update(games).set({ state: 'draft', updatedAt: ctx.clock.now() }).where(eq(games.id, game.id));
    return messages.gameUnpublished;
  });
  return { message, game: await loadUserGame(ctx.db, gameId, ctx.clock.now()) };
}
