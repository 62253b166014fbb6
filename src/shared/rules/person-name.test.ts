import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { registerBodySchema } from '../schemas/auth';
import { personNameSchema } from '../schemas/common';
import { payoutKeyBodySchema } from '../schemas/earnings';
import { addWalkInBodySchema } from '../schemas/user-games';
import { updateMeBodySchema } from '../schemas/users';
import { hasUnsafeNameCharacter, withoutUnsafeNameCharacters } from './person-name';

describe('characters a name may not hold', () => {
  it('are line breaks, every control character and the direction controls', () => {
    const unsafe = [
      ...['\n', '\r', '\t', '\u000b', '\u000c', '\u0000', '\u001b', '\u007f', '\u0080', '\u0085', '\u009f'],
      ...['\u2028', '\u2029'],
      ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'],
      ...['\u200e', '\u200f', '\u061c'],
    ];
    for (const character of unsafe) {
      const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(hasUnsafeNameCharacter(`Ana${character}Souza`), code).toBe(true);
      expect(hasUnsafeNameCharacter(character), code).toBe(true);
    }
  });

  it('leave names of every script, spaces, apostrophes, hyphens, joiners and emoji alone', () => {
    for (const name of [
      'Ana Souza',
      'José D’Ávila',
      "O'Connor",
      'Ana-Lúcia',
      'محمد علي',
      'שרה כהן',
      'Nguyễn Thị Hà',
      '김민준',
      'क्षत्रिय',
      'Zoë \u{1F469}\u200D\u{1F469}\u200D\u{1F467}',
      'Ana\u00a0Souza',
    ]) {
      expect(hasUnsafeNameCharacter(name), name).toBe(false);
    }
  });

  it('are taken out of a name that comes from elsewhere: a line break leaves one space, a direction control nothing', () => {
    expect(withoutUnsafeNameCharacters('Ana\r\nBcc: todos@exemplo.com')).toBe('Ana Bcc: todos@exemplo.com');
    expect(withoutUnsafeNameCharacters('\u202Eetnaf')).toBe('etnaf');
    expect(withoutUnsafeNameCharacters(' Ana \u2067Souza\u2069\u2028 ')).toBe('Ana Souza');
    expect(withoutUnsafeNameCharacters('\u200F\n\t')).toBe('');
    expect(withoutUnsafeNameCharacters('Zoë D’Ávila')).toBe('Zoë D’Ávila');
  });
});

describe('the one name rule, in every schema that takes a person’s name', () => {
  const fields = [
    ['sign-up', (name: string) => registerBodySchema.safeParse({ name, email: 'ana@exemplo.com.br', password: 'senha-forte-123' })],
    ['profile', (name: string) => updateMeBodySchema.safeParse({ name })],
    ['walk-in', (name: string) => addWalkInBodySchema.safeParse({ name })],
    ['PIX holder', (name: string) => payoutKeyBodySchema.safeParse({ type: 'email', key: 'ana@exemplo.com.br', holderName: name })],
  ] as const;

  it.each(fields)('%s: refuses them with the one message, on the field', (what, parse) => {
    for (const name of ['Ana\r\nSouza', '\u202Eetnaf', 'Ana Souza\n']) {
      const result = parse(name);
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        [what === 'PIX holder' ? 'holderName' : 'name', messages.nameUnsafeCharacters],
      ]);
    }
    expect(parse('  Ana Souza ').success).toBe(true);
  });

  it('keeps each field’s own lengths and texts', () => {
    const holder = personNameSchema({ max: 5, min: 2, required: 'obrigatório', tooLong: 'longo', tooShort: 'curto' });
    expect(holder.safeParse('Ana').data).toBe('Ana');
    expect(holder.safeParse('  ').error!.issues[0]!.message).toBe('obrigatório');
    expect(holder.safeParse('A').error!.issues[0]!.message).toBe('curto');
    expect(holder.safeParse('Anabela').error!.issues[0]!.message).toBe('longo');
    expect(holder.safeParse(7).error!.issues[0]!.message).toBe('obrigatório');
  });
});
