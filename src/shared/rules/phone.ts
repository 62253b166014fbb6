/** Brazilian area codes (DDD) in use. */
const AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55,
  61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** 10 digits (landline) or 11 (mobile, starting with 9 after the area code), with a real area code. */
export function isValidPhone(value: string): boolean {
  const digits = phoneDigits(value);
  if (digits.length !== 10 && digits.length !== 11) return false;
  if (!AREA_CODES.has(Number(digits.slice(0, 2)))) return false;
  if (digits.length === 11 && digits[2] !== '9') return false;
  return true;
}

/** Masks up to 11 typed digits Brazilian style: (11) 91234-5678 or (11) 1234-5678. */
export function formatPhone(value: string): string {
  const d = phoneDigits(value).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${area}) ${rest}`;
  const split = d.length === 11 ? 5 : 4;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}
