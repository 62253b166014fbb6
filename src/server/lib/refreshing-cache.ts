import type { Clock } from './clock';

type Entry<V> = { value: V; freshUntil: number; refreshing?: Promise<unknown> };

/**
 * A small per-process cache of values that are cheap to serve and costly to build. An entry is
 * fresh for `ttlMs`; for one more `ttlMs` it is still served while a single refresh runs in the
 * background (so a busy key never makes a queue of callers wait); after that it is rebuilt before
 * answering, once for all callers waiting on it. Bounded: past `maxEntries` the oldest entry goes.
 */
export function createRefreshingCache<V>(options: { ttlMs: number; maxEntries: number; clock: Clock; onError(error: unknown): void }) {
  const entries = new Map<string, Entry<V>>();
  let loading = new Map<string, Promise<V>>();
  // Bumped by clear(): a build that started before the change never stores its result.
  let generation = 0;
  const now = () => options.clock.now().getTime();

  function store(key: string, value: V, builtIn: number): V {
    if (builtIn !== generation) return value;
    entries.delete(key);
    if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, freshUntil: now() + options.ttlMs });
    return value;
  }

  function load(key: string, build: () => Promise<V>): Promise<V> {
    let pending = loading.get(key);
    if (!pending) {
      const builtIn = generation;
      const inFlight = loading;
      pending = build()
        .then((value) => store(key, value, builtIn))
        .finally(() => inFlight.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  return {
    /** Forgets every entry (the data changed): the next caller of each key waits for a fresh build. */
    clear(): void {
      generation += 1;
      entries.clear();
      loading = new Map();
    },
    /** The entry of `key` while fresh, without waiting (a hit of `get` costs no promise); undefined otherwise. */
    peek(key: string): { readonly value: V } | undefined {
      const entry = options.ttlMs > 0 ? entries.get(key) : undefined;
      return entry && now() < entry.freshUntil ? entry : undefined;
    },
    async get(key: string, build: () => Promise<V>): Promise<V> {
      if (options.ttlMs <= 0) return build();
      const entry = entries.get(key);
      const at = now();
      if (entry && at < entry.freshUntil) return entry.value;
      if (entry && at < entry.freshUntil + options.ttlMs) {
        entry.refreshing ??= load(key, build).catch((error: unknown) => {
          entry.refreshing = undefined;
          options.onError(error);
        });
        return entry.value;
      }
      return load(key, build);
    },
  };
}

export type RefreshingCache<V> = ReturnType<typeof createRefreshingCache<V>>;
