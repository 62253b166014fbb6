import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { CalendarFeedReply, RegenerateCalendarFeedReply } from '../../../shared/schemas/calendars';
import { gameCalendar } from '../../core/calendars/game-calendar';
import type { AuthUser, ServerContext } from '../../core/context';
import { games, registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** 64 hex digits: 256 random bits from regenerate, 244 from the column default (two UUIDs). */
const FEED_TOKEN = /^[0-9a-f]{64}$/;
/** How far back the feed keeps games, so past games stay in the player's calendar for a while. */
const FEED_HISTORY_MS = 365 * 24 * 60 * 60 * 1000;
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
  await ctx.db.update(users).set({ calendarToken: token }).where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  return { url: feedUrl(ctx, token), message: messages.calendarFeedRegenerated };
}

/**
 * The feed behind a secret: the games the player holds a place in (confirmed, or pending before its
 * deadline, TENTATIVE), and the cancelled games they held one in when the organiser cancelled, as STATUS:CANCELLED
 * so subscribed calendars drop them. A game the player left simply disappears from the feed.
 */
export async function readCalendarFeed(ctx: ServerContext, token: string): Promise<string> {
  const [owner] = FEED_TOKEN.test(token)
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.calendarToken, token), isNull(users.deletedAt)))
    : [];
  if (!owner) throw new AppError('calendar_feed_not_found', messages.calendarFeedNotFound);
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ game: games, status: registrations.status })
    .from(registrations)
    .innerJoin(games, eq(games.id, registrations.gameId))
    .where(
      and(
        eq(registrations.userId, owner.id),
        gte(games.dateTime, new Date(now.getTime() - FEED_HISTORY_MS)),
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
  const unique = [...new Map(rows.map(({ game, status }) => [game.id, { ...game, isTentative: status === 'pending' }])).values()];
  return gameCalendar(unique, { publicUrl: ctx.config.publicUrl, name: messages.calendarName });
}
