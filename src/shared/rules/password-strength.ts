export type PasswordStrength = 'weak' | 'medium' | 'strong';

export const MIN_PASSWORD_LENGTH = 6;

/**
 * The spec's meter: weak under 6 characters; otherwise count the criteria met
 * (length ≥ 6, ≥ 8, ≥ 12, lowercase, uppercase, digit, symbol): up to 2 weak, up to 4 medium, above strong.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) return 'weak';
  const criteria = [
    password.length >= 6,
    password.length >= 8,
    password.length >= 12,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
  if (criteria <= 2) return 'weak';
  if (criteria <= 4) return 'medium';
  return 'strong';
}
