import { and, eq, ne, sql } from 'drizzle-orm';
import { gameMessageTexts as texts } from '../../../shared/game-message-texts';
import { messages } from '../../../shared/messages';
import type { GameMessagesReply } from '../../../shared/schemas/game-messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { managedBy } from '../../core/games/game-day';
import { loadAvisos } from '../../core/notifications/send-aviso';
import { games, registrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * A game's avisos, newest first (decision 077), for whoever runs it (and the administration) and its players (a place, held or confirmed, or
 * the waitlist). Anyone else: 403 on a published public game, which they can see; 404 on any other, as its page.
 */
export async function listGameMessages(ctx: ServerContext, user: AuthUser, gameId: number): Promise<GameMessagesReply> {
  const [game] = await ctx.db
    .select({ visibility: games.visibility, state: games.state, runs: sql<boolean>`${managedBy(user)}` })
    .from(games)
    .where(eq(games.id, gameId));
  if (!game) throw new AppError('game_not_found', messages.gameNotAvailable);
  if (!game.runs) {
    const [player] = await ctx.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, user.id), ne(registrations.status, 'cancelled')));
    if (!player) {
      if (game.visibility === 'public' && game.state === 'published') throw new AppError('forbidden', texts.onlyPlayers);
      throw new AppError('game_not_found', messages.gameNotAvailable);
    }
  }
  const avisos = await loadAvisos(ctx.db, { gameId });
  // A game's aviso always has its audience (the table's CHECK).
  return { messages: avisos.map(({ aviso, audience }) => ({ ...aviso, audience: audience! })) };
}
