import { describe, expect, it } from 'vitest';
import { parseGameDateTime } from './user-games';

describe('parseGameDateTime', () => {
  it('reads a date-time without a zone (a datetime-local input) as São Paulo time', () => {
    expect(parseGameDateTime('2026-12-01T19:00')?.toISOString()).toBe('2026-12-01T22:00:00.000Z');
    expect(parseGameDateTime('2026-12-01T19:00:30.500')?.toISOString()).toBe('2026-12-01T22:00:30.500Z');
    // In São Paulo's last summer time (UTC−2) the same wall time was an hour earlier in UTC.
    expect(parseGameDateTime('2019-01-10T19:00')?.toISOString()).toBe('2019-01-10T21:00:00.000Z');
  });

  it('keeps an explicit zone and rejects what is not a real instant', () => {
    expect(parseGameDateTime('2026-12-01T19:00Z')?.toISOString()).toBe('2026-12-01T19:00:00.000Z');
    expect(parseGameDateTime('2026-12-01T19:00-05:00')?.toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(parseGameDateTime('2026-02-30T19:00')).toBeUndefined();
    expect(parseGameDateTime('2026-12-01 19:00')).toBeUndefined();
  });
});
