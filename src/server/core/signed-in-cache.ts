import { createRefreshingCache } from '../lib/refreshing-cache';
import type { ServerContext } from './context';

/**
 * The signed-in read model (decision 032): one process's memory of what a signed-in read answered, keyed by
 * the caller, so a repeated read costs no query and no serialisation. Every change announced on the change
 * feed (any successful write here at once, on other instances within the feed's latency, and every
 * background job) drops all of it; SIGNED_IN_CACHE_MS bounds what time alone changes (a hold reaching its
 * deadline, a game starting) and what a lost notification could leave behind.
 */
export function createSignedInCache<V>(
  ctx: Pick<ServerContext, 'config' | 'clock' | 'changes' | 'log'>,
  options: { name: string; maxEntries: number },
) {
  const cache = createRefreshingCache<V>({
    ttlMs: ctx.config.signedInCacheMs,
    maxEntries: options.maxEntries,
    clock: ctx.clock,
    onError: (error) => ctx.log.error({ err: error, cache: options.name }, 'falha ao atualizar uma leitura em cache'),
  });
  ctx.changes.subscribe(() => cache.clear());
  return cache;
}
