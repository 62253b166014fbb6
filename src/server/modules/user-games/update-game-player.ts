import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { UpdatePlayerBody, UpdatePlayerReply } from '../../../shared/schemas/game-day';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertNotCancelled, assertPresenceWindow, countNoShows, lockManagedGame } from '../../core/games/game-day';
import { registrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Marks a confirmed player present or absent, and/or sets their level, under the game's lock. */
export async function updateGamePlayer(
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
  playerId: number,
  body: UpdatePlayerBody,
): Promise<UpdatePlayerReply> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const game = await lockManagedGame(tx, gameId, user);
    assertNotCancelled(game);
    const [registration] = await tx
      .select()
      .from(registrations)
      .where(and(eq(registrations.gameId, game.id), eq(registrations.userId, playerId), eq(registrations.status, 'confirmed')));
    if (!registration) throw new AppError('player_not_confirmed', messages.gameDay.playerNotConfirmed);
    if (body.present !== undefined) assertPresenceWindow(game.dateTime, now);

    const [updated] = await tx
      .update(registrations)
      .set({
        ...(body.present !== undefined && { present: body.present }),
        ...(body.level !== undefined && { level: body.level }),
        updatedAt: now,
      })
      .where(eq(registrations.id, registration.id))
      .returning();
    const noShows = await countNoShows(tx, game.creatorId, [playerId]);
    return {
      message: messages.gameDay.playerUpdated,
      player: { userId: playerId, present: updated!.present, level: updated!.level, noShows: noShows.get(playerId) ?? 0 },
    };
  });
}
