/**
 * What a person's name may not hold (issue 39): names are shown to others, put into e-mails and compared by the
 * administrator with the bank's record of a PIX holder, so a name must read as what it is.
 * - Control characters (Unicode Cc: C0 with tab, line feed and carriage return, DEL, C1 with NEL) and the line and
 *   paragraph separators U+2028 and U+2029: a line break ends the name where it is shown and starts something that
 *   looks like another line of the message ("Ana\r\nBcc: …").
 * - Direction controls: the embeddings and overrides U+202A–U+202E and isolates U+2066–U+2069, which show the text
 *   in another order than it is stored ("\u202Eetnaf" reads "fante"), and the marks U+200E, U+200F and U+061C, which
 *   a name never needs either: the direction of each script's letters is their own.
 * Joiners (U+200C, U+200D) stay: some scripts and emoji need them.
 * The global check on every request (`control-characters.ts`) already refuses C0 but tab and line breaks, with a code
 * of its own; this is the stricter rule for names.
 */
const LINE_BREAK_OR_CONTROL = /[\p{Cc}\u2028\u2029]/u;
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
const everywhere = (pattern: RegExp) => new RegExp(pattern.source, 'gu');

export function hasUnsafeNameCharacter(name: string): boolean {
  return LINE_BREAK_OR_CONTROL.test(name) || DIRECTION_CONTROL.test(name);
}

/**
 * A name that comes from elsewhere (a Google profile), which nobody can be asked to type again: direction controls
 * taken out, each line break or control character made a space between the words it parted, the spaces made single.
 */
export function withoutUnsafeNameCharacters(name: string): string {
  return name.replace(everywhere(DIRECTION_CONTROL), '').replace(everywhere(LINE_BREAK_OR_CONTROL), ' ').replace(/\s+/gu, ' ').trim();
}
