import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { UserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { recordGameEvent } from '../../core/games/game-history';
import { promoteWaitlist } from '../../core/games/promote-waitlist';
import { gamePayloadOf, resolveGamePayload } from '../../core/games/resolve-game-payload';
import { loadUserGame, lockOwnGame } from '../../core/games/user-game-view';
import { noticeGroupOfNewGame } from '../../core/groups/group-notices';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { games } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Draft → published. The draft must pass the same rules as a new game today (a future date, sport,
 * state and city still active for a public game). A line that formed before it was unpublished gets
 * the free slots. Publishing a published game changes nothing.
 */
export async function publishUserGame(ctx: ServerContext, user: AuthUser, gameId: number): Promise<UserGameReply> {
  const mails: PendingMail = [];
  const message = await ctx.db.transaction(async (tx) => {
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameLocked);
    if (game.state === 'published') return messages.gameAlreadyPublished;
    await resolveGamePayload(tx, gamePayloadOf(game), { now: ctx.clock.now(), groupId: game.groupId });
    const [published] = await tx
      .update(games)
      .set({ state: 'published', updatedAt: ctx.clock.now() })
      .where(eq(games.id, game.id))
      .returning();
    await recordGameEvent(tx, { gameId: game.id, actorId: user.id, action: 'published', at: ctx.clock.now() });
    await expirePendingPayments(tx, ctx, published!, mails);
    await promoteWaitlist(tx, ctx, published!, mails);
    await noticeGroupOfNewGame(tx, ctx, mails, published!, user.id);
    return messages.gamePublished;
  });
  await sendPendingMail(ctx, mails);
  return { message, game: await loadUserGame(ctx.db, gameId, ctx.clock.now()) };
}
