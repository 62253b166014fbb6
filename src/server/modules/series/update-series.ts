import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { type SeriesReply, type UpdateSeriesShape, validateSeriesPayload } from '../../../shared/schemas/series';
import type { AuthUser, ServerContext } from '../../core/context';
import { applyGameEdit } from '../../core/games/apply-game-edit';
import { resolveGamePayload } from '../../core/games/resolve-game-payload';
import { timeZoneOfState } from '../../core/games/time-zone';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { activeMembers, createDueGames, lockUpcomingGames, seriesTemplateOf } from '../../core/series/member-places';
import { games, series } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { loadSeriesGames, lockOpenSeries, toSeriesView } from './series-view';

/**
 * Edits a series under its lock: the payload (without date and publication) becomes the series' template, for the
 * weeks still to be published, and goes to every game still to come, each by the game edit rules (its lock taken
 * after the series'; players registered hear of a new place, time or price); the weeks and
 * member places change on the series, never below the games made or the members it has. Past games keep what they were.
 */
export async function updateSeries(ctx: ServerContext, user: AuthUser, seriesId: number, body: UpdateSeriesShape): Promise<SeriesReply> {
  const mails: PendingMail = [];
  const updatedGames = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockOpenSeries(tx, seriesId, user, messages.series.cancelled);
    const checked = validateSeriesPayload(body, { now, current: row, timeZone: await timeZoneOfState(tx, row.template.stateId) });
    if (!checked.success) throw new AppError('validation_failed', checked.message, checked.fields);
    const { occurrences, memberSlots } = checked.data;
    const members = (await activeMembers(tx, row.id)).length;
    if (memberSlots < members) {
      throw new AppError('member_slots_below_members', messages.series.memberSlotsBelowMembers(members), {
        memberSlots: messages.series.memberSlotsBelowMembers(members),
      });
    }
    const created = await tx.select({ week: games.seriesWeek }).from(games).where(eq(games.seriesId, row.id));
    if (occurrences < created.length) {
      throw new AppError('occurrences_below_created', messages.series.occurrencesBelowCreated(created.length), {
        occurrences: messages.series.occurrencesBelowCreated(created.length),
      });
    }

    const { occurrences: _weeks, memberSlots: _members, ...template } = body;
    // What the weeks still to be published are made of, even when no game exists yet.
    const seriesValues = await resolveGamePayload(
      tx,
      { ...template, dateTime: row.firstDateTime.toISOString(), state: 'published' },
      { now, current: { ...row.template, dateTime: row.firstDateTime }, groupId: row.groupId },
    );
    const upcoming = await lockUpcomingGames(tx, row.id, now);
    // The series first: each game's edit promotes its line by the member places the series keeps now.
    const [updated] = await tx
      .update(series)
      .set({ occurrences, memberSlots, template: seriesTemplateOf(seriesValues), updatedAt: now })
      .where(eq(series.id, row.id))
      .returning();
    for (const game of upcoming) {
      const values = await resolveGamePayload(
        tx,
        { ...template, dateTime: game.dateTime.toISOString(), state: 'published' },
        { now, current: game, groupId: game.groupId },
      );
      await applyGameEdit(tx, ctx, game, values, mails, { id: user.id });
    }
    await createDueGames(tx, ctx, updated!, mails, user.id);
    return upcoming.length;
  });
  await sendPendingMail(ctx, mails);
  const now = ctx.clock.now();
  const [row] = await ctx.db.select().from(series).where(eq(series.id, seriesId));
  return {
    message: messages.series.updated(updatedGames),
    series: await toSeriesView(ctx.db, row!, user.id),
    games: await loadSeriesGames(ctx.db, seriesId, now),
  };
}
