import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test-support/server/factories';
import { createTestDatabase, isPostgres, type TestDatabase } from '../../../test-support/server/test-app';
import { messages } from '../../shared/messages';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { loadConfig } from '../lib/config';
import { MAX_ATTEMPTS } from './retry-conflicts';

/** An error as the driver reports a lost conflict (`code`), or as the ORM wraps it (`cause`). */
function databaseError(code: string, wrapped: boolean): Error {
  const error = Object.assign(new Error('conflito'), { code });
  return wrapped ? new Error('Failed query: update …', { cause: error }) : error;
}

let database: TestDatabase;
let app: FastifyInstance;
const attempts = new Map<string, number>();
const lockedRows: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMITS: 'off', PUBLIC_URL: 'http://bora.test', PAYMENTS: 'sandbox' }),
    database,
  });
  // Fails with `code` the first `failures` times it runs for `key`, then answers.
  app.post<{ Querystring: { key: string; code: string; failures: string; wrapped?: string } }>('/api/probe/conflict', async (request) => {
    const { key, code, failures, wrapped } = request.query;
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);
    if (attempt <= Number(failures)) throw databaseError(code, wrapped === 'yes');
    return { attempt };
  });
  // Locks two accounts in the order asked, both callers holding their first lock before either asks for its second.
  let arrived = 0;
  app.post<{ Querystring: { order: 'ab' | 'ba' } }>('/api/probe/lock', async (request) => {
    const [a, b] = lockedRows as [number, number];
    const [first, second] = request.query.order === 'ab' ? [a, b] : [b, a];
    attempts.set(`lock-${request.query.order}`, (attempts.get(`lock-${request.query.order}`) ?? 0) + 1);
    await database.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, first)).for('update');
      arrived++;
      for (let waited = 0; arrived < 2 && waited < 3000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      await tx
        .update(users)
        .set({ name: sql`${users.name} || '+'` })
        .where(eq(users.id, second));
    });
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const conflict = (query: string) => app.inject({ method: 'POST', url: `/api/probe/conflict?${query}` });

describe('a write that loses a deadlock or a serialization check', () => {
  it('runs again until it passes, and is answered as if nothing had happened', async () => {
    for (const [code, wrapped] of [
      ['40P01', 'no'],
      ['40001', 'yes'],
    ] as const) {
      const res = await conflict(`key=${code}&code=${code}&failures=2&wrapped=${wrapped}`);
      expect([res.statusCode, res.json()]).toEqual([200, { attempt: 3 }]);
    }
  });

  it('is a 503 in Portuguese with Retry-After, never a 500, when the conflicts go on', async () => {
    const res = await conflict('key=always&code=40P01&failures=99');
    expect([res.statusCode, res.json(), res.headers['retry-after']]).toEqual([
      503,
      { code: 'busy_try_again', message: messages.busyTryAgain },
      '1',
    ]);
    expect(attempts.get('always')).toBe(MAX_ATTEMPTS);
  });

  it('does not run again for any other database error', async () => {
    const res = await conflict('key=unique&code=23505&failures=1');
    expect(res.statusCode).toBe(500);
    expect(attempts.get('unique')).toBe(1);
  });

  it.runIf(isPostgres)('two requests that lock the same rows in opposite orders both succeed on PostgreSQL', async () => {
    lockedRows.push((await createUser(database.db)).id, (await createUser(database.db)).id);
    const answers = await Promise.all([
      app.inject({ method: 'POST', url: '/api/probe/lock?order=ab' }),
      app.inject({ method: 'POST', url: '/api/probe/lock?order=ba' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    // PostgreSQL broke the deadlock by rolling one of them back: that one ran twice.
    expect((attempts.get('lock-ab') ?? 0) + (attempts.get('lock-ba') ?? 0)).toBe(3);
    const names = await database.db
      .select({ name: users.name })
      .from(users)
      .where(sql`${users.id} in (${lockedRows[0]}, ${lockedRows[1]})`);
    expect(names.every((row) => row.name.endsWith('+') && !row.name.endsWith('++'))).toBe(true);
  });
});
