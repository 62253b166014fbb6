import { TIME_ZONE } from '../../shared/dates';

export { formatBRL } from '../../shared/money';
export { formatPhone } from '../../shared/rules/phone';

// Games happen in Santa Catarina: times read the same on every phone, whatever its own time zone.
const timeZone = TIME_ZONE;
const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' });
const longDateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' });

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `25/12/2025` */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** `quinta-feira, 25 de dezembro` */
export function formatLongDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? longDateFormat.format(date) : '';
}

/** `19:30` */
export function formatTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '';
}

/** `25/12/2025 às 19:30` */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)} às ${timeFormat.format(date)}` : '';
}

/** Seconds as `mm:ss` (minutes keep growing past 59: `75:00`). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
