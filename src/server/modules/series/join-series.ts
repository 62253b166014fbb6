import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { JoinSeriesReply } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertCanReachGame, lockGame } from '../../core/games/registration-guards';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { activeMembers, holdMemberPlace, lockSeries, upcomingGames } from '../../core/series/member-places';
import { seriesMembers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toSeriesView } from './series-view';

/**
 * Makes the caller a mensalista, in one transaction under the series lock (members are counted there, so racing
 * players never exceed memberSlots) and then each upcoming game's lock, in date order: a place in every game with
 * one free, confirmed and charged from credits while the balance covers it, otherwise held as pending until its
 * deadline; a full game is reported and left alone (the player may join its line as anyone would).
 */
export async function joinSeries(ctx: ServerContext, user: AuthUser, seriesId: number, privateLink: string | undefined): Promise<JoinSeriesReply> {
  const mails: PendingMail = [];
  const reply = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockSeries(tx, seriesId);
    const upcoming = await upcomingGames(tx, row.id, now);
    if (upcoming[0]) await assertCanReachGame(tx, upcoming[0], user, privateLink);
    if (row.status === 'cancelled' || upcoming.length === 0) throw new AppError('conflict', messages.series.cancelled);
    if (!user.phone) throw new AppError('conflict', messages.series.phoneRequired, { phone: messages.series.phoneRequired });
    const members = await activeMembers(tx, row.id);
    if (members.some((member) => member.userId === user.id)) throw new AppError('conflict', messages.series.alreadyMember);
    if (row.memberSlots === 0) throw new AppError('conflict', messages.series.noMemberPlaces);
    if (members.length >= row.memberSlots) throw new AppError('conflict', messages.series.memberPlacesFull);

    await tx.insert(seriesMembers).values({ seriesId: row.id, userId: user.id, joinedAt: now });
    const outcomes: JoinSeriesReply['games'] = [];
    for (const upcomingGame of upcoming) {
      const game = await lockGame(tx, upcomingGame.id);
      const { outcome, paymentDeadline } = await holdMemberPlace(tx, ctx, game, user.id, mails);
      outcomes.push({ gameId: game.id, dateTime: game.dateTime.toISOString(), outcome, paymentDeadline: paymentDeadline?.toISOString() ?? null });
    }
    const tally = (outcome: string) => outcomes.filter((entry) => entry.outcome === outcome).length;
    const [balance] = await tx.select({ balanceCents: users.balanceCents }).from(users).where(eq(users.id, user.id));
    return {
      message: messages.series.joined(tally('confirmed') + tally('kept'), tally('pending'), tally('full')),
      series: await toSeriesView(tx, row, user.id),
      games: outcomes,
      credits: toReais(balance!.balanceCents),
    };
  });
  await sendPendingMail(ctx, mails);
  return reply;
}
