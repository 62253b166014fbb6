/** Dates are instants (UTC) everywhere; the product shows and filters them in São Paulo time. */
export const TIME_ZONE = 'America/Sao_Paulo';
// Brazil dropped daylight saving in 2019, so São Paulo is a fixed UTC−3.
const SAO_PAULO_OFFSET = '-03:00';

const DAY_MS = 24 * 60 * 60 * 1000;

/** True for a real calendar day written `YYYY-MM-DD` (rejects 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The instants [start, end) of a calendar day in São Paulo. */
export function saoPauloDayRange(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00${SAO_PAULO_OFFSET}`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `28/11/2026 às 19:00` in São Paulo time. */
export function formatDateTime(date: Date): string {
  const parts = Object.fromEntries(dateTimeFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}
