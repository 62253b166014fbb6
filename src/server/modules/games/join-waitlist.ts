import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { WaitlistReply } from '../../../shared/schemas/games';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/open-database';
import { registrations } from '../../db/schema';
import type { AuthUser } from '../../http/authentication';
import { AppError } from '../../lib/app-error';
import { notify, type PendingMail, sendPendingMail } from '../notifications/notify';
import { expirePendingPayments } from './expire-pending-payments';
import { when } from './game-notices';
import {
  assertCanReachGame,
  assertHasPhone,
  assertOpenForRegistration,
  countOccupiedSlots,
  findLiveRegistration,
  type GameRow,
  lockGame,
} from './registration-guards';

/** Puts the user at the end of the game's line (no charge) and returns their 1-based position. */
export async function addToWaitlist(tx: Tx, game: GameRow, userId: number, now: Date): Promise<number> {
  await tx.insert(registrations).values({ gameId: game.id, userId, status: 'waitlist', joinedAt: now });
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.gameId, game.id), eq(registrations.status, 'waitlist')));
  const position = row?.count ?? 1;
  await notify(tx, userId, 'waitlisted', messages.notice.waitlisted(game.name, when(game), position), game.id);
  return position;
}

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
    if (live) throw new AppError('conflict', live.status === 'waitlist' ? messages.alreadyOnWaitlist : messages.alreadyRegistered);
    if ((await countOccupiedSlots(tx, game.id)) < game.totalSlots) throw new AppError('conflict', messages.gameHasFreeSlots);
    return addToWaitlist(tx, game, user.id, now);
  });
  await sendPendingMail(ctx, mails);
  return { message: messages.addedToWaitlist, waitlisted: true, position };
}
