import { describe, expect, it } from 'vitest';
import { badTextIn, findBadText, hasControlCharacter } from './control-characters';

const controlAt = (path: string) => ({ path, fault: 'control_character' });
const loneAt = (path: string) => ({ path, fault: 'lone_surrogate' });

describe('control characters', () => {
  it('refuses NUL and the other C0 controls and DEL, keeping tab and line breaks', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', '\u007f', 'a\u000bb']) expect(hasControlCharacter(bad)).toBe(true);
    for (const good of ['Vôlei na praia', 'linha 1\nlinha 2\r\n\tfim', 'ç ã é 🏐', '']) expect(hasControlCharacter(good)).toBe(false);
  });

  it('names the first field that holds one, keys and nested arrays included', () => {
    expect(findBadText({ name: 'ok', address: { street: 'Rua\u0000' } })).toEqual(controlAt('address.street'));
    expect(findBadText({ emails: ['a@b.com', 'c\u0000@d.com'] })).toEqual(controlAt('emails.1'));
    expect(findBadText({ 'ch\u0000ave': 1 })).toEqual(controlAt('_'));
    expect(findBadText({ amount: 10, ok: true, list: [1, 2], empty: null })).toBeUndefined();
    expect(findBadText('\u0000')).toEqual(controlAt(''));
  });

  it('walks any depth without exhausting the call stack', () => {
    let value: unknown = 'fundo\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(findBadText(value)).toEqual(controlAt(Array(100_000).fill('0').join('.')));
    expect(findBadText({ a: { b: [{ 'c\u0001': 1 }] } })).toEqual(controlAt('a.b.0._'));
  });
});

describe('lone surrogates', () => {
  const HIGH = '\ud83c'; // the first half of 🏐 (U+1F3D0)
  const LOW = '\udfd0'; // its second half

  it('finds half of a pair anywhere in the text, high or low, and keeps whole pairs', () => {
    for (const bad of [HIGH, LOW, `Racha ${HIGH}`, `${LOW} de quinta`, `a${HIGH}b`, `${LOW}${HIGH}`, `🏐${HIGH}`, `${HIGH}${HIGH}${LOW}`])
      expect(badTextIn(bad), JSON.stringify(bad)).toBe('lone_surrogate');
    for (const good of ['', 'Vôlei', '🏐', `${HIGH}${LOW}`, '🏐🏖️ na praia 👍🏽', '\uffff', '\ud7ff', '\ue000', 'linha\n\tfim'])
      expect(badTextIn(good), JSON.stringify(good)).toBeUndefined();
    expect(badTextIn('\u0000')).toBe('control_character');
  });

  it('agrees with the language on every pair of UTF-16 units around the surrogates', () => {
    const units = [0x41, 0xd7ff, 0xd800, 0xdaaa, 0xdbff, 0xdc00, 0xdddd, 0xdfff, 0xe000];
    for (const a of units)
      for (const b of units)
        for (const text of [String.fromCharCode(a, b), String.fromCharCode(a), `x${String.fromCharCode(a, b)}y`]) {
          const wellFormed = encodeURIComponentSucceeds(text);
          expect(badTextIn(text) === undefined, JSON.stringify(text)).toBe(wellFormed);
        }
  });

  it('names the field, the key or the element that holds one, whichever comes first', () => {
    expect(findBadText({ name: 'ok', template: { location: `Arena ${HIGH}` } })).toEqual(loneAt('template.location'));
    expect(findBadText({ emails: ['a@b.com', `c${LOW}@d.com`] })).toEqual(loneAt('emails.1'));
    expect(findBadText({ [`chave${HIGH}`]: 1 })).toEqual(loneAt('_'));
    expect(findBadText({ first: LOW, second: '\u0000' })).toEqual(loneAt('first'));
    expect(findBadText({ first: '\u0000', second: LOW })).toEqual(controlAt('first'));
    expect(findBadText({ name: '🏐 Racha' })).toBeUndefined();
  });
});

/** Whether the text is well-formed UTF-16, by the language's own rule: encodeURIComponent throws on a lone surrogate. */
function encodeURIComponentSucceeds(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
