/**
 * The little of iCalendar (RFC 5545) the feeds write: text escaped, instants in UTC, and content lines folded at 75
 * octets. Written here rather than through a library that measured each character with a new TextEncoder, which made
 * a player's feed of 80 games cost 50 ms of the server's one thread (issue 27).
 */

/** One content line's name (with its parameters) and value, the value already in iCalendar form. */
export type ContentLine = [name: string, value: string];

const LINE_OCTETS = 75;
const CRLF = '\r\n';

/** A TEXT value: backslash, semicolon and comma escaped, every line break as \n. */
export function icalText(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** A DATE-TIME in UTC, to the second: 20261203T223000Z. */
export function icalUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** `line` folded so no physical line passes 75 octets: a break, then a space that starts the next. */
export function foldLine(line: string): string {
  // Most lines (times, ids, statuses) fit: measured at once, not character by character.
  if (line.length <= LINE_OCTETS && Buffer.byteLength(line) <= LINE_OCTETS) return line;
  let folded = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    if (octets + size > LINE_OCTETS) {
      folded += `${CRLF} `;
      octets = 1;
    }
    folded += char;
    octets += size;
  }
  return folded;
}

/** A component (VCALENDAR, VEVENT...) from its lines and the components inside it, each line folded and ended by CRLF. */
export function icalComponent(kind: string, lines: ContentLine[], inside: string[] = []): string {
  const body = lines.map(([name, value]) => `${foldLine(`${name}:${value}`)}${CRLF}`).join('');
  return `BEGIN:${kind}${CRLF}${body}${inside.join('')}END:${kind}${CRLF}`;
}
