const HOUR_MS = 60 * 60 * 1000;

/** Presence is marked on the court: from 2 h before the start until 3 days after (late fixes included). */
export const PRESENCE_OPENS_BEFORE_MS = 2 * HOUR_MS;
export const PRESENCE_CLOSES_AFTER_MS = 72 * HOUR_MS;

export type PresenceWindow = 'too_early' | 'open' | 'too_late';

/** Where `now` falls against the game's check-in window; both edges are inside it. */
export function presenceWindow(start: Date | string, now: Date): PresenceWindow {
  const startMs = new Date(start).getTime();
  if (now.getTime() < startMs - PRESENCE_OPENS_BEFORE_MS) return 'too_early';
  if (now.getTime() > startMs + PRESENCE_CLOSES_AFTER_MS) return 'too_late';
  return 'open';
}
