import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ID, type Execute, generateScaleData, HEAVY_ORGANISER_ID, type ScaleShape } from '../../../bench/scale/generate';
import { DEFAULT_SEED } from '../../../bench/scale/shape';
import { createTestApp, createTestDatabase, isPostgres, type TestApp, type TestDatabase } from '../../../test-support/server/test-app';
import { hashPassword } from '../lib/passwords';

/**
 * No table scan behind a person's request (issue 47, decision 073). On a generated platform of 100 000 accounts (the
 * `bench:scale` generator: games, registrations, the ledger, earnings and notifications to match), each hot request is
 * sent through the app while every statement it sends is captured; each statement is then EXPLAINed with its own
 * parameters, and a plan that reads a large table from end to end fails, naming the request and the statement. The
 * statements are the app's own, so this cannot drift from the code.
 */

/** A table holding more rows than this is large: reading all of it behind one request is what this test refuses. */
const LARGE_TABLE_ROWS = 10_000;
const PASSWORD = 'bench-password';
/** The generator at a fifth of the three years (12 000 games), with its 100 000 accounts and fewer messages. */
const SCALE = 0.2;
const SIZES = { players: 100_000, notifications: 100_000, emails: 10_000 };

type Captured = { text: string; params: unknown[] };
type Request = {
  name: string;
  who: 'visitor' | 'player' | 'organiser' | 'admin' | 'applicant';
  method?: 'GET' | 'POST';
  url: string;
  body?: object;
};

let t: TestApp;
let shape: ScaleShape;
let large: string[] = [];
const tokens: Record<string, string> = {};
/** The statements sent on behalf of the request being sent (its after-commit work too), not those of a background job. */
const capturing = new AsyncLocalStorage<Captured[]>();
const subjects = { publicGameId: 0, organiserGameId: 0, openGameId: 0, lastUsersPage: 1, lastPastGamesPage: 1 };

/** Drizzle's session logger sees every statement the app sends (transactions' too, which copy its options), with its parameters. */
function captureStatements(app: TestApp) {
  const logger = { logQuery: (text: string, params: unknown[]) => capturing.getStore()?.push({ text, params }) };
  const session = (app.app.ctx.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  session.logger = logger;
  session.options.logger = logger;
}

/**
 * Runs the generator on one connection (its temporary tables live in its session, and triggers are off in it), before
 * the app and its background jobs start.
 */
async function generate(database: TestDatabase): Promise<ScaleShape> {
  const passwordHash = await hashPassword(PASSWORD);
  if (!isPostgres) {
    const execute: Execute = (statement) => database.db.execute(sql.raw(statement));
    return generateScaleData(execute, { scale: SCALE, seed: DEFAULT_SEED, passwordHash, sizes: SIZES });
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await generateScaleData((statement) => client.query(statement), {
      scale: SCALE,
      seed: DEFAULT_SEED,
      passwordHash,
      sizes: SIZES,
    });
  } finally {
    await client.end();
  }
}

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.app.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** `explain (format json)` of a captured statement with its own parameters, bound again as parameters. */
function explainOf({ text, params }: Captured): SQL {
  const chunks: SQL[] = [sql.raw('explain (format json) ')];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const at = match.index!;
    chunks.push(sql.raw(text.slice(last, at)), sql`${sql.param(params[Number(match[1]) - 1])}`);
    last = at + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function seqScansOf(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScansOf)];
}

/** The large tables a statement's plan reads from end to end. */
async function largeScansOf(statement: Captured): Promise<string[]> {
  const [row] = await rows<Record<string, unknown>>(explainOf(statement));
  const value = Object.values(row ?? {})[0];
  const plans = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return plans.flatMap((plan) => seqScansOf(plan.Plan)).filter((table) => large.includes(table));
}

/** Statements a plan can be asked for (not transaction control, settings or notifications). */
const isPlanned = (text: string) => /^\s*(select|with|insert|update|delete)\b/i.test(text) && !/^\s*select pg_notify\(/i.test(text);

async function send(request: Request) {
  const token = request.who === 'visitor' ? undefined : tokens[request.who];
  return t.app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(request.body ? { payload: request.body } : {}),
  });
}

