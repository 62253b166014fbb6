import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { gameCalendar } from './game-calendar';
import { foldLine, icalText, icalUtc } from './icalendar';

const physicalLines = (text: string) => text.split('\r\n');
const octets = (text: string) => Buffer.byteLength(text, 'utf8');

describe('iCalendar writing', () => {
  it('folds a line at 75 octets without splitting a character, and unfolds to the same text', () => {
    const line = `SUMMARY:${'Vôlei 🏐 ação, '.repeat(12)}`;
    const folded = foldLine(line);
    const lines = physicalLines(folded);
    expect(lines.length).toBeGreaterThan(3);
    for (const [index, physical] of lines.entries()) {
      expect(octets(physical), physical).toBeLessThanOrEqual(75);
      if (index > 0) expect(physical.startsWith(' ')).toBe(true);
      expect(physical).not.toContain('\uFFFD');
    }
    // Each line but the last is full: adding its next character would have passed 75 octets.
    for (const [index, physical] of lines.slice(0, -1).entries()) {
      const next = [...lines[index + 1]!.slice(1)][0]!;
      expect(octets(physical) + octets(next), physical).toBeGreaterThan(75);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('UID:curto')).toBe('UID:curto');
    // One octet a character: every line but the last holds exactly 75, the space that starts it included.
    const ascii = physicalLines(foldLine(`DESCRIPTION:${'a'.repeat(200)}`));
    expect(ascii.map(octets)).toEqual([75, 75, 64]);
    // At the edge: 75 octets stay one line; 75 characters of which one takes two octets do not.
    const full = `SUMMARY:${'a'.repeat(67)}`;
    expect(foldLine(full)).toBe(full);
    expect(physicalLines(foldLine(`SUMMARY:${'a'.repeat(66)}ç`)).map(octets)).toEqual([74, 3]);
  });

  it('escapes text and writes instants in UTC', () => {
    expect(icalText('a;b,c\\d\ne\r\nf')).toBe('a\\;b\\,c\\\\d\\ne\\nf');
    expect(icalUtc(new Date('2026-12-03T22:30:05.999Z'))).toBe('20261203T223005Z');
  });

  it('writes games that a calendar library reads back field by field', () => {
    const updatedAt = new Date('2026-11-20T12:00:00Z');
    const ics = gameCalendar(
      [
        {
          id: 7,
          name: 'Vôlei; de quinta, com 🏐 e um nome comprido o bastante para ser dobrado em duas linhas',
          location: 'Ginásio',
          address: 'Rua das Flores, 100',
          dateTime: new Date('2026-12-03T22:30:00Z'),
          status: 'cancelled',
          cancelReason: 'Chuva',
          updatedAt,
        },
        {
          id: 8,
          name: 'Outro',
          location: 'Arena',
          address: ' ',
          dateTime: new Date('2026-12-04T22:30:00Z'),
          status: 'active',
          cancelReason: null,
          updatedAt,
          isTentative: true,
        },
      ],
      { publicUrl: 'https://borajogar.com.br', name: 'Bora Jogar: meus jogos' },
    );
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Bora Jogar: meus jogos');
    const [cancelled, tentative] = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(cancelled!.uid).toBe('jogo-7@borajogar.com.br');
    expect(cancelled!.summary).toBe('Vôlei; de quinta, com 🏐 e um nome comprido o bastante para ser dobrado em duas linhas');
    expect(cancelled!.location).toBe('Ginásio, Rua das Flores, 100');
    expect(cancelled!.description).toBe('Jogo cancelado. Motivo: Chuva\nVeja o jogo no Bora Jogar: https://borajogar.com.br/apply/7');
    expect(cancelled!.startDate.toJSDate().toISOString()).toBe('2026-12-03T22:30:00.000Z');
    expect(cancelled!.endDate.toJSDate().toISOString()).toBe('2026-12-04T00:30:00.000Z');
    expect(cancelled!.sequence).toBe(Math.floor(updatedAt.getTime() / 1000));
    expect(cancelled!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(tentative!.location).toBe('Arena');
    expect(tentative!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(tentative!.component.getFirstPropertyValue('url')).toBe('https://borajogar.com.br/apply/8');
  });
});
