import { zonedTimeToInstant, zonedWallTime } from '../../../shared/dates';

/** No push between these hours on the clocks where the game is (São Paulo's for what has no place). */
export const QUIET_FROM = '22:00';
export const QUIET_UNTIL = '07:00';

/** The day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * When the quiet hours that `now` falls in end (07:00 on the clocks of `timeZone`), or null when `now` is outside
 * them. A push held back goes then.
 */
export function quietHoursEnd(now: Date, timeZone: string): Date | null {
  const { day, time } = zonedWallTime(now, timeZone);
  if (time >= QUIET_UNTIL && time < QUIET_FROM) return null;
  const endDay = time < QUIET_UNTIL ? day : nextDay(day);
  return zonedTimeToInstant(`${endDay}T${QUIET_UNTIL}`, timeZone);
}

/**
 * When a push due at `now` may go: now, or at the end of the quiet hours; a place offered with a payment deadline
 * that falls before then goes now, or it would arrive too late to be taken.
 */
export function pushMayGoAt(now: Date, timeZone: string, paymentDeadline: Date | null): Date {
  const end = quietHoursEnd(now, timeZone);
  if (!end || (paymentDeadline && paymentDeadline < end)) return now;
  return end;
}
