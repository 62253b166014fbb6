import { describe, expect, it } from 'vitest';
import { centsCell, dateTimeCell, excelCsv, neutraliseFormula } from './csv';

describe('spreadsheets for Excel in Portuguese', () => {
  it('neutralises text a spreadsheet would run as a formula, and only that', () => {
    for (const risky of ['=1+1', '+55 48 9999', '-2', '@SUM(A1)', '\t=1', '\r=1']) expect(neutraliseFormula(risky)).toBe(`'${risky}`);
    for (const safe of ['Ana', 'ana@exemplo.com.br', '48991234567', ' =x', '']) expect(neutraliseFormula(safe)).toBe(safe);
  });

  it('writes centavos with a comma, keeping the minus of a number it wrote itself', () => {
    expect([0, 5, 1250, 100000, -1000, -5].map((cents) => centsCell(cents).trusted)).toEqual([
      '0,00',
      '0,05',
      '12,50',
      '1000,00',
      '-10,00',
      '-0,05',
    ]);
    const csv = excelCsv(['Nome', 'Valor'], [['-Ana', centsCell(-1000)]]);
    expect(csv).toBe("\uFEFFNome;Valor\r\n'-Ana;-10,00\r\n");
  });

  it('dates on the clocks of the zone given, quotes cells holding the separator', () => {
    expect(dateTimeCell(new Date('2026-11-21T01:30:00Z'), 'America/Sao_Paulo').trusted).toBe('20/11/2026 22:30');
    expect(dateTimeCell(new Date('2026-11-21T01:30:00Z'), 'America/Manaus').trusted).toBe('20/11/2026 21:30');
    expect(dateTimeCell(null, 'America/Manaus').trusted).toBe('');
    expect(excelCsv(['a'], [['x;y'], [null], [3]])).toBe('\uFEFFa\r\n"x;y"\r\n\r\n3\r\n');
  });
});
