import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { isRefundable } from '../../../shared/rules/refund-policy';
import type { LeaveSeriesReply } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { placeOf, recordGameEvent } from '../../core/games/game-history';
import { refundText, when } from '../../core/games/game-notices';
import { promoteWaitlist } from '../../core/games/promote-waitlist';
import { type PendingRefunds, refundAtProvider, refundInFull } from '../../core/games/refund-in-full';
import { refundCancellation } from '../../core/games/refund-cancellation';
import { cancelledFields, findLiveRegistration } from '../../core/games/registration-guards';
import { notify, type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closePendingCheckouts, closeWithProviders } from '../../core/payments/close-checkouts';
import type { PaymentRow } from '../../core/payments/payment-records';
import { lockSeries, lockUpcomingGames, upcomingGames } from '../../core/series/member-places';
import { registrations, seriesMembers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { canManage, canSeeSeries, seriesNotFound } from './series-view';

type EndedBy = { kind: 'left'; member: AuthUser } | { kind: 'removed'; organiser: AuthUser };

/**
 * Ends a membership under the series lock, then gives up the member's places in the games to come, all of them locked
 * before anyone is refunded: leaving follows the player's 48-hour rule (places at least 48 hours ahead are cancelled and refunded;
 * nearer ones stay the player's, to play or cancel without refund), while the organiser removing a member cancels
 * every place and refunds it in full. Freed places go to the line.
 */
async function endMembership(
  ctx: ServerContext,
  seriesId: number,
  memberId: number,
  endedBy: EndedBy,
): Promise<{ cancelled: number; kept: number }> {
  const mails: PendingMail = [];
  const closed: PaymentRow[] = [];
  const refunds: PendingRefunds = [];
  const totals = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockSeries(tx, seriesId);
    if (endedBy.kind === 'removed' && !(await canManage(tx, row, endedBy.organiser))) throw seriesNotFound();
    // Someone who may not see the series learns nothing from it, not even that they are not a member.
    if (endedBy.kind === 'left' && !(await canSeeSeries(tx, row, endedBy.member))) throw seriesNotFound();
    const [ended] = await tx
      .update(seriesMembers)
      .set({ leftAt: now, endReason: endedBy.kind })
      .where(and(eq(seriesMembers.seriesId, row.id), eq(seriesMembers.userId, memberId), isNull(seriesMembers.leftAt)))
      .returning({ id: seriesMembers.id });
    if (!ended)
      throw new AppError('series_member_not_found', endedBy.kind === 'left' ? messages.series.notMember : messages.series.memberNotFound);

    const counts = { cancelled: 0, kept: 0 };
    for (const game of await lockUpcomingGames(tx, row.id, now)) {
      closed.push(...(await expirePendingPayments(tx, ctx, game, mails)));
      const registration = await findLiveRegistration(tx, game.id, memberId);
      if (!registration || registration.status === 'waitlist') continue;
      if (endedBy.kind === 'left' && registration.paidCents > 0 && !isRefundable(game.dateTime, now)) {
        counts.kept += 1;
        continue;
      }
      await tx.update(registrations).set(cancelledFields(registration, now)).where(eq(registrations.id, registration.id));
      const actorId = endedBy.kind === 'left' ? memberId : endedBy.organiser.id;
      await recordGameEvent(tx, {
        gameId: game.id,
        actorId,
        action: endedBy.kind === 'left' ? 'player_left' : 'player_removed',
        details: { playerId: memberId, from: placeOf(registration), member: true },
        at: now,
      });
      if (registration.status === 'pending') closed.push(...(await closePendingCheckouts(tx, [registration.id], now)));
      if (endedBy.kind === 'left') {
        const outcome = await refundCancellation(tx, game, registration, now);
        const refunded = outcome === 'none' ? 0 : registration.paidCents;
        if (outcome !== 'none') {
          const details = { playerId: memberId, cents: refunded, refund: outcome };
          await recordGameEvent(tx, { gameId: game.id, actorId, action: 'refunded', details, at: now });
        }
        await notify(
          tx,
          memberId,
          'registration_cancelled',
          messages.notice.cancelled(game.name, when(game), refundText(outcome, refunded, false)),
          game.id,
        );
      } else {
        await refundInFull(tx, {
          game,
          registration,
          description: `Mensalista removido de ${game.name}`,
          reason: messages.series.removed,
          actorId,
          refunds,
          now,
        });
      }
      counts.cancelled += 1;
      await promoteWaitlist(tx, ctx, game, mails);
    }
    if (endedBy.kind === 'removed') {
      const [latest] = await upcomingGames(tx, row.id, now);
      await notify(tx, memberId, 'removed_from_game', messages.series.notice.removed(row.template.name), latest?.id);
    }
    return counts;
  });
  await refundAtProvider(ctx, refunds, mails);
  await sendPendingMail(ctx, mails);
  await closeWithProviders(ctx, closed);
  return totals;
}

export async function leaveSeries(ctx: ServerContext, user: AuthUser, seriesId: number): Promise<LeaveSeriesReply> {
  const { cancelled, kept } = await endMembership(ctx, seriesId, user.id, { kind: 'left', member: user });
  return { message: messages.series.left(cancelled, kept), cancelled, kept };
}

export async function removeSeriesMember(
  ctx: ServerContext,
  organiser: AuthUser,
  seriesId: number,
  memberId: number,
): Promise<LeaveSeriesReply> {
  const { cancelled, kept } = await endMembership(ctx, seriesId, memberId, { kind: 'removed', organiser });
  return { message: messages.series.removed, cancelled, kept };
}