async function signIn(email: string): Promise<string> {
  const reply = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { token: string }).token;
}

beforeAll(async () => {
  const database = await createTestDatabase();
  shape = await generate(database);
  t = await createTestApp({ database, now: new Date() });
  // A player with credits, for an apply to a game with places left.
  await rows(sql`insert into users (name, email, password_hash, phone)
    select 'Plano de Consulta', 'plano@bench.test', password_hash, '48991234567' from users where id = ${ADMIN_ID}`);
  await rows(sql`insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_by)
    select id, 10000, 'add_manual', 'Créditos do teste', 'admin', 'plano:' || id, ${ADMIN_ID} from users where email = 'plano@bench.test'`);
  const one = async (query: SQL) => {
    const [row] = await rows<{ id: number }>(query);
    if (!row) throw new Error('o banco gerado não tem o que o teste pede');
    return Number(row.id);
  };
  subjects.publicGameId = await one(sql`select id from games where state = 'published' and visibility = 'public' and status = 'active'
    and date_time > now() + interval '1 day' order by date_time, id limit 1`);
  subjects.organiserGameId = await one(sql`select id from games where creator_id = ${HEAVY_ORGANISER_ID} and state = 'published'
    and status = 'active' and date_time > now() order by date_time, id limit 1`);
  subjects.openGameId = await one(sql`select g.id from games g where g.state = 'published' and g.visibility = 'public'
    and g.status = 'active' and g.series_id is null and g.use_platform_payment and g.price_cents > 0
    and g.date_time > now() + interval '2 days' and g.id % 5 = 3 order by g.date_time, g.id limit 1`);
  const [counts] = await rows<{ users: number; past: number }>(sql`select (select count(*)::int from users) as users,
    (select count(*)::int from games where status <> 'cancelled' and date_time <= now()) as past`);
  subjects.lastUsersPage = Math.ceil(counts!.users / 10);
  subjects.lastPastGamesPage = Math.ceil(counts!.past / 20);
  large = (
    await rows<{ name: string }>(sql`select relname as name from pg_class
      where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > ${LARGE_TABLE_ROWS}`)
  ).map((row) => row.name);
  tokens.player = await signIn(`jogador${shape.heavyPlayerId}@bench.test`);
  tokens.organiser = await signIn(`jogador${HEAVY_ORGANISER_ID}@bench.test`);
  tokens.admin = await signIn('admin@bench.test');
  tokens.applicant = await signIn('plano@bench.test');
  captureStatements(t);
}, 600_000);

afterAll(() => t?.close());

const monthAgo = () => new Date(Date.now() - 30 * 24 * 3_600_000).toISOString().slice(0, 10);

