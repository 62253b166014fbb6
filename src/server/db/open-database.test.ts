import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, isPostgres } from '../../../test-support/server/test-app';

describe.runIf(isPostgres)('closing the PostgreSQL database', () => {
  it('lets a handler under way run its next queries before it ends the pool', async () => {
    const database = await createTestDatabase();
    // A request handler whose client went away: the HTTP server no longer waits for it, the pool must.
    const handler = (async () => {
      await database.db.execute(sql`select pg_sleep(0.3)`);
      const result = (await database.db.execute(sql`select 'terminou' as fim`)) as unknown as { rows: Array<{ fim: string }> };
      return result.rows[0]?.fim;
    })();
    // Let the first query take its connection before the close begins.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = database.close();
    expect(await handler).toBe('terminou');
    await closing;
  });
});
