import { describe, expect, it } from 'vitest';
import { zonedTimeToInstant } from '../dates';
import { memberPaymentDeadline, weeklyDateTime, weeksDue } from './weekly-series';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('weeklyDateTime', () => {
  it('keeps the São Paulo wall-clock time across the daylight saving the city had until 2019', () => {
    // 22/10/2018 19:30 was UTC−3; clocks went forward on 04/11/2018, so 05/11 19:30 was UTC−2.
    const first = zonedTimeToInstant('2018-10-29T19:30', 'America/Sao_Paulo');
    expect(first.toISOString()).toBe('2018-10-29T22:30:00.000Z');
    expect(weeklyDateTime(first, 1, 'America/Sao_Paulo').toISOString()).toBe('2018-11-05T21:30:00.000Z');
    expect(weeklyDateTime(first, 2, 'America/Sao_Paulo').toISOString()).toBe('2018-11-12T21:30:00.000Z');
  });

  it('keeps the wall-clock time in a zone whose clocks change both ways', () => {
    const first = zonedTimeToInstant('2027-03-08T19:30', 'America/New_York');
    expect(weeklyDateTime(first, 1, 'America/New_York').toISOString()).toBe('2027-03-15T23:30:00.000Z');
    const autumn = zonedTimeToInstant('2027-10-31T19:30', 'America/New_York');
    expect(weeklyDateTime(autumn, 1, 'America/New_York').toISOString()).toBe('2027-11-08T00:30:00.000Z');
  });

  it('walks over month and year ends on the calendar', () => {
    const first = zonedTimeToInstant('2026-12-24T19:30', 'America/Sao_Paulo');
    expect(weeklyDateTime(first, 1, 'America/Sao_Paulo').toISOString()).toBe('2026-12-31T22:30:00.000Z');
    expect(weeklyDateTime(first, 2, 'America/Sao_Paulo').toISOString()).toBe('2027-01-07T22:30:00.000Z');
    const february = zonedTimeToInstant('2028-02-22T07:00', 'America/Sao_Paulo');
    expect(weeklyDateTime(february, 1, 'America/Sao_Paulo').toISOString()).toBe('2028-02-29T10:00:00.000Z');
  });
});

describe('weeksDue', () => {
  const first = zonedTimeToInstant('2026-11-26T19:30', 'America/Sao_Paulo');

  it('gives the weeks still to come within five weeks, never more than the series has', () => {
    const now = new Date(first.getTime() - DAY);
    expect(weeksDue(first, 52, now, 'America/Sao_Paulo').map((due) => due.week)).toEqual([0, 1, 2, 3, 4]);
    expect(weeksDue(first, 3, now, 'America/Sao_Paulo').map((due) => due.week)).toEqual([0, 1, 2]);
  });

  it('never gives a week already past', () => {
    const now = new Date(first.getTime() + 8 * DAY);
    expect(weeksDue(first, 52, now, 'America/Sao_Paulo').map((due) => due.week)).toEqual([2, 3, 4, 5, 6]);
  });
});

describe('memberPaymentDeadline', () => {
  const game = new Date('2026-12-10T22:30:00Z');

  it('is 48 hours before the game when that is still ahead', () => {
    expect(memberPaymentDeadline(game, new Date(game.getTime() - 10 * DAY), 120).toISOString()).toBe('2026-12-08T22:30:00.000Z');
  });

  it('is the checkout window from now when the game is nearer, and never after the game', () => {
    const now = new Date(game.getTime() - 24 * HOUR);
    expect(memberPaymentDeadline(game, now, 120).getTime()).toBe(now.getTime() + 2 * HOUR);
    expect(memberPaymentDeadline(game, new Date(game.getTime() - HOUR), 120)).toEqual(game);
  });
});
