import { describe, expect, it } from 'vitest';
import { MAX_SLUG_BASE, numberedSlug, slugFromName } from './group-slug';

describe('slugFromName', () => {
  it('strips pt-BR accents and joins the words with one hyphen', () => {
    expect(slugFromName('Vôlei da Praia — Açores & Cia.')).toBe('volei-da-praia-acores-cia');
    expect(slugFromName('  Ção  ÉÊ ü ')).toBe('cao-ee-u');
  });

  it('gives nothing for a name without letters or digits, and at most the longest base without a trailing hyphen', () => {
    expect(slugFromName('!!! ---')).toBe('');
    const long = slugFromName(`${'a'.repeat(MAX_SLUG_BASE - 1)} bcd`);
    expect(long.length).toBeLessThanOrEqual(MAX_SLUG_BASE);
    expect(long.endsWith('-')).toBe(false);
  });

  it('numbers the second turma of a name from 2', () => {
    expect([numberedSlug('turma', 1), numberedSlug('turma', 2)]).toEqual(['turma', 'turma-2']);
  });
});
