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
 * query or path, or undefined when there is none. `''` is the value itself. Walked with a stack of its own,
 * not by recursion, and each path made only for the string found: no nesting can exhaust the call stack.
 */
export function findControlCharacter(value: unknown): string | undefined {
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
      if (hasControlCharacter(visit.value)) return pathOf(visit);
      continue;
    }
    if (visit.value === null || typeof visit.value !== 'object') continue;
    const entries = Object.entries(visit.value);
    for (const [key] of entries) if (hasControlCharacter(key)) return pathOf(visit, '_');
    // Pushed last to first, so the first field is searched first, as a reader would.
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
  }
  return undefined;
}
