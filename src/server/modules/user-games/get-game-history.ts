import type { GameHistoryReply } from '../../../shared/schemas/game-history';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertManagesGame } from '../../core/games/game-day';
import { loadGameHistory } from '../../core/games/game-history';

/**
 * What happened to a game and who did it (decision 075), newest first: for whoever runs the game and the
 * administration (the one check of every organiser route, `managedBy`); anyone else's game is a 404.
 */
export async function getGameHistory(ctx: ServerContext, user: AuthUser, gameId: number): Promise<GameHistoryReply> {
  await assertManagesGame(ctx.db, gameId, user);
  return loadGameHistory(ctx.db, gameId);
}
