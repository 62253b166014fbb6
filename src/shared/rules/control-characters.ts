/**
 * C0 control characters and DEL, but tab, line feed and carriage return (multi-line text keeps them).
 * U+0000 above all: PostgreSQL refuses it in text, so it must never reach a query.
 */
const KEPT = new Set([0x09, 0x0a, 0x0d]);

export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !KEPT.has(code)) || code === 0x7f) return true;
  }
  return false;
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
