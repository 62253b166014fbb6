import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, maskPixKey, normalisePixKey } from './pix-key';

describe('PIX keys', () => {
  it('checks the CPF and CNPJ check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('keeps each key as the DICT stores it, or refuses it', () => {
    expect(normalisePixKey('cpf', ' 529.982.247-25 ')).toBe('52998224725');
    expect(normalisePixKey('cpf', '529.982.247-2a')).toBeUndefined();
    expect(normalisePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalisePixKey('email', 'Ana.Souza@Exemplo.com.BR')).toBe('ana.souza@exemplo.com.br');
    expect(normalisePixKey('email', 'ana@exemplo')).toBeUndefined();
    expect(normalisePixKey('phone', '+55 (48) 99123-4567')).toBe('+5548991234567');
    expect(normalisePixKey('phone', '+55 48 3222-1234')).toBeUndefined();
    expect(normalisePixKey('random', '123E4567-E89B-12D3-A456-426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
    expect(normalisePixKey('random', '123e4567e89b12d3a456426614174000')).toBeUndefined();
  });

  it('takes a mobile phone as the profile does, without +55, and keeps it in the +55 form', () => {
    for (const typed of ['48 99123-4567', '(48) 99123-4567', '48991234567', '55 48 99123-4567', '+5548991234567']) {
      expect(normalisePixKey('phone', typed), typed).toBe('+5548991234567');
    }
    // A landline, an area code that does not exist, a number too short or too long, another country, letters.
    for (const typed of [
      '48 3222-1234',
      '20 99123-4567',
      '48 9912-345',
      '48 99123-45678',
      '+1 415 555 0100',
      '+44 48 99123-4567',
      '48 99123-456a',
    ]) {
      expect(normalisePixKey('phone', typed), typed).toBeUndefined();
    }
  });

  it('masks a saved key', () => {
    expect(maskPixKey('cpf', '52998224725')).toBe('***.982.247-**');
    expect(maskPixKey('cnpj', '11222333000181')).toBe('11.222.***/****-**');
    expect(maskPixKey('email', 'ana.souza@exemplo.com.br')).toBe('a***@exemplo.com.br');
    expect(maskPixKey('phone', '+5548991234567')).toBe('+55 (48) *****-4567');
    expect(maskPixKey('random', '123e4567-e89b-12d3-a456-426614174000')).toBe('123e****-****-****-****-********4000');
  });
});
