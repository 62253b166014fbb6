import { sql } from 'drizzle-orm';
import pg from 'pg';
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

describe.runIf(isPostgres)('a connection lost while a transaction holds it', () => {
  it('fails that transaction, not the process: the next query answers', async () => {
    const database = await createTestDatabase();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const transaction = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> };
        // Between two statements (no query under way), the server ends the connection, as a restart does.
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      const after = (await database.db.execute(sql`select 'de volta' as estado`)) as unknown as { rows: Array<{ estado: string }> };
      expect(after.rows[0]?.estado).toBe('de volta');
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
