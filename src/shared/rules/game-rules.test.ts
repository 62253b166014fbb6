import { describe, expect, it } from 'vitest';
import { formatDateTime, isCalendarDay } from '../dates';
import { endedIfStartedBy, gamePhase, isFinished, isFuture, listingCutoff, paymentDeadline } from './game-timing';
import { isRefundable, isRefundGuaranteed } from './refund-policy';

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-12-10T22:00:00Z');

describe('refund policy', () => {
  it('refunds at exactly 48 hours before the game and not one second later', () => {
    expect(isRefundable(start, new Date(start.getTime() - 48 * HOUR))).toBe(true);
    expect(isRefundable(start, new Date(start.getTime() - 48 * HOUR + 1000))).toBe(false);
    expect(isRefundable(start, new Date(start.getTime() - 72 * HOUR))).toBe(true);
  });
});

describe('guaranteed refunds', () => {
  it('are the ones the Terms promise: cancelled 48 h or more ahead, a cancelled game, a removal by the platform', () => {
    const gameStart = new Date('2030-01-10T22:00:00Z');
    const base = { gameStart, gameCancelled: false, removedByPlatform: false };
    expect(isRefundGuaranteed({ ...base, cancelledAt: new Date(gameStart.getTime() - 48 * HOUR) })).toBe(true);
    expect(isRefundGuaranteed({ ...base, cancelledAt: new Date(gameStart.getTime() - 47 * HOUR) })).toBe(false);
    expect(isRefundGuaranteed({ ...base, cancelledAt: null })).toBe(false);
    expect(isRefundGuaranteed({ ...base, gameCancelled: true, cancelledAt: new Date(gameStart.getTime() - HOUR) })).toBe(true);
    expect(isRefundGuaranteed({ ...base, removedByPlatform: true, cancelledAt: new Date(gameStart.getTime() - HOUR) })).toBe(true);
  });
});

describe('game timing', () => {
  it('is future strictly before the start and finished at or after it; no date is neither', () => {
    expect(isFuture(start, new Date(start.getTime() - 1))).toBe(true);
    expect(isFuture(start, start)).toBe(false);
    expect(isFinished(start, start)).toBe(true);
    expect(isFuture(null, start)).toBe(false);
    expect(isFinished(undefined, start)).toBe(false);
    expect(isFinished('not a date', start)).toBe(false);
    expect(isFuture(start.toISOString(), new Date(0))).toBe(true);
  });

  it('is upcoming before its start, in progress ("Em andamento") for its 2 hours, then ended', () => {
    expect(gamePhase(start, new Date(start.getTime() - 1))).toBe('upcoming');
    expect(gamePhase(start, start)).toBe('in_progress');
    expect(gamePhase(start.toISOString(), new Date(start.getTime() + 2 * HOUR - 1))).toBe('in_progress');
    expect(gamePhase(start, new Date(start.getTime() + 2 * HOUR))).toBe('ended');
    expect(endedIfStartedBy(start).toISOString()).toBe('2026-12-10T20:00:00.000Z');
  });

  it('lists cancelled games from 24 hours ago', () => {
    expect(listingCutoff(start).toISOString()).toBe('2026-12-09T22:00:00.000Z');
  });

  it('gives 2 hours to pay, never past the start', () => {
    const now = new Date('2026-12-10T12:00:00Z');
    expect(paymentDeadline(now, start).toISOString()).toBe('2026-12-10T14:00:00.000Z');
    expect(paymentDeadline(new Date('2026-12-10T21:00:00Z'), start)).toEqual(start);
  });
});

describe('São Paulo dates', () => {
  it('checks calendar days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-2-3')).toBe(false);
  });

  it('formats on the clocks of the zone it is given', () => {
    expect(formatDateTime(new Date('2026-12-01T02:30:00Z'), 'America/Sao_Paulo')).toBe('30/11/2026 às 23:30');
    expect(formatDateTime(new Date('2026-12-01T23:30:00Z'), 'America/Manaus')).toBe('01/12/2026 às 19:30');
    expect(formatDateTime('2026-12-01T23:30:00Z', 'America/Manaus')).toBe('01/12/2026 às 19:30');
    expect(formatDateTime('not a date', 'America/Manaus')).toBe('');
  });
});