/** The hot requests: those a person makes many times a day, and the administrator's lists at their far end. */
const requests = (): Request[] => [
  {
    name: 'sign-in',
    who: 'visitor',
    method: 'POST',
    url: '/api/auth/login',
    body: { email: `jogador${shape.heavyPlayerId}@bench.test`, password: PASSWORD },
  },
  {
    name: 'a code to reset the password',
    who: 'visitor',
    method: 'POST',
    url: '/api/auth/forgot',
    body: { email: `jogador${shape.heavyPlayerId}@bench.test` },
  },
  { name: '/users/me', who: 'player', url: '/api/users/me' },
  { name: 'visitor: games list', who: 'visitor', url: '/api/games' },
  { name: 'visitor: games list, a city and a place', who: 'visitor', url: '/api/games?cityId=1&location=praia' },
  { name: 'player: games list', who: 'player', url: '/api/games' },
  { name: 'visitor: a game', who: 'visitor', url: `/api/games/${subjects.publicGameId}` },
  { name: 'player: a game', who: 'player', url: `/api/games/${subjects.publicGameId}` },
  { name: 'player: notifications', who: 'player', url: '/api/notifications' },
  { name: 'player: unread notifications', who: 'player', url: '/api/notifications/unread-count' },
  { name: 'player: invitations', who: 'player', url: '/api/invitations' },
  {
    name: 'apply with credits',
    who: 'applicant',
    method: 'POST',
    url: `/api/games/${subjects.openGameId}/apply`,
    body: { paymentType: 'credit' },
  },
  { name: 'organiser: my games', who: 'organiser', url: '/api/user-games' },
  { name: 'organiser: finished games', who: 'organiser', url: '/api/user-games?filter=finished' },
  { name: 'organiser: a game', who: 'organiser', url: `/api/user-games/${subjects.organiserGameId}` },
  { name: 'organiser: earnings statement', who: 'organiser', url: '/api/user-games/earnings' },
  { name: 'organiser: earnings.csv', who: 'organiser', url: '/api/user-games/earnings.csv' },
  { name: 'admin: dashboard', who: 'admin', url: '/api/admin/dashboard' },
  { name: 'admin: users, first page', who: 'admin', url: '/api/admin/users' },
  { name: 'admin: users, last page', who: 'admin', url: `/api/admin/users?page=${subjects.lastUsersPage}` },
  { name: 'admin: users, search by name', who: 'admin', url: '/api/admin/users?search=gabriela%20rocha' },
  { name: 'admin: users, search by e-mail', who: 'admin', url: `/api/admin/users?search=jogador${shape.heavyPlayerId}%40` },
  { name: 'admin: a user', who: 'admin', url: `/api/admin/users/${shape.heavyPlayerId}` },
  { name: "admin: a user's payments", who: 'admin', url: `/api/admin/users/${shape.heavyPlayerId}/payments` },
  { name: 'admin: games, first page', who: 'admin', url: '/api/admin/games' },
  { name: 'admin: past games, last page', who: 'admin', url: `/api/admin/games?when=past&page=${subjects.lastPastGamesPage}` },
  { name: 'admin: games, search', who: 'admin', url: '/api/admin/games?search=joaquina' },
  { name: 'admin: a game', who: 'admin', url: `/api/admin/games/${subjects.organiserGameId}` },
  { name: 'admin: cancellations', who: 'admin', url: '/api/admin/cancellations' },
  { name: 'admin: payouts', who: 'admin', url: '/api/admin/payouts' },
  {
    name: "admin: a month's payments.csv",
    who: 'admin',
    url: `/api/admin/reports/payments.csv?from=${monthAgo()}&to=${new Date().toISOString().slice(0, 10)}`,
  },
];

describe('hot requests on 100 000 accounts read no large table from end to end', () => {
  it('the generated platform is large where it counts', () => {
    expect(shape.players).toBe(100_000);
    expect(large).toEqual(
      expect.arrayContaining(['users', 'games', 'registrations', 'credit_transactions', 'notifications', 'organiser_earnings']),
    );
  });

  it('each request, statement by statement', async () => {
    const found: string[] = [];
    let planned = 0;
    for (const request of requests()) {
      const statements: Captured[] = [];
      const reply = await capturing.run(statements, async () => {
        const answered = await send(request);
        // What the request started after its commit (deliveries, notices) runs in its context: let it send its statements.
        await new Promise((resolve) => setTimeout(resolve, 100));
        return answered;
      });
      expect(reply.statusCode, `${request.name}: ${reply.body.slice(0, 300)}`).toBeLessThan(300);
      expect(statements.length, `${request.name}: no statement captured`).toBeGreaterThan(0);
      for (const statement of statements.filter((one) => isPlanned(one.text))) {
        planned += 1;
        const scans = await largeScansOf(statement);
        if (scans.length > 0)
          found.push(`${request.name}: reads all of ${scans.join(', ')} in: ${statement.text.replace(/\s+/g, ' ').slice(0, 400)}`);
      }
    }
    expect(planned).toBeGreaterThan(requests().length);
    expect(found).toEqual([]);
  }, 300_000);

  it('sees a scan where there is one: a bare lookup by e-mail, which the partial unique index cannot answer', async () => {
    const scans = await largeScansOf({ text: 'select id from users where email = $1', params: ['admin@bench.test'] });
    expect(scans).toEqual(['users']);
  });
});
