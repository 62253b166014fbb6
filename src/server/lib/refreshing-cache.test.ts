import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock';
import { createRefreshingCache } from './refreshing-cache';

describe('createRefreshingCache().clear', () => {
  it('makes the next caller wait for a fresh build, and drops a build that started before it', async () => {
    const cache = createRefreshingCache<string>({ ttlMs: 60_000, maxEntries: 10, clock: fixedClock(new Date()), onError: () => {} });
    expect(await cache.get('k', async () => 'v1')).toBe('v1');
    expect(await cache.get('k', async () => 'v2')).toBe('v1');

    let finishOld!: (value: string) => void;
    cache.clear();
    const old = cache.get('k', () => new Promise<string>((resolve) => (finishOld = resolve)));
    cache.clear();
    expect(await cache.get('k', async () => 'v3')).toBe('v3');
    finishOld('antigo');
    expect(await old).toBe('antigo');
    // The slow build from before the change did not overwrite the fresh one.
    expect(await cache.get('k', async () => 'v4')).toBe('v3');
  });
});
