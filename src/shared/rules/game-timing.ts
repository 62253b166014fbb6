const HOUR_MS = 60 * 60 * 1000;

/** The list of cancelled games still shows one up to this long after its start (spec: players §9). */
export const LISTING_LOOKBACK_HOURS = 24;

/** How long a player promoted from the waitlist has to pay before the slot passes on. */
export const PAYMENT_WINDOW_HOURS = 2;

/**
 * Games have a start and no end: calendars show them this long (decision 028), the length of a
 * typical court booking.
 */
export const GAME_DURATION_HOURS = 2;

/** When a game ends: its start plus GAME_DURATION_HOURS, in calendars and in every status a game is shown with. */
export function gameEnd(start: Date): Date {
  return new Date(start.getTime() + GAME_DURATION_HOURS * HOUR_MS);
}

/**
 * Where a game stands: `upcoming` until its start (the only time anyone may join it, and the only games listed as
 * open), `in_progress` ("Em andamento") from its start until its end, `ended` afterwards.
 */
export type GamePhase = 'upcoming' | 'in_progress' | 'ended';

export function gamePhase(dateTime: Date | string, now: Date): GamePhase {
  const start = new Date(dateTime);
  if (start.getTime() > now.getTime()) return 'upcoming';
  return gameEnd(start).getTime() > now.getTime() ? 'in_progress' : 'ended';
}

/** The latest start of a game that has ended by `now`: a game starting after it is still ahead or in progress. */
export function endedIfStartedBy(now: Date): Date {
  return new Date(now.getTime() - GAME_DURATION_HOURS * HOUR_MS);
}

/**
 * No reminder goes out this close to the start (decision 028): whoever signs up that late has just
 * been told, and a reminder could arrive after the game began.
 */
export const REMINDER_CUTOFF_HOURS = 2;

type MaybeDate = Date | string | null | undefined;

function toTime(value: MaybeDate): number | undefined {
  if (value === null || value === undefined) return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : time;
}

/** A game is in the future while its start is after now; without a date it is neither future nor finished. */
export function isFuture(dateTime: MaybeDate, now: Date): boolean {
  const time = toTime(dateTime);
  return time !== undefined && time > now.getTime();
}

/** Finished once its start is at or before now. */
export function isFinished(dateTime: MaybeDate, now: Date): boolean {
  const time = toTime(dateTime);
  return time !== undefined && time <= now.getTime();
}

/** The earliest start the list of cancelled games still shows. */
export function listingCutoff(now: Date): Date {
  return new Date(now.getTime() - LISTING_LOOKBACK_HOURS * HOUR_MS);
}

/** A promoted player's deadline to pay: the payment window, but never past the game's start. */
export function paymentDeadline(now: Date, gameStart: Date): Date {
  return new Date(Math.min(now.getTime() + PAYMENT_WINDOW_HOURS * HOUR_MS, gameStart.getTime()));
}
