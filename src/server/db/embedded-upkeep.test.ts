import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, createTestDatabase, isPostgres, type TestDatabase } from '../../../test-support/server/test-app';
import { UPKEEP_INTERVAL_MS, upkeepOneTable } from './embedded-upkeep';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

type Counts = { dead: number; changed: number; vacuumed: boolean; analysed: boolean };
async function counts(table: string): Promise<Counts> {
  await database!.db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await database!.db.execute(sql`
    select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, last_vacuum is not null as vacuumed,
      last_analyze is not null as analysed
    from pg_stat_user_tables where relname = ${table}`)) as unknown as { rows: Counts[] };
  return rows[0]!;
}

/** Runs the upkeep until nothing is due (each run does one table), returning what it did. */
async function upkeepAll(): Promise<string[]> {
  const done: string[] = [];
  for (let run = 0; run < 60; run++) {
    const upkeep = await upkeepOneTable(database!.db);
    if (!upkeep) return done;
    done.push(`${upkeep.action} ${upkeep.table}`);
  }
  throw new Error(`ainda havia tabelas a cuidar depois de 60 rodadas: ${done.slice(-5).join(', ')}`);
}

describe.skipIf(isPostgres)('the embedded database upkeep (pulado no PostgreSQL: o autovacuum dele cuida disso)', () => {
  it('vacuums a table full of dead rows or of new ones, leaves one barely changed, then finds nothing due', async () => {
    database = await createTestDatabase();
    const { db } = database;
    // Whatever the template left due is done first.
    await upkeepAll();
    await db.execute(sql`create table upkeep_churn (id int primary key, n int)`);
    await db.execute(sql`create index on upkeep_churn (n)`);
    await db.execute(sql`insert into upkeep_churn select g, 0 from generate_series(1, 5000) g`);
    // As many rows inserted as a vacuum waits for.
    expect(await upkeepAll()).toEqual(['vacuum upkeep_churn']);
    // Every row rewritten, its indexed column changed: as many dead rows as live ones.
    await db.execute(sql`update upkeep_churn set n = n + 1`);
    // One row changed in a small table: below every threshold.
    await db.execute(sql`update sports set active = active where id in (select id from sports limit 1)`);
    expect((await counts('upkeep_churn')).dead).toBe(5000);

    const done = await upkeepAll();
    expect(await counts('upkeep_churn')).toMatchObject({ dead: 0, changed: 0, vacuumed: true, analysed: true });
    expect(done).toEqual(['vacuum upkeep_churn']);
    expect(await upkeepOneTable(db)).toBeNull();
  });

  it('analyses a table filled since its last analysis, and a large one never analysed after its counters were lost', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await upkeepAll();
    await db.execute(sql`create table upkeep_probe (id int primary key, note text)`);
    await db.execute(sql`insert into upkeep_probe select g, repeat('x', 200) from generate_series(1, 600) g`);
    // Fewer inserts than a vacuum needs, more than an analysis does.
    expect(await upkeepAll()).toEqual(['analyze upkeep_probe']);
    expect(await counts('upkeep_probe')).toMatchObject({ analysed: true, changed: 0 });

    await db.execute(sql`create table upkeep_lost (id int primary key, note text)`);
    await db.execute(sql`insert into upkeep_lost select g, repeat('x', 200) from generate_series(1, 600) g`);
    // As after a restart: the counters are gone, the table was never analysed.
    await db.execute(sql`select pg_stat_reset()`);
    expect(await upkeepAll()).toEqual(['analyze upkeep_lost']);
  });
});

describe.skipIf(isPostgres)('the embedded database upkeep as a background job (pulado no PostgreSQL: não roda lá)', () => {
  it('runs every minute beside the other jobs', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const token = 'upkeep-metrics-token-0123';
    const t = await createTestApp({ env: { METRICS_TOKEN: token } });
    try {
      await vi.advanceTimersByTimeAsync(UPKEEP_INTERVAL_MS);
      await vi.waitFor(async () => {
        const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
        expect(res.body).toContain('job_runs_total{job="payment-sweep"} 1');
        expect(res.body).toContain('job_runs_total{job="embedded-upkeep"} 1');
      });
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});
