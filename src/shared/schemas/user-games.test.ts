import { describe, expect, it } from 'vitest';
import { parseGameDateTime } from './user-games';

describe('parseGameDateTime', () => {
  it('reads a date-time without a zone (a datetime-local input) as São Paulo time', () => {
    expect(parseGameDateTime('2026-12-01T19:00', 'America/Sao_Paulo')?.toISOString()).toBe('2026-12-01T22:00:00.000Z');
    expect(parseGameDateTime('2026-12-01T19:00:30.500', 'America/Sao_Paulo')?.toISOString()).toBe('2026-12-01T22:00:30.500Z');
    // In São Paulo's last summer time (UTC−2) the same wall time was an hour earlier in UTC.
    expect(parseGameDateTime('2019-01-10T19:00', 'America/Sao_Paulo')?.toISOString()).toBe('2019-01-10T21:00:00.000Z');
  });

  it('reads it on the clocks of the zone given: 19:30 in Cuiabá and in Manaus is 23:30 UTC', () => {
    expect(parseGameDateTime('2026-12-01T19:30', 'America/Cuiaba')?.toISOString()).toBe('2026-12-01T23:30:00.000Z');
    expect(parseGameDateTime('2026-12-01T19:30', 'America/Manaus')?.toISOString()).toBe('2026-12-01T23:30:00.000Z');
    expect(parseGameDateTime('2026-12-01T19:30', 'America/Rio_Branco')?.toISOString()).toBe('2026-12-02T00:30:00.000Z');
  });

  it('keeps an explicit zone and rejects what is not a real instant', () => {
    expect(parseGameDateTime('2026-12-01T19:00Z', 'America/Sao_Paulo')?.toISOString()).toBe('2026-12-01T19:00:00.000Z');
    expect(parseGameDateTime('2026-12-01T19:00-05:00', 'America/Sao_Paulo')?.toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(parseGameDateTime('2026-02-30T19:00', 'America/Sao_Paulo')).toBeUndefined();
    expect(parseGameDateTime('2026-12-01 19:00', 'America/Sao_Paulo')).toBeUndefined();
  });
});
