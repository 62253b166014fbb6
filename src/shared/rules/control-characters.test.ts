import { describe, expect, it } from 'vitest';
import { findControlCharacter, hasControlCharacter } from './control-characters';

describe('control characters', () => {
  it('refuses NUL and the other C0 controls and DEL, keeping tab and line breaks', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', '\u007f', 'a\u000bb']) expect(hasControlCharacter(bad)).toBe(true);
    for (const good of ['Vôlei na praia', 'linha 1\nlinha 2\r\n\tfim', 'ç ã é 🏐', '']) expect(hasControlCharacter(good)).toBe(false);
  });

  it('names the first field that holds one, keys and nested arrays included', () => {
    expect(findControlCharacter({ name: 'ok', address: { street: 'Rua\u0000' } })).toBe('address.street');
    expect(findControlCharacter({ emails: ['a@b.com', 'c\u0000@d.com'] })).toBe('emails.1');
    expect(findControlCharacter({ 'ch\u0000ave': 1 })).toBe('_');
    expect(findControlCharacter({ amount: 10, ok: true, list: [1, 2], empty: null })).toBeUndefined();
    expect(findControlCharacter('\u0000')).toBe('');
  });

  it('walks any depth without exhausting the call stack', () => {
    let value: unknown = 'fundo\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(findControlCharacter(value)).toBe(Array(100_000).fill('0').join('.'));
    expect(findControlCharacter({ a: { b: [{ 'c\u0001': 1 }] } })).toBe('a.b.0._');
  });
});
