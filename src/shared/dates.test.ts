import { describe, expect, it } from 'vitest';
import {
  dateAndTimeIn,
  dayRange,
  formatDateTime,
  formatRelativeDateTime,
  formatWeekdayDateTime,
  saoPauloDayRange,
  TIME_ZONE,
  zonedTimeToInstant,
} from './dates';

const iso = (date: Date) => date.toISOString();
const hours = (range: { start: Date; end: Date }) => (range.end.getTime() - range.start.getTime()) / 3_600_000;

describe('zonedTimeToInstant (New York, which keeps daylight saving)', () => {
  const zone = 'America/New_York';

  it('reads winter and summer times with their own offsets', () => {
    expect(iso(zonedTimeToInstant('2026-01-15T09:00', zone))).toBe('2026-01-15T14:00:00.000Z');
    expect(iso(zonedTimeToInstant('2026-07-15T09:00:30', zone))).toBe('2026-07-15T13:00:30.000Z');
  });

  it('moves a time the clocks skip (2026-03-08 02:00→03:00) forward by the jump', () => {
    expect(iso(zonedTimeToInstant('2026-03-08T01:59', zone))).toBe('2026-03-08T06:59:00.000Z');
    expect(iso(zonedTimeToInstant('2026-03-08T02:30', zone))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedTimeToInstant('2026-03-08T03:00', zone))).toBe('2026-03-08T07:00:00.000Z');
  });

  it('takes the first of a time the clocks repeat (2026-11-01 02:00→01:00)', () => {
    expect(iso(zonedTimeToInstant('2026-11-01T01:30', zone))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(zonedTimeToInstant('2026-11-01T02:00', zone))).toBe('2026-11-01T07:00:00.000Z');
  });

  it('gives days of 23 and 25 hours when the clocks change', () => {
    expect(hours(dayRange('2026-03-07', zone))).toBe(24);
    const spring = dayRange('2026-03-08', zone);
    expect([iso(spring.start), iso(spring.end)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    expect(hours(spring)).toBe(23);
    const autumn = dayRange('2026-11-01', zone);
    expect([iso(autumn.start), iso(autumn.end)]).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z']);
    expect(hours(autumn)).toBe(25);
  });

  it('gives an invalid date for something that is not a time', () => {
    expect(Number.isNaN(zonedTimeToInstant('amanhã', zone).getTime())).toBe(true);
  });
});

describe('saoPauloDayRange', () => {
  it('bounds a day at São Paulo midnight (UTC−3 since 2019)', () => {
    const { start, end } = saoPauloDayRange('2026-12-01');
    expect([iso(start), iso(end)]).toEqual(['2026-12-01T03:00:00.000Z', '2026-12-02T03:00:00.000Z']);
  });

  it('follows the zone when São Paulo kept daylight saving, which started and ended at midnight', () => {
    // 2018-11-04: midnight did not exist, the day began at 01:00 (UTC−2) and had 23 hours.
    const started = saoPauloDayRange('2018-11-04');
    expect([iso(started.start), iso(started.end)]).toEqual(['2018-11-04T03:00:00.000Z', '2018-11-05T02:00:00.000Z']);
    // 2019-02-16 ran from midnight UTC−2 to midnight UTC−3: 25 hours.
    const ended = saoPauloDayRange('2019-02-16');
    expect([iso(ended.start), iso(ended.end)]).toEqual(['2019-02-16T02:00:00.000Z', '2019-02-17T03:00:00.000Z']);
  });
});

describe('formatRelativeDateTime', () => {
  it('says hoje or amanhã by the São Paulo day, not the UTC one, and the date beyond', () => {
    // 23:30 in São Paulo on 20/11 is already 21/11 in UTC.
    const now = new Date('2026-11-21T02:30:00.000Z');
    expect(formatRelativeDateTime(new Date('2026-11-21T02:45:00.000Z'), now, TIME_ZONE)).toBe('hoje às 23:45');
    expect(formatRelativeDateTime(new Date('2026-11-21T22:30:00.000Z'), now, TIME_ZONE)).toBe('amanhã às 19:30');
    expect(formatRelativeDateTime(new Date('2026-11-22T22:30:00.000Z'), now, TIME_ZONE)).toBe('22/11/2026 às 19:30');
    // Across a month's end.
    expect(formatRelativeDateTime(new Date('2026-12-01T12:00:00.000Z'), new Date('2026-11-30T12:00:00.000Z'), TIME_ZONE)).toBe(
      'amanhã às 09:00',
    );
  });
});

describe('formatDateTime and dateAndTimeIn', () => {
  // What the platform's Intl says, read directly for every instant: the formatters read one offset per zone and hour.
  const reference = (instant: Date, timeZone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
  };

  it('agree with Intl minute by minute around clock changes, whole, half-hour and 45-minute zones included', () => {
    const around = [
      ['America/Sao_Paulo', '2018-11-04T03:00:00Z'],
      ['America/Sao_Paulo', '2019-02-17T02:00:00Z'],
      ['Europe/Lisbon', '2026-03-29T01:00:00Z'],
      ['Europe/Lisbon', '2026-10-25T01:00:00Z'],
      ['America/St_Johns', '2026-03-08T05:30:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Asia/Kathmandu', '2026-01-01T00:00:00Z'],
      ['America/Manaus', '2026-11-27T12:00:00Z'],
    ] as const;
    for (const [timeZone, change] of around) {
      const at = new Date(change).getTime();
      // Every 7 min 13.5 s from three hours before to three hours after.
      for (let instant = at - 3 * 3_600_000; instant <= at + 3 * 3_600_000; instant += 433_500) {
        const date = new Date(instant);
        const expected = reference(date, timeZone);
        expect(formatDateTime(date, timeZone), `${timeZone} ${date.toISOString()}`).toBe(expected);
        const { date: day, time } = dateAndTimeIn(date, timeZone);
        expect(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} às ${time}`).toBe(expected);
      }
    }
  });
});

describe('formatWeekdayDateTime', () => {
  it('names the weekday of the day on the clocks of the zone, not UTC', () => {
    // 23:30 on a Tuesday in São Paulo is already Wednesday in UTC.
    expect(formatWeekdayDateTime(new Date('2026-12-02T02:30:00Z'), TIME_ZONE)).toBe('terça-feira, 01/12/2026 às 23:30');
    expect(formatWeekdayDateTime('2026-12-06T13:00:00Z', TIME_ZONE)).toBe('domingo, 06/12/2026 às 10:00');
    expect(formatWeekdayDateTime('2026-12-05T13:00:00Z', 'America/Manaus')).toBe('sábado, 05/12/2026 às 09:00');
    expect(formatWeekdayDateTime('not a date', TIME_ZONE)).toBe('');
  });
});
