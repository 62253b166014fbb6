/**
 * C0 control characters and DEL, but tab, line feed and carriage return (multi-line text keeps them).
 * U+0000 above all: PostgreSQL refuses it in text, so it must never reach a query.
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The dotted path of the first string (value or key) holding a control character in a parsed body,
 * query or path, or undefined when there is none. `''` is the value itself.
 */
export function findControlCharacter(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacter(key)) return [...path, '_'].join('.');
    const found = findControlCharacter(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
