import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { users } from '../../db/schema';
import { liveEmailIs } from './live-email';

const t = setUpTestApp();
const ACCOUNTS = 4_000;

/** The plan PostgreSQL (or PGlite) picks for a query builder's statement, as JSON text. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const explain = sql.raw(`explain (format json) ${text.replace(/\$(\d+)/g, (_match, n: string) => `'${String(params[Number(n) - 1])}'`)}`);
  const result = (await t.app.ctx.db.execute(explain)) as unknown as { rows: Record<string, unknown>[] };
  return JSON.stringify(result.rows);
}

describe('an account looked up by e-mail', () => {
  beforeAll(async () => {
    await t.app.ctx.db.execute(sql`
      insert into users (name, email, phone)
      select 'Conta ' || n, 'conta-' || n || '@exemplo.com.br', null from generate_series(1, ${ACCOUNTS}) as n`);
    await t.app.ctx.db.execute(sql`analyze users`);
  }, 120_000);

  it('reads one entry of the partial unique index when it says the account is live, where a bare e-mail reads them all', async () => {
    const email = `conta-${ACCOUNTS / 2}@exemplo.com.br`;
    const live = await planOf(t.app.ctx.db.select().from(users).where(liveEmailIs(email)));
    expect(live).toContain('users_email_unique');
    expect(live).not.toContain('Seq Scan');
    // The condition is what lets the planner use the partial index: the bare lookup the sign-in made reads every account.
    expect(await planOf(t.app.ctx.db.select().from(users).where(eq(users.email, email)))).toContain('Seq Scan');
    const [found] = await t.app.ctx.db.select({ name: users.name }).from(users).where(liveEmailIs(email));
    expect(found).toEqual({ name: `Conta ${ACCOUNTS / 2}` });
  });
});
