// Three compiled instances on one PostgreSQL, started together, as a production deployment runs them.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledServerOnScratchDatabase, type ServerProcess, spawnServer, untilReady } from '../../test-support/server/compiled-server';
import { openEventStream } from '../../test-support/server/event-stream';
import { createGame, createRegistration, createUser, HOUR_MS } from '../../test-support/server/factories';
import { expectLedgerBalanced } from '../../test-support/server/ledger';
import { freePort, waitUntil } from '../../test-support/server/processes';
import { isPostgres } from '../../test-support/server/test-app';
import { type Database, openDatabase } from './db/open-database';
import { notifications, registrations, users } from './db/schema';

const METRICS_TOKEN = 'multi-instance-metrics-token';
const ADMIN = { email: 'chefe@bora.test', password: 'senha-do-chefe-123' };
const redisUrl = process.env.TEST_REDIS_URL;

type Instance = ServerProcess;

describe.runIf(isPostgres)('several instances on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof compiledServerOnScratchDatabase>>;
  let database: Database;
  let instances: Instance[] = [];

  const start = (port: number): Instance =>
    spawnServer(scratch.entry, port, {
      DATABASE_URL: scratch.databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      HOLD_SWEEP_SECONDS: '1',
      // A minute of cache: only the change feed can show a change within a second.
      LISTING_CACHE_MS: '60000',
      SIGNED_IN_CACHE_MS: '60000',
      PUBLIC_URL: 'http://bora.test',
      PAYMENTS: 'sandbox',
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `${scratch.name}:` } : {}),
    });

  beforeAll(async () => {
    scratch = await compiledServerOnScratchDatabase('multi-instance');
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    // Started together on an empty database: all three race to migrate and create the admin.
    instances = ports.map(start);
    await Promise.all(instances.map((instance) => untilReady(instance)));
    database = await openDatabase({ kind: 'postgres', url: scratch.databaseUrl, poolSize: 4 });
  }, 90_000);

  afterAll(async () => {
    for (const instance of instances) instance.process.kill('SIGKILL');
    await database?.close();
    await scratch?.remove();
  });

  it('all come up on an empty database, with the configured admin created once', async () => {
    const admins = await database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(admins).toHaveLength(1);
    for (const instance of instances) {
      const login = await fetch(`${instance.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
    }
  });

  it.runIf(redisUrl)('shares the rate limits through Redis: failed logins spread over the instances reach the 429', async () => {
    const email = `alvo-${randomBytes(4).toString('hex')}@bora.test`;
    const statuses: number[] = [];
    // Ten wrong passwords for one account from one address are allowed in all; the eleventh is refused anywhere.
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const instance = instances[attempt % instances.length]!;
      const res = await fetch(`${instance.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'senha-errada-123' }),
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(((await res.json()) as { message: string }).message).toMatch(/tentativas/i);
      } else await res.arrayBuffer();
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('runs each background tick on one instance only, and sends each notice once', async () => {
    const db = database.db;
    const game = await createGame(db, {
      name: 'Prazo vencido',
      totalSlots: 1,
      priceCents: 1500,
      dateTime: new Date(Date.now() + 72 * HOUR_MS),
    });
    const late = await createUser(db);
    const next = await createUser(db);
    await createRegistration(db, { gameId: game.id, userId: late.id, status: 'pending', paymentDeadline: new Date(Date.now() - 60_000) });
    await createRegistration(db, { gameId: game.id, userId: next.id, status: 'waitlist' });

    await waitUntil(
      async () => {
        const [row] = await db
          .select()
          .from(registrations)
          .where(and(eq(registrations.gameId, game.id), eq(registrations.userId, late.id)));
        return row?.status === 'cancelled' ? true : undefined;
      },
      10_000,
      'a liberação da vaga vencida',
    );
    // A few more ticks: nobody may expire or tell twice.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const expiredNotices = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, late.id), eq(notifications.type, 'payment_expired')));
    expect(expiredNotices).toHaveLength(1);
    const promoted = await db.select().from(notifications).where(eq(notifications.userId, next.id));
    expect(promoted.map((notice) => notice.type).filter((type) => type.startsWith('promot'))).toHaveLength(1);

    const runs = await Promise.all(
      instances.map(async (instance) => {
        const text = await (await fetch(`${instance.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
        return Number(/job_runs_total\{job="payment-sweep"\} (\d+)/.exec(text)?.[1] ?? 0);
      }),
    );
    expect(runs.filter((count) => count > 0)).toHaveLength(1);
  });

  it('a change made on one instance shows on the others within a second', async () => {
    const game = await createGame(database.db, {
      name: 'Frescor entre instâncias',
      location: 'Quadra Multi',
      totalSlots: 6,
      usePlatformPayment: false,
      // The instances run on the real clock: the game is ahead of it, whatever day the suite runs.
      dateTime: new Date(Date.now() + 7 * 24 * HOUR_MS),
    });
    const slotsOn = async (instance: Instance) => {
      const list = (await (await fetch(`${instance.url}/api/games?location=Multi`)).json()) as Array<{
        id: number;
        remainingSlots: number;
      }>;
      return list.find((item) => item.id === game.id)?.remainingSlots;
    };
    expect(await Promise.all(instances.map(slotsOn))).toEqual([6, 6, 6]);

    const player = await createUser(database.db, { phone: '48991234567' });
    const login = await fetch(`${instances[0]!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: player.email, password: 'senha-forte-123' }),
    });
    const { token } = (await login.json()) as { token: string };
    const applied = await fetch(`${instances[0]!.url}/api/games/${game.id}/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({}),
    });
    expect(applied.status).toBe(200);
    const appliedAt = Date.now();
    expect(await slotsOn(instances[0]!)).toBe(5);
    await waitUntil(
      async () => ((await slotsOn(instances[1]!)) === 5 && (await slotsOn(instances[2]!)) === 5 ? true : undefined),
      1000,
      'as outras instâncias',
    );
    expect(Date.now() - appliedAt).toBeLessThan(1000);
  });

  it('a password changed on one instance ends the earlier token on the others within a second, though they read it from memory', async () => {
    const player = await createUser(database.db);
    const login = await fetch(`${instances[0]!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: player.email, password: 'senha-forte-123' }),
    });
    const { token } = (await login.json()) as { token: string };
    const meOn = async (instance: Instance, bearer: string) =>
      (await fetch(`${instance.url}/api/users/me`, { headers: { authorization: `Bearer ${bearer}` } })).status;
    // Each instance has the account (and the reply) in memory now.
    expect(await Promise.all(instances.map((instance) => meOn(instance, token)))).toEqual([200, 200, 200]);

    const changed = await fetch(`${instances[0]!.url}/api/users/me/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword: 'senha-forte-123', newPassword: 'outra-senha-456' }),
    });
    expect(changed.status).toBe(200);
    const changedAt = Date.now();
    const fresh = ((await changed.json()) as { token: string }).token;
    expect(await meOn(instances[0]!, token)).toBe(401);
    await waitUntil(
      async () => ((await meOn(instances[1]!, token)) === 401 && (await meOn(instances[2]!, token)) === 401 ? true : undefined),
      1000,
      'o fim do token antigo nas outras instâncias',
    );
    expect(Date.now() - changedAt).toBeLessThan(1000);
    expect(await Promise.all(instances.map((instance) => meOn(instance, fresh)))).toEqual([200, 200, 200]);
  });

  it('on SIGTERM an instance answers the requests in flight, ends its live streams, closes busy connections, then exits 0 within seconds', async () => {
    const target = instances[2]!;
    const watched = await createGame(database.db, {
      name: 'Vagas ao vivo no desligamento',
      dateTime: new Date(Date.now() + 7 * 24 * HOUR_MS),
    });
    // Streams never end by themselves: the drain must end them, not wait for its limit.
    const streams = await Promise.all([
      openEventStream(`${target.url}/api/games/${watched.id}/events`),
      openEventStream(`${target.url}/api/games/events`),
    ]);
    expect(await streams[0]!.nextData()).toEqual({ remainingSlots: 10, waitlistCount: 0 });
    const login = await fetch(`${target.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const statuses: number[] = [];
    const failures: string[] = [];
    let isRunning = true;
    // Signed-in lists: each request does real work, so every keep-alive connection stays busy. Each client is
    // fetch's own (undici), keeping its connections alive as browsers and proxies do.
    const load = Array.from({ length: 16 }, async () => {
      while (isRunning) {
        try {
          const res = await fetch(`${target.url}/api/games?limit=100`, { headers: { authorization: `Bearer ${token}` } });
          statuses.push(res.status);
          await res.arrayBuffer();
        } catch (error) {
          // A refused connection once it stopped listening is the proxy's cue to go elsewhere, not a failure; a
          // reset, or a request sent and never answered, is.
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          if (cause?.code !== 'ECONNREFUSED') failures.push(`${cause?.code ?? ''} ${cause?.message ?? String(error)}`);
          return;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = statuses.length;
    target.process.kill('SIGTERM');
    // Well inside the 10 s limit: busy keep-alive clients are told to close, not waited out.
    const code = await Promise.race([target.exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 5_000))]);
    isRunning = false;
    await Promise.all(load);
    expect(code).toBe(0);
    await Promise.all(streams.map((stream) => stream.ended));
    expect(target.output.join('')).not.toContain('ainda abertas');
    expect(before).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    await expectLedgerBalanced(database.db);
  });
});
