import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { type CreateSeriesShape, type SeriesReply, validateSeriesPayload } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { resolveGamePayload } from '../../core/games/resolve-game-payload';
import { timeZoneOfState } from '../../core/games/time-zone';
import { groupGamePayee } from '../../core/groups/group-games';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { createDueGames, seriesTemplateOf } from '../../core/series/member-places';
import { series } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findSeries, loadSeriesGames, toSeriesView } from './series-view';

/**
 * Creates a weekly series and publishes its games due now (those within five weeks, maybe none yet), each an
 * ordinary game made of the series' template at the first game's wall-clock time in its state's zone; the series-roll job
 * publishes the later ones. Like a game, any signed-in organiser with a phone may create one.
 */
export async function createSeries(ctx: ServerContext, user: AuthUser, body: CreateSeriesShape): Promise<SeriesReply> {
  const now = ctx.clock.now();
  const checked = validateSeriesPayload(body, { now, timeZone: await timeZoneOfState(ctx.db, body.stateId) });
  if (!checked.success) throw new AppError('validation_failed', checked.message, checked.fields);
  if (!user.phone && user.role !== 'admin') {
    throw new AppError('phone_required', messages.series.phoneRequired, { phone: messages.series.phoneRequired });
  }
  const { firstDateTime: _first, occurrences: _weeks, memberSlots: _members, groupId = null, ...template } = body;
  const mails: PendingMail = [];
  const seriesId = await ctx.db.transaction(async (tx) => {
    // A turma's series is made by its owner or an organiser and belongs to the owner, its payee (decision 074).
    const payee = groupId === null ? user.id : await groupGamePayee(tx, groupId, user);
    const values = await resolveGamePayload(tx, { ...template, dateTime: body.firstDateTime, state: 'published' }, { now, groupId });
    const [created] = await tx
      .insert(series)
      .values({
        creatorId: payee,
        groupId,
        firstDateTime: values.dateTime,
        occurrences: checked.data.occurrences,
        memberSlots: checked.data.memberSlots,
        template: seriesTemplateOf(values),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await createDueGames(tx, ctx, created!, mails, user.id);
    return created!.id;
  });
  await sendPendingMail(ctx, mails);
  const row = (await findSeries(ctx.db, seriesId))!;
  const seriesGames = await loadSeriesGames(ctx.db, seriesId, now);
  const firstDay = formatDateTime(row.firstDateTime, await timeZoneOfState(ctx.db, row.template.stateId)).split(' às ')[0]!;
  return {
    message: messages.series.created(seriesGames.length, firstDay),
    series: await toSeriesView(ctx.db, row, user.id),
    games: seriesGames,
  };
}
