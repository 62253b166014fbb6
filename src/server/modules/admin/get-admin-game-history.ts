import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { GameHistoryReply } from '../../../shared/schemas/game-history';
import type { ServerContext } from '../../core/context';
import { loadGameHistory } from '../../core/games/game-history';
import { games } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Any game's history for the administration (decision 075), as its organiser reads it. */
export async function getAdminGameHistory(ctx: ServerContext, gameId: number): Promise<GameHistoryReply> {
  const [game] = await ctx.db.select({ id: games.id }).from(games).where(eq(games.id, gameId));
  if (!game) throw new AppError('game_not_found', messages.admin.gameNotFound);
  return loadGameHistory(ctx.db, gameId);
}
