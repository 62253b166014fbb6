import { messages } from '../../../shared/messages';
import { weeksDue } from '../../../shared/rules/weekly-series';
import { type CreateSeriesShape, type SeriesReply, validateSeriesPayload } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { generatePrivateLink } from '../../core/games/private-link';
import { resolveGamePayload } from '../../core/games/resolve-game-payload';
import { games, series } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findSeries, loadSeriesGames, toSeriesView } from './series-view';

/**
 * Creates a weekly series and publishes its games due now (the first one and those within five weeks), each an
 * ordinary game at the first game's São Paulo wall-clock time; the daily job publishes the later ones. Like a game,
 * any signed-in organiser with a phone may create one.
 */
export async function createSeries(ctx: ServerContext, user: AuthUser, body: CreateSeriesShape): Promise<SeriesReply> {
  const now = ctx.clock.now();
  const checked = validateSeriesPayload(body, { now });
  if (!checked.success) throw new AppError('bad_request', checked.message, checked.fields);
  if (!user.phone && user.role !== 'admin') {
    throw new AppError('bad_request', messages.series.phoneRequired, { phone: messages.series.phoneRequired });
  }
  const { firstDateTime: _first, occurrences, memberSlots, ...template } = body;
  const seriesId = await ctx.db.transaction(async (tx) => {
    const values = await resolveGamePayload(tx, { ...template, dateTime: body.firstDateTime, state: 'published' }, { now });
    const [created] = await tx
      .insert(series)
      .values({ creatorId: user.id, firstDateTime: values.dateTime, occurrences: occurrences!, memberSlots: memberSlots ?? 0, createdAt: now, updatedAt: now })
      .returning({ id: series.id });
    for (const { week, dateTime } of weeksDue(values.dateTime, checked.data.occurrences, now)) {
      await tx.insert(games).values({
        ...values,
        dateTime,
        state: 'published',
        status: 'active',
        privateLink: generatePrivateLink(),
        creatorId: user.id,
        seriesId: created!.id,
        seriesWeek: week,
      });
    }
    return created!.id;
  });
  const row = (await findSeries(ctx.db, seriesId))!;
  const seriesGames = await loadSeriesGames(ctx.db, seriesId, now);
  return { message: messages.series.created(seriesGames.length), series: await toSeriesView(ctx.db, row, user.id), games: seriesGames };
}
