import { eq } from 'drizzle-orm';
import type { AuthUser, ServerContext } from '../../core/context';
import { gameCalendar } from '../../core/calendars/game-calendar';
import { games } from '../../db/schema';
import { getGame } from './get-game';

/** A game as an .ics file, for whoever may open the game (the same rule as GET /api/games/{id}). */
export async function getGameCalendar(ctx: ServerContext, gameId: number, viewer: AuthUser | undefined): Promise<string> {
  await getGame(ctx, gameId, viewer, { players: false });
  const [game] = await ctx.db.select().from(games).where(eq(games.id, gameId));
  return gameCalendar([game!], { publicUrl: ctx.config.publicUrl });
}
