/**
 * Dates are instants (UTC) everywhere. A game is shown in its own zone (its state's, `timeZone` on every game view);
 * this one is the zone of a game without a state and of what has no place: list filters by day, payment and ledger times.
 */
export const TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** True for a real calendar day written `YYYY-MM-DD` (rejects 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockParts(instant: number, timeZone: string): Record<string, number> {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
}

/** How far ahead of UTC the clocks of `timeZone` are at `instant`, in milliseconds (−3 h in São Paulo today). */
function offsetMs(instant: number, timeZone: string): number {
  const parts = wallClockParts(instant, timeZone);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant at which the clocks of `timeZone` show `wallTime` (`YYYY-MM-DDTHH:mm`, seconds
 * optional), whatever daylight saving does there. A time repeated when the clocks go back is its
 * first occurrence; a time skipped when they go forward is read with the offset from before the
 * jump, so it lands that much later (02:30 in a 02:00→03:00 jump is 03:30). Invalid Date when
 * `wallTime` is not one.
 */
export function zonedTimeToInstant(wallTime: string, timeZone: string): Date {
  const wall = new Date(`${wallTime}Z`).getTime();
  if (Number.isNaN(wall)) return new Date(Number.NaN);
  // Offsets change at most a few times a year, so the ones a day either side are the only candidates.
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  const matches = [before, after].map((offset) => wall - offset).filter((instant) => offsetMs(instant, timeZone) === wall - instant);
  return new Date(matches.length > 0 ? Math.min(...matches) : wall - before);
}

/** What the clocks of `timeZone` show at `instant`: `YYYY-MM-DD` and `HH:mm:ss` (the inverse of zonedTimeToInstant). */
export function zonedWallTime(instant: Date, timeZone: string): { day: string; time: string } {
  const parts = wallClockParts(instant.getTime(), timeZone);
  const pad = (value: number | undefined, width = 2) => String(value).padStart(width, '0');
  return {
    day: `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`,
    time: `${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`,
  };
}

/** The instants [start, end) of a calendar day in `timeZone`: 23 or 25 hours long when the clocks change that day. */
export function dayRange(day: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedTimeToInstant(`${day}T00:00`, timeZone), end: zonedTimeToInstant(`${nextDay(day)}T00:00`, timeZone) };
}

/** The instants [start, end) of a calendar day in São Paulo. */
export function saoPauloDayRange(day: string): { start: Date; end: Date } {
  return dayRange(day, TIME_ZONE);
}

const HOUR_MS = 60 * 60 * 1000;
/** Offsets read once per zone and UTC hour (null: the clocks change inside that hour), for the formatters below. */
const hourOffsets = new Map<string, number | null>();
const KEPT_OFFSETS = 50_000;

/**
 * offsetMs, read once per zone and hour: a whole hour shares its first second's offset unless the clocks change inside
 * it (its last second says otherwise), and then each instant is read exactly. A spreadsheet of a month's payments
 * formats tens of thousands of instants; this reads a few hundred offsets for them.
 */
function offsetAt(instant: number, timeZone: string): number {
  const hour = Math.floor(instant / HOUR_MS);
  const key = `${timeZone} ${hour}`;
  let kept = hourOffsets.get(key);
  if (kept === undefined) {
    const first = offsetMs(hour * HOUR_MS, timeZone);
    kept = offsetMs((hour + 1) * HOUR_MS - 1000, timeZone) === first ? first : null;
    if (hourOffsets.size >= KEPT_OFFSETS) hourOffsets.clear();
    hourOffsets.set(key, kept);
  }
  return kept ?? offsetMs(instant, timeZone);
}

const two = (value: number) => String(value).padStart(2, '0');

/** Day, month, year, hour and minute of `instant` on the clocks of `timeZone`, two digits each (four for the year). */
function zonedParts(instant: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const wall = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  return {
    year: String(wall.getUTCFullYear()).padStart(4, '0'),
    month: two(wall.getUTCMonth() + 1),
    day: two(wall.getUTCDate()),
    hour: two(wall.getUTCHours()),
    minute: two(wall.getUTCMinutes()),
  };
}

/** An instant as the wall-clock day (`YYYY-MM-DD`) and time (`HH:mm`) of `timeZone`. */
export function dateAndTimeIn(date: Date, timeZone: string): { date: string; time: string } {
  const parts = zonedParts(date, timeZone);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * `28/11/2026 às 19:00` on the clocks of `timeZone` (a game's own, for anything about a game); empty for a value that
 * is not an instant. The one formatter of a date and time, for the server's texts and the web's pages alike.
 */
export function formatDateTime(value: Date | string | number, timeZone: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = zonedParts(date, timeZone);
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/**
 * `terça-feira, 01/12/2026 às 19:00`: formatDateTime with the weekday first, for a text read away from the app (a group
 * chat), where "which Tuesday" is the first question.
 */
export function formatWeekdayDateTime(value: Date | string | number, timeZone: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = zonedParts(date, timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))).getUTCDay()]!;
  return `${weekday}, ${formatDateTime(date, timeZone)}`;
}

/** The calendar day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10);
}

/** `hoje às 19:30`, `amanhã às 19:30` or `28/11/2026 às 19:30`, as seen at `now` on the clocks of `timeZone`. */
export function formatRelativeDateTime(date: Date, now: Date, timeZone: string): string {
  const game = dateAndTimeIn(date, timeZone);
  const today = dateAndTimeIn(now, timeZone).date;
  if (game.date === today) return `hoje às ${game.time}`;
  if (game.date === nextDay(today)) return `amanhã às ${game.time}`;
  return formatDateTime(date, timeZone);
}
