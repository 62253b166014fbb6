export { formatDateTime, TIME_ZONE } from '../../shared/dates';
import { formatBRL } from '../../shared/money';

export { formatBRL, formatCents } from '../../shared/money';
export { formatPhone } from '../../shared/rules/phone';

// A game's dates read on the clocks of its place (`game.timeZone`), the same on every phone whatever its own zone;
// what has no place (a payment, a notification) in TIME_ZONE.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(kind: 'date' | 'longDate' | 'time', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { day: '2-digit', month: '2-digit', year: 'numeric' }
        : kind === 'longDate'
          ? { weekday: 'long', day: 'numeric', month: 'long' }
          : { hour: '2-digit', minute: '2-digit' };
    format = new Intl.DateTimeFormat('pt-BR', { timeZone, ...options });
    formats.set(key, format);
  }
  return format;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `25/12/2025` on the clocks of `timeZone` */
export function formatDate(value: Date | string | number, timeZone: string): string {
  const date = toDate(value);
  return date ? formatIn('date', timeZone).format(date) : '';
}

/** `quinta-feira, 25 de dezembro` on the clocks of `timeZone` */
export function formatLongDate(value: Date | string | number, timeZone: string): string {
  const date = toDate(value);
  return date ? formatIn('longDate', timeZone).format(date) : '';
}

/** `19:30` on the clocks of `timeZone` */
export function formatTime(value: Date | string | number, timeZone: string): string {
  const date = toDate(value);
  return date ? formatIn('time', timeZone).format(date) : '';
}

/** Seconds as `mm:ss` (minutes keep growing past 59: `75:00`). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** A game's price as players read it: "Gratuito" for a free game, never "R$ 0,00". */
export function formatPrice(price: number): string {
  return price === 0 ? 'Gratuito' : formatBRL(price);
}
