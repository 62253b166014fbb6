import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { CalendarFeedReply, RegenerateCalendarFeedReply } from '../../../shared/schemas/calendars';
import { gameCalendar } from '../../core/calendars/game-calendar';
import type { AuthUser, ServerContext } from '../../core/context';
import { games, registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** 64 hex digits: 256 random bits from regenerate, 244 from the column default (two UUIDs). */
const FEED_TOKEN = /^[0-9a-f]{64}$/;
/**
 * How far back the feed reaches: calendar apps keep the events they already hold, so a game that leaves the window
 * stays in the player's calendar; the window only bounds what each poll reads and sends (decision 041).
 */
export const FEED_HISTORY_DAYS = 60;
const FEED_HISTORY_MS = FEED_HISTORY_DAYS * 24 * 60 * 60 * 1000;
const FEED_MAX_GAMES = 1000;

const feedUrl = (ctx: ServerContext, token: string) => `${ctx.config.publicUrl}/api/calendar/${token}.ics`;

/** The address of the signed-in user's private feed. */
export function getCalendarFeed(ctx: ServerContext, user: AuthUser): CalendarFeedReply {
  // Every live account has one (a column default); a deleted one cannot sign in.
  if (!user.calendarToken) throw new AppError('calendar_feed_not_found', messages.calendarFeedNotFound);
  return { url: feedUrl(ctx, user.calendarToken) };
}

/** A new secret for the feed: the old address stops working at once. */
export async function regenerateCalendarFeed(ctx: ServerContext, user: AuthUser): Promise<RegenerateCalendarFeedReply> {
  const token = randomBytes(32).toString('hex');
  await ctx.db
    .update(users)
    .set({ calendarToken: token })
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  return { url: feedUrl(ctx, token), message: messages.calendarFeedRegenerated };
}

/**
 * The feed behind a secret: the games of the last FEED_HISTORY_DAYS and ahead that the player holds a place in
 * (confirmed, or pending before its deadline, TENTATIVE), and the cancelled games they held one in when the
 * organiser cancelled, as STATUS:CANCELLED so subscribed calendars drop them. A game the player left simply
 * disappears from the feed. `etag` names this content (each game's id, revision and state);
 * when it is the one the calendar app sent in If-None-Match, `ics` is null (304) and the calendar is not written.
 */
export async function readCalendarFeedIfChanged(
  ctx: ServerContext,
  token: string,
  ifNoneMatch?: string,
): Promise<{ etag: string; ics: string | null }> {
  const [owner] = FEED_TOKEN.test(token)
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.calendarToken, token), isNull(users.deletedAt)))
    : [];
  if (!owner) throw new AppError('calendar_feed_not_found', messages.calendarFeedNotFound);
  const now = ctx.clock.now();
  const rows = await ctx.db
    // What an event shows, not the whole game: the embedded database hands every field over on its own.
    .select({
      id: games.id,
      name: games.name,
      location: games.location,
      address: games.address,
      dateTime: games.dateTime,
      status: games.status,
      cancelReason: games.cancelReason,
      updatedAt: games.updatedAt,
      registrationStatus: registrations.status,
    })
    .from(registrations)
    .innerJoin(games, eq(games.id, registrations.gameId))
    .where(
      and(
        eq(registrations.userId, owner.id),
        // The game's start as the registration carries it: the window is read from the index on (user, game start).
        gte(registrations.gameDateTime, new Date(now.getTime() - FEED_HISTORY_MS)),
        or(
          eq(registrations.status, 'confirmed'),
          sql`(${registrations.status} = 'pending' and (${registrations.paymentDeadline} is null or ${registrations.paymentDeadline} > ${now.toISOString()}::timestamptz))`,
          and(
            eq(games.status, 'cancelled'),
            inArray(registrations.cancelledFrom, ['confirmed', 'pending']),
            // Cancelled together with the game (the same transaction stamps both), not by the player earlier.
            gte(registrations.cancelledAt, games.updatedAt),
          ),
        ),
      ),
    )
    .orderBy(asc(games.dateTime), asc(games.id))
    .limit(FEED_MAX_GAMES);
  const unique = [
    ...new Map(
      rows.map(({ registrationStatus, ...game }) => [game.id, { ...game, isTentative: registrationStatus === 'pending' }]),
    ).values(),
  ];
  const fingerprint = createHash('sha256').update(ctx.config.publicUrl);
  for (const game of unique) fingerprint.update(`${game.id}:${game.updatedAt.getTime()}:${game.status}:${game.isTentative ? 1 : 0};`);
  const etag = `"${fingerprint.digest('base64url').slice(0, 27)}"`;
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return { etag, ics: null };
  return { etag, ics: gameCalendar(unique, { publicUrl: ctx.config.publicUrl, name: messages.calendarName }) };
}
