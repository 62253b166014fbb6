import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_STATEMENTS, keptStatementsClient, type StatementClient } from './pglite-statements';

let pglite: PGlite;
let client: StatementClient;

beforeEach(async () => {
  pglite = await PGlite.create();
  client = keptStatementsClient(pglite);
});
afterEach(async () => {
  await pglite.close();
});

const keptCount = async () =>
  (await pglite.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'bj%'`)).rows[0]!.n;

describe('the embedded database client with kept statements', () => {
  it('answers as PGlite answers, for every kind of parameter node-postgres sends', async () => {
    await pglite.exec(`create table t (id serial primary key, n int, s text, at timestamptz, flags int[], data jsonb, ok boolean)`);
    const at = new Date('2026-11-28T12:34:56.789Z');
    const params = [7, "d'Ávila \\ %", at, [1, 2, 3], { a: 'ç', b: [1] }, true];
    await client.query(`insert into t (n, s, at, flags, data, ok) values ($1, $2, $3, $4, $5, $6)`, params);
    await pglite.query(`insert into t (n, s, at, flags, data, ok) values ($1, $2, $3, $4, $5, $6)`, params);
    await client.query(`insert into t (n, s) values ($1, $2)`, [null, undefined]);
    const statement = `select n, s, at, flags, data, ok from t order by id`;
    const mine = await client.query(statement);
    const theirs = await pglite.query(statement);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.rows[0]).toEqual({ n: 7, s: "d'Ávila \\ %", at, flags: [1, 2, 3], data: { a: 'ç', b: [1] }, ok: true });
    expect(mine.rows[2]).toEqual({ n: null, s: null, at: null, flags: null, data: null, ok: null });
    expect(mine.fields.map((field) => field.name)).toEqual(['n', 's', 'at', 'flags', 'data', 'ok']);
    expect(await client.query(`select $1::int + 1 as x`, [41], { rowMode: 'array' })).toMatchObject({ rows: [[42]] });
  });

  it('prepares a statement once and asks it again by name', async () => {
    for (let i = 0; i < 3; i++) expect((await client.query<{ x: number }>(`select $1::int * 2 as x`, [i])).rows).toEqual([{ x: i * 2 }]);
    expect(await keptCount()).toBe(1);
    // A statement that plans nothing is not kept.
    await client.query(`set application_name = 'bj'`);
    expect(await keptCount()).toBe(1);
  });

  it(`keeps at most ${KEPT_STATEMENTS} statements, closing the least recently used`, async () => {
    await client.query(`select 0 as first`);
    for (let i = 1; i <= KEPT_STATEMENTS + 10; i++) {
      await client.query(`select ${i} as n`);
      if (i % 50 === 0) await client.query(`select 0 as first`);
    }
    // Closed on the next query.
    await client.query(`select 1 as n`);
    expect(await keptCount()).toBe(KEPT_STATEMENTS);
    const names = (await pglite.query<{ statement: string }>(`select statement from pg_prepared_statements where name like 'bj%'`)).rows;
    expect(names.map((row) => row.statement)).toContain('select 0 as first');
    expect(names.map((row) => row.statement)).not.toContain('select 2 as n');
  });

  it('reports an error with its statement, and the next queries run', async () => {
    const failed = client.query(`select 1 / $1::int as x`, [0]);
    await expect(failed).rejects.toMatchObject({ code: '22012', query: 'select 1 / $1::int as x', params: [0] });
    await expect(client.query(`select nope from nowhere`)).rejects.toMatchObject({ code: '42P01' });
    expect((await client.query(`select 1 / $1::int as x`, [1])).rows).toEqual([{ x: 1 }]);
    // A kept statement that fails stays kept.
    await expect(client.query(`select 1 / $1::int as x`, [0])).rejects.toMatchObject({ code: '22012' });
    await client.query(`select 2 as y`);
    // The statements that failed were closed, not left behind or named twice.
    const kept = (await pglite.query<{ statement: string }>(`select statement from pg_prepared_statements where name like 'bj%'`)).rows;
    expect(kept.map((row) => row.statement).sort()).toEqual(['select 1 / $1::int as x', 'select 2 as y']);
  });

  it('prepares a statement again when the columns of its table changed', async () => {
    await pglite.exec(`create table u (a int); insert into u values (1)`);
    expect((await client.query(`select * from u`)).rows).toEqual([{ a: 1 }]);
    await pglite.exec(`alter table u add column b text default 'b'`);
    expect((await client.query(`select * from u`)).rows).toEqual([{ a: 1, b: 'b' }]);
  });

  it('runs a transaction on one session: its writes seen inside, undone by a rollback, waited for outside', async () => {
    await pglite.exec(`create table v (n int)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into v values ($1)`, [1]);
      expect((await tx.query(`select count(*)::int as n from v`)).rows).toEqual([{ n: 1 }]);
      await held;
      await tx.rollback();
    });
    const outside = client.query<{ n: number }>(`select count(*)::int as n from v`);
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
    await client.transaction(async (tx) => {
      await tx.query(`insert into v values ($1)`, [2]);
    });
    expect((await client.query(`select n from v`)).rows).toEqual([{ n: 2 }]);
  });
});
