import { zonedTimeToInstant, zonedWallTime } from '../dates';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A series' games exist this far ahead; the daily job rolls the window forward. */
export const SERIES_HORIZON_DAYS = 35;
export const MAX_OCCURRENCES = 52;

/**
 * The instant of week `week` (0 = the first game) of a series: the same wall-clock time as the first game, `week`
 * calendar weeks later, in `timeZone` (the game's). Counted on the calendar, not in hours, so a daylight-saving change
 * between two weeks keeps the game at 19:30 on the clocks of the place.
 */
export function weeklyDateTime(first: Date, week: number, timeZone: string): Date {
  const { day, time } = zonedWallTime(first, timeZone);
  const shifted = new Date(new Date(`${day}T00:00:00Z`).getTime() + week * 7 * DAY_MS).toISOString().slice(0, 10);
  return zonedTimeToInstant(`${shifted}T${time}`, timeZone);
}

/**
 * The weeks of a series whose games should exist at `now`: still to come and within the horizon. Weeks already past
 * (a server down on their day) are never created late.
 */
export function weeksDue(first: Date, occurrences: number, now: Date, timeZone: string): { week: number; dateTime: Date }[] {
  const horizon = now.getTime() + SERIES_HORIZON_DAYS * DAY_MS;
  const due: { week: number; dateTime: Date }[] = [];
  for (let week = 0; week < occurrences; week += 1) {
    const dateTime = weeklyDateTime(first, week, timeZone);
    if (dateTime.getTime() > horizon) break;
    if (dateTime.getTime() > now.getTime()) due.push({ week, dateTime });
  }
  return due;
}

/**
 * Until when a member's place that credits could not pay stays held: 48 hours before the game (the last moment a
 * player can still give it up with a refund), but never less than the checkout window from now, nor after the game.
 */
export function memberPaymentDeadline(gameAt: Date, now: Date, holdMinutes: number): Date {
  const latest = Math.max(gameAt.getTime() - 2 * DAY_MS, now.getTime() + holdMinutes * 60_000);
  return new Date(Math.min(latest, gameAt.getTime()));
}
