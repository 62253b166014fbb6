import { describe, expect, it } from 'vitest';
import { formatBRL, hasAtMostTwoDecimals, toCents, toReais } from './money';

describe('money', () => {
  it('converts reais to centavos without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(25.5)).toBe(2550);
    expect(toCents(19.99)).toBe(1999);
    expect(toReais(2550)).toBe(25.5);
  });

  it('formats as R$ with a comma', () => {
    expect(formatBRL(25.5)).toBe('R$ 25,50');
    expect(formatBRL(1234.5)).toBe('R$ 1.234,50');
    expect(formatBRL(0)).toBe('R$ 0,00');
  });

  it('accepts at most two decimals', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
  });
});
