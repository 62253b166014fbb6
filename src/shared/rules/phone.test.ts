import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, phoneDigits } from './phone';

describe('phone rules', () => {
  it('keeps digits only', () => {
    expect(phoneDigits('(48) 99123-4567')).toBe('48991234567');
  });

  it.each([
    ['48991234567', true],
    ['(11) 91234-5678', true],
    ['4833334444', true],
    ['4899123456', true],
    ['489912345', false], // 9 digits
    ['489912345678', false], // 12 digits
    ['00991234567', false], // no such area code
    ['20991234567', false], // no such area code
    ['48891234567', false], // 11 digits must be a mobile (9 after the area code)
    ['', false],
  ])('%s valid: %s', (phone, expected) => {
    expect(isValidPhone(phone)).toBe(expected);
  });

  it.each([
    ['4', '(4'],
    ['48', '(48'],
    ['4899', '(48) 99'],
    ['483333444', '(48) 3333-444'],
    ['4833334444', '(48) 3333-4444'],
    ['48991234567', '(48) 99123-4567'],
    ['489912345678999', '(48) 99123-4567'],
  ])('masks %s as %s', (typed, masked) => {
    expect(formatPhone(typed)).toBe(masked);
  });
});
