import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import { weeklyDateTime } from '../../../shared/rules/weekly-series';
import type { JoinSeriesReply } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { findLiveRegistration, type GameRow, isInvitedTo } from '../../core/games/registration-guards';
import { noticeOrganiserOfMember } from '../../core/games/organiser-notices';
import { timeZoneOfState } from '../../core/games/time-zone';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import {
  activeMembers,
  holdMemberPlace,
  lockSeries,
  lockUpcomingGames,
  noticeNewMember,
  type SeriesRow,
} from '../../core/series/member-places';
import type { Tx } from '../../db/open-database';
import { seriesMembers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { canSeeSeries, seriesNotFound, toSeriesView } from './series-view';

/**
 * Whether a new member gets a place in this week: only a published week they could see. A week as private as the
 * series is theirs (they reached the series); a week made private in a public series only if its organiser let them
 * in there (invited, its link, or a place they already hold).
 */
async function memberMaySee(tx: Tx, row: SeriesRow, game: GameRow, user: AuthUser, privateLink: string | undefined): Promise<boolean> {
  if (game.state !== 'published') return false;
  if (game.visibility === 'public' || row.template.visibility === game.visibility) return true;
  if (game.creatorId === user.id || privateLink === game.privateLink) return true;
  return (await isInvitedTo(tx, game.id, user)) || (await findLiveRegistration(tx, game.id, user.id)) !== undefined;
}

/**
 * Makes the caller a mensalista, in one transaction under the series lock (members are counted there, so racing
 * players never exceed memberSlots) and then its upcoming games' locks, all taken before anyone is charged: a place
 * in every published game the player may see with one free, confirmed and charged from credits while the balance
 * covers it, otherwise held as pending until its deadline; a full game is reported and left alone (the player may
 * join its line as anyone would). Weeks not published yet give their places when the job publishes them.
 */
export async function joinSeries(
  ctx: ServerContext,
  user: AuthUser,
  seriesId: number,
  privateLink: string | undefined,
): Promise<JoinSeriesReply> {
  const mails: PendingMail = [];
  const reply = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockSeries(tx, seriesId);
    if (!(await canSeeSeries(tx, row, user, privateLink))) throw seriesNotFound();
    if (row.status === 'cancelled') throw new AppError('series_cancelled', messages.series.cancelled);
    const timeZone = await timeZoneOfState(tx, row.template.stateId);
    if (weeklyDateTime(row.firstDateTime, row.occurrences - 1, timeZone) <= now) throw new AppError('series_ended', messages.series.ended);
    if (!user.phone) throw new AppError('phone_required', messages.series.phoneRequired, { phone: messages.series.phoneRequired });
    const members = await activeMembers(tx, row.id);
    if (members.some((member) => member.userId === user.id)) throw new AppError('already_member', messages.series.alreadyMember);
    if (row.memberSlots === 0) throw new AppError('no_member_places', messages.series.noMemberPlaces);
    if (members.length >= row.memberSlots) throw new AppError('member_places_full', messages.series.memberPlacesFull);

    const upcoming = await lockUpcomingGames(tx, row.id, now);
    await tx.insert(seriesMembers).values({ seriesId: row.id, userId: user.id, joinedAt: now });
    await noticeOrganiserOfMember(tx, ctx, mails, { id: row.id, creatorId: row.creatorId, name: row.template.name }, user.id);
    const outcomes: JoinSeriesReply['games'] = [];
    const weeks: Parameters<typeof noticeNewMember>[3] = [];
    for (const game of upcoming) {
      if (!(await memberMaySee(tx, row, game, user, privateLink))) continue;
      const { outcome, paymentDeadline } = await holdMemberPlace(tx, ctx, game, user.id, mails, false);
      weeks.push({ game, outcome, paymentDeadline });
      outcomes.push({
        gameId: game.id,
        dateTime: game.dateTime.toISOString(),
        outcome,
        paymentDeadline: paymentDeadline?.toISOString() ?? null,
      });
    }
    await noticeNewMember(tx, user.id, row.template.name, weeks);
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
