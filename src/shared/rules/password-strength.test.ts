import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['abc', 'weak'], // under 6 characters
    ['abcdef', 'weak'], // length ≥ 6 + lowercase = 2
    ['abcdefg1', 'medium'], // ≥6, ≥8, lower, digit = 4
    ['abcdeF1', 'medium'], // ≥6, lower, upper, digit = 4
    ['abcdefgH1', 'strong'], // ≥6, ≥8, lower, upper, digit = 5
    ['Abcdefghijk1!', 'strong'],
  ] as const)('%s is %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});
