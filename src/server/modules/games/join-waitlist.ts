import { messages } from '../../../shared/messages';
import type { WaitlistReply } from '../../../shared/schemas/games';
import type { AuthUser, ServerContext } from '../../core/context';
import { addToWaitlist } from '../../core/games/add-to-waitlist';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { recordGameEvent } from '../../core/games/game-history';
import { noticeOrganiserOfRegistration } from '../../core/games/organiser-notices';
import {
  assertCanReachGame,
  assertHasPhone,
  assertOpenForRegistration,
  findLiveRegistration,
  lockGame,
} from '../../core/games/registration-guards';
import { freePlacesFor } from '../../core/games/places';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { AppError } from '../../lib/app-error';

/** Joins the line of a full game; a game with free slots is applied to instead. */
export async function joinWaitlist(
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
  privateLink: string | undefined,
): Promise<WaitlistReply> {
  const mails: PendingMail = [];
  const position = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const game = await lockGame(tx, gameId);
    await expirePendingPayments(tx, ctx, game, mails);
    await assertCanReachGame(tx, game, user, privateLink);
    assertOpenForRegistration(game, now);
    assertHasPhone(user);
    const live = await findLiveRegistration(tx, game.id, user.id);
    if (live)
      throw live.status === 'waitlist'
        ? new AppError('already_on_waitlist', messages.alreadyOnWaitlist)
        : new AppError('already_registered', messages.alreadyRegistered);
    if ((await freePlacesFor(tx, game, user.id, now)) > 0) throw new AppError('game_has_free_slots', messages.gameHasFreeSlots);
    const position = await addToWaitlist(tx, game, user.id, now);
    const details = { playerId: user.id, status: 'waitlist' as const };
    await recordGameEvent(tx, { gameId: game.id, actorId: user.id, action: 'player_joined', details, at: now });
    await noticeOrganiserOfRegistration(tx, ctx, mails, game, user.id, 'waitlist');
    return position;
  });
  await sendPendingMail(ctx, mails);
  return { message: messages.addedToWaitlist, waitlisted: true, position };
}
