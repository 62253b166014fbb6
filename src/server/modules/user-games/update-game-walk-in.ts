import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { UpdatePlayerBody } from '../../../shared/schemas/game-day';
import type { UpdateWalkInReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertNotCancelled, assertPresenceWindow, lockManagedGame } from '../../core/games/game-day';
import { gameWalkIns } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Marks a walk-in present or absent, and/or sets their level, under the game's lock: the same rules as for a confirmed
 * player (issue 42), so the team draw takes them as it takes everyone else.
 */
export async function updateGameWalkIn(
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
  walkInId: number,
  body: UpdatePlayerBody,
): Promise<UpdateWalkInReply> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const game = await lockManagedGame(tx, gameId, user);
    assertNotCancelled(game);
    if (body.present !== undefined) assertPresenceWindow(game.dateTime, now);
    const [updated] = await tx
      .update(gameWalkIns)
      .set({
        ...(body.present !== undefined && { present: body.present }),
        ...(body.level !== undefined && { level: body.level }),
      })
      .where(and(eq(gameWalkIns.id, walkInId), eq(gameWalkIns.gameId, game.id)))
      .returning();
    if (!updated) throw new AppError('walk_in_not_found', messages.walkIns.notFound);
    return {
      message: messages.gameDay.playerUpdated,
      walkIn: {
        id: updated.id,
        name: updated.name,
        createdAt: updated.createdAt.toISOString(),
        present: updated.present,
        level: updated.level,
      },
    };
  });
}
