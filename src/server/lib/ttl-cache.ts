import type { Clock } from './clock';

/**
 * A small per-process cache whose entries live `ttlMs` by the app's clock. Bounded: past
 * `maxEntries` the oldest entry goes, so odd keys (free-text filters) cannot grow it without end.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; clock: Clock }) {
  const entries = new Map<string, { expiresAt: number; value: V }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= options.clock.now().getTime()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V): void {
      if (options.ttlMs <= 0) return;
      entries.delete(key);
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { expiresAt: options.clock.now().getTime() + options.ttlMs, value });
    },
  };
}
