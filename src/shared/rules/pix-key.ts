import { isValidPhone } from './phone';

/**
 * PIX keys as the Central Bank defines them (DICT): a CPF or CNPJ (digits, with their check digits), an e-mail, a
 * mobile phone kept in the +55 form, or a random key (a UUID). Pure functions, shared by the form and the server.
 */
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The check digit of `digits` with the weights counting down from `firstWeight` (mod 11, 10 and 11 become 0). */
function cpfCheckDigit(digits: string, firstWeight: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[i]) * (firstWeight - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return cpfCheckDigit(d.slice(0, 9), 10) === Number(d[9]) && cpfCheckDigit(d.slice(0, 10), 11) === Number(d[10]);
}

function cnpjCheckDigit(digits: string): number {
  const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  return cnpjCheckDigit(d.slice(0, 12)) === Number(d[12]) && cnpjCheckDigit(d.slice(0, 13)) === Number(d[13]);
}

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key as the DICT stores it (CPF and CNPJ as digits only, the e-mail and the random key in lower case, the phone
 * as +55 and digits), or undefined when it is not a valid key of that type.
 */
export function normalisePixKey(type: PixKeyType, raw: string): string | undefined {
  const value = raw.trim();
  switch (type) {
    case 'cpf':
      return /^[\d.\-\s]+$/.test(value) && isValidCpf(value) ? digitsOf(value) : undefined;
    case 'cnpj':
      return /^[\d./\-\s]+$/.test(value) && isValidCnpj(value) ? digitsOf(value) : undefined;
    case 'email': {
      const email = value.toLowerCase();
      return email.length <= 77 && EMAIL.test(email) ? email : undefined;
    }
    case 'phone': {
      // Typed as the profile takes it, "(48) 99123-4567", or with the country, "+55 48 99123-4567": the DICT's +55 form.
      if (!/^\+?[\d()\-\s]+$/.test(value)) return undefined;
      const digits = digitsOf(value);
      const national = value.startsWith('+') || digits.length === 13 ? digits.replace(/^55/, '') : digits;
      if (value.startsWith('+') && !digits.startsWith('55')) return undefined;
      return national.length === 11 && isValidPhone(national) ? `+55${national}` : undefined;
    }
    case 'random': {
      const key = value.toLowerCase();
      return UUID.test(key) ? key : undefined;
    }
  }
}

/**
 * The key shown once saved, enough to recognise it and not enough to use it: the CPF's middle digits (as the banks
 * show it), the CNPJ's root, the e-mail's first letter and domain, the phone's area code and last four digits, the
 * random key's first and last characters.
 */
export function maskPixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case 'cpf':
      return `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`;
    case 'cnpj':
      return `${key.slice(0, 2)}.${key.slice(2, 5)}.***/****-**`;
    case 'email': {
      const [local = '', domain = ''] = key.split('@');
      return `${local.slice(0, 1)}***@${domain}`;
    }
    case 'phone':
      return `+55 (${key.slice(3, 5)}) *****-${key.slice(-4)}`;
    case 'random':
      return `${key.slice(0, 4)}****-****-****-****-********${key.slice(-4)}`;
  }
}
