import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase, isPostgres } from '../../../test-support/server/test-app';
import { gameChangeNotice, localChangeFeed, postgresChangeFeed } from './change-feed';

describe('games changed', () => {
  it('are heard once the transaction that announced them commits, once each, and never after a rollback', async () => {
    const database = await createTestDatabase();
    try {
      const heard: (number[] | undefined)[] = [];
      database.changes.subscribeGames((ids) => heard.push(ids));
      // The PostgreSQL feed's listener came up while the database was migrated; give a slow one a moment.
      await new Promise((resolve) => setTimeout(resolve, 200));
      heard.length = 0;

      await database.db.transaction(async (tx) => {
        await tx.execute(gameChangeNotice(7));
        await tx.execute(gameChangeNotice(7));
        await tx.execute(gameChangeNotice(8));
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toEqual([]);
      });
      await vi.waitFor(() => expect(heard).toEqual([[7], [8]]), { timeout: 1000, interval: 10 });

      await database.db
        .transaction(async (tx) => {
          await tx.execute(gameChangeNotice(9));
          throw new Error('rolled back');
        })
        .catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([[7], [8]]);
    } finally {
      await database.close();
    }
  });
});

describe('games changed by a transaction that already committed', () => {
  it('are heard by this instance at once', () => {
    const feed = localChangeFeed();
    const heard: (number[] | undefined)[] = [];
    feed.subscribeGames((ids) => heard.push(ids));
    feed.gamesChanged([3, 4]);
    expect(heard).toEqual([[3, 4]]);
  });

  it.runIf(isPostgres)('reach the other instances in one notification per moment, however many games, and never come back', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const pools = [new pg.Pool({ connectionString: url, max: 2 }), new pg.Pool({ connectionString: url, max: 2 })];
    const [a, b] = pools.map((pool) => postgresChangeFeed({ url, pool }));
    try {
      const heardByA: number[][] = [];
      const heardByB: number[][] = [];
      a!.subscribeGames((ids) => ids && heardByA.push(ids));
      b!.subscribeGames((ids) => ids && heardByB.push(ids));
      a!.subscribe(() => {});
      // Both listeners up: each tells its own "any game" once.
      await new Promise((resolve) => setTimeout(resolve, 300));

      // More ids than one notification holds (8000 bytes): all arrive, in as few as fit.
      const many = Array.from({ length: 2000 }, (_, i) => 100_000 + i);
      a!.gamesChanged([1, 2]);
      a!.gamesChanged([2, 3]);
      a!.gamesChanged(many);
      expect(heardByA).toEqual([[1, 2], [2, 3], many]);
      await vi.waitFor(() => expect(heardByB.flat().length).toBe(3 + many.length), { timeout: 1000, interval: 10 });
      expect(new Set(heardByB.flat())).toEqual(new Set([1, 2, 3, ...many]));
      expect(heardByB.length).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByA).toHaveLength(3);

      // What is still waiting when an instance closes is sent before it goes.
      a!.gamesChanged([5]);
      await a!.close();
      await vi.waitFor(() => expect(heardByB.at(-1)).toEqual([5]), { timeout: 1000, interval: 10 });
    } finally {
      await Promise.all([a!.close(), b!.close()]);
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

describe.runIf(isPostgres)('a write that also changed games', () => {
  it('goes to the other instances as one notification, which drops their caches and tells the games', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const pools = [new pg.Pool({ connectionString: url, max: 2 }), new pg.Pool({ connectionString: url, max: 2 })];
    const [a, b] = pools.map((pool) => postgresChangeFeed({ url, pool }));
    const sent = vi.spyOn(pools[0]!, 'query');
    try {
      let dropsByB = 0;
      const gamesHeardByB: number[][] = [];
      b!.subscribe(() => dropsByB++);
      b!.subscribeGames((ids) => ids && gamesHeardByB.push(ids));
      await vi.waitFor(() => expect(dropsByB).toBe(1), { timeout: 2000 });

      // The one-statement apply: its game announced, then the reply's write published, in the same moment.
      a!.gamesChanged([7]);
      a!.publish();
      await vi.waitFor(() => expect(gamesHeardByB).toEqual([[7]]), { timeout: 1000, interval: 10 });
      expect(dropsByB).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sent.mock.calls.filter(([text]) => String(text).includes('pg_notify'))).toHaveLength(1);
      expect(dropsByB).toBe(2);

      // A write alone still drops the caches, without a game.
      a!.publish();
      await vi.waitFor(() => expect(dropsByB).toBe(3), { timeout: 1000, interval: 10 });
      expect(gamesHeardByB).toEqual([[7]]);
    } finally {
      sent.mockRestore();
      await Promise.all([a!.close(), b!.close()]);
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

describe('localChangeFeed', () => {
  it('tells every subscriber at once', () => {
    const feed = localChangeFeed();
    const heard: string[] = [];
    feed.subscribe(() => heard.push('a'));
    feed.subscribe(() => heard.push('b'));
    feed.publish();
    expect(heard).toEqual(['a', 'b']);
  });
});

describe.runIf(isPostgres)('postgresChangeFeed', () => {
  it('tells the other instances within a second, and the publisher only once', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const pools = [new pg.Pool({ connectionString: url, max: 2 }), new pg.Pool({ connectionString: url, max: 2 })];
    const [a, b] = pools.map((pool) => postgresChangeFeed({ url, pool }));
    try {
      let heardByA = 0;
      let heardByB = 0;
      a!.subscribe(() => heardByA++);
      b!.subscribe(() => heardByB++);
      // Each feed tells its own subscribers once when its listener is up.
      await vi.waitFor(() => expect([heardByA, heardByB]).toEqual([1, 1]), { timeout: 2000 });

      const sentAt = Date.now();
      a!.publish();
      a!.publish();
      expect(heardByA).toBe(3);
      await vi.waitFor(() => expect(heardByB).toBe(2), { timeout: 1000, interval: 10 });
      expect(Date.now() - sentAt).toBeLessThan(1000);
      // The two publishes went out as one notification, and A does not hear its own.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([heardByA, heardByB]).toEqual([3, 2]);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
