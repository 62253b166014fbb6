import { describe, expect, it } from 'vitest';
import { centsFromReais, formatBRL, formatCents, parseReais, toCents, toReais } from './money';

describe('money', () => {
  it('reads amounts the API wrote in reais back as centavos', () => {
    expect(toCents(25.5)).toBe(2550);
    expect(toCents(19.99)).toBe(1999);
    expect(toReais(2550)).toBe(25.5);
    expect(toReais(29)).toBe(0.29);
  });

  it('formats as R$ with a comma, from reais or from centavos', () => {
    expect(formatBRL(25.5)).toBe('R$ 25,50');
    expect(formatBRL(1234.5)).toBe('R$ 1.234,50');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatCents(2550)).toBe('R$ 25,50');
    expect(formatCents(-1050)).toBe('-R$ 10,50');
  });

  it('adds in centavos without the float error reais would carry', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatCents(toCents(0.1) + toCents(0.2))).toBe('R$ 0,30');
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
  });
});

describe('centsFromReais', () => {
  it('gives the exact centavos of up to two decimals', () => {
    expect(centsFromReais(0.29)).toBe(29);
    expect(centsFromReais(19.99)).toBe(1999);
    expect(centsFromReais(1.1)).toBe(110);
    expect(centsFromReais(4.35)).toBe(435);
    expect(centsFromReais(10_000)).toBe(1_000_000);
    expect(centsFromReais(0.01)).toBe(1);
    expect(centsFromReais(-5.5)).toBe(-550);
  });

  it('reads -0 as 0', () => {
    expect(Object.is(centsFromReais(-0), 0)).toBe(true);
  });

  it('refuses more than two decimals, float noise included', () => {
    expect(centsFromReais(1.005)).toBeUndefined();
    expect(centsFromReais(10.255)).toBeUndefined();
    expect(centsFromReais(0.1 + 0.2)).toBeUndefined();
    expect(centsFromReais(1e-7)).toBeUndefined();
  });

  it('refuses NaN, infinities and amounts beyond exact centavos', () => {
    expect(centsFromReais(Number.NaN)).toBeUndefined();
    expect(centsFromReais(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(centsFromReais(Number.NEGATIVE_INFINITY)).toBeUndefined();
    expect(centsFromReais(1e21)).toBeUndefined();
    expect(centsFromReais(Number.MAX_SAFE_INTEGER)).toBeUndefined();
    expect(centsFromReais(90_071_992_547_409.9)).toBe(9_007_199_254_740_990);
  });
});

describe('parseReais', () => {
  it('reads what a money field holds, with a comma or a dot', () => {
    expect(parseReais('15,50')).toBe(15.5);
    expect(parseReais(' 15.5 ')).toBe(15.5);
    expect(parseReais('15')).toBe(15);
    expect(parseReais(',5')).toBe(0.5);
    expect(parseReais('-5')).toBe(-5);
    expect(parseReais('10,555')).toBe(10.555);
  });

  it('is NaN for text that is no plain number', () => {
    for (const text of ['', '   ', 'abc', '1e3', '1.234,56', '15,50 reais', 'NaN', 'Infinity', '0x10'])
      expect(parseReais(text), text).toBeNaN();
  });
});
