/**
 * C0 control characters and DEL, but tab, line feed and carriage return (multi-line text keeps them).
 * U+0000 above all: PostgreSQL refuses it in text, so it must never reach a query.
 */
const KEPT = new Set([0x09, 0x0a, 0x0d]);

const isControl = (code: number) => (code < 0x20 && !KEPT.has(code)) || code === 0x7f;

export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/**
 * What makes a string unfit to be kept as text: a control character (above), or a lone UTF-16 surrogate (half of an
 * emoji, as a broken client or a string cut in the middle sends it; JSON's `\ud83c` reaches here as one). A lone
 * surrogate is no character at all: PostgreSQL refuses it inside JSON (a 500) and the drivers write it into text as
 * "�", so it is refused like a control character (decision 064).
 */
export type BadText = 'control_character' | 'lone_surrogate';

/** The first fault of `text`, in one pass, or undefined when it is well-formed text. */
export function badTextIn(text: string): BadText | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800) {
      if (isControl(code)) return 'control_character';
    } else if (code <= 0xdfff) {
      // A high surrogate followed by a low one is one character beyond the BMP (an emoji); anything else is half of one.
      const next = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return 'lone_surrogate';
      i++;
    }
  }
  return undefined;
}

/**
 * The first string (value or key) of a parsed body, query or path that holds a control character or a lone
 * surrogate: its dotted path (`''` is the value itself; a bad key is named `_` under its object) and what is wrong,
 * or undefined when there is none. Walked with a stack of its own, not by recursion, and each path made only for
 * the string found: no nesting can exhaust the call stack.
 */
export function findBadText(value: unknown): { path: string; fault: BadText } | undefined {
  type Visit = { value: unknown; key: string; parent: Visit | undefined };
  const pathOf = (visit: Visit | undefined, last?: string): string => {
    const keys = last === undefined ? [] : [last];
    for (let at = visit; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const stack: Visit[] = [{ value, key: '', parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (typeof visit.value === 'string') {
      const fault = badTextIn(visit.value);
      if (fault) return { path: pathOf(visit), fault };
      continue;
    }
    if (visit.value === null || typeof visit.value !== 'object') continue;
    const entries = Object.entries(visit.value);
    for (const [key] of entries) {
      const fault = badTextIn(key);
      if (fault) return { path: pathOf(visit, '_'), fault };
    }
    // Pushed last to first, so the first field is searched first, as a reader would.
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
  }
  return undefined;
}
