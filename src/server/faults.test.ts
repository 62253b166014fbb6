// Faults from the outside, on the compiled server and PostgreSQL: what a failure of SMTP or of the process itself
// does to e-mails. Each case ends with the product's invariants checked.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledServerOnScratchDatabase, type ServerProcess, spawnServer, untilReady } from '../../test-support/server/compiled-server';
import { createGame, createUser, DAY_MS, DEFAULT_PASSWORD } from '../../test-support/server/factories';
import { expectLedgerBalanced } from '../../test-support/server/ledger';
import { type SmtpInbox, startSmtpInbox } from '../../test-support/server/smtp-inbox';
import { freePort, waitUntil } from '../../test-support/server/processes';
import { isPostgres } from '../../test-support/server/test-app';
import { canRunThrowawayPostgres, throwawayPostgres } from '../../test-support/server/throwaway-postgres';
import { type Database, openDatabase } from './db/open-database';
import { emailOutbox } from './db/schema';

/** A redis-server of the test's own can be started (Debian's package); never the machine's. */
const canRunRedisServer = (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, 'redis-server')));

type Server = ServerProcess;

describe.runIf(isPostgres)('faults', () => {
  let scratch: Awaited<ReturnType<typeof compiledServerOnScratchDatabase>>;
  let database: Database;
  const servers: Server[] = [];

  async function start(smtpPort: number, env: Record<string, string> = {}): Promise<Server> {
    const server = spawnServer(scratch.entry, await freePort(), {
      DATABASE_URL: scratch.databaseUrl,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: 'http://bora.test',
      PAYMENTS: 'sandbox',
      RATE_LIMITS: 'off',
      ...env,
    });
    servers.push(server);
    await untilReady(server);
    return server;
  }

  beforeAll(async () => {
    scratch = await compiledServerOnScratchDatabase('faults');
    database = await openDatabase({ kind: 'postgres', url: scratch.databaseUrl, poolSize: 4 });
    await database.migrate();
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) server.process.kill('SIGKILL');
    await database?.close();
    await scratch?.remove();
  });

  /** An organiser's published game and a signed-in session for them on `server`. */
  async function organiserOn(server: Server) {
    const organiser = await createUser(database.db);
    const game = await createGame(database.db, {
      creatorId: organiser.id,
      visibility: 'private',
      dateTime: new Date(Date.now() + 3 * DAY_MS),
    });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: organiser.email, password: DEFAULT_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    return { game, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  }

  async function invite(server: Server, organiser: Awaited<ReturnType<typeof organiserOn>>, emails: string[]) {
    const res = await fetch(`${server.url}/api/user-games/${organiser.game.id}/invitations`, {
      method: 'POST',
      headers: organiser.headers,
      body: JSON.stringify({ emails }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** What time would bring about: every message still waiting is due now, and no claim of a dead process holds it. */
  const waitsPassed = () =>
    database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()`, claimedUntil: null })
      .where(sql`${emailOutbox.sentAt} is null`);

  /** Waits until every message to `emails` has reached `inbox`, then checks none came twice and every row is sent. */
  async function expectDeliveredOnce(inbox: SmtpInbox, emails: string[]) {
    await waitUntil(
      async () => (emails.every((email) => inbox.messages.some((mail) => mail.recipients.includes(email))) ? true : undefined),
      30_000,
      'os e-mails',
    );
    // A little longer: a second copy would come now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const received = inbox.messages.flatMap((mail) => mail.recipients).filter((to) => emails.includes(to));
    expect(received.sort()).toEqual([...emails].sort());
    const rows = await database.db.select().from(emailOutbox).where(inArray(emailOutbox.to, emails));
    expect(rows.map((row) => row.to).sort()).toEqual([...emails].sort());
    expect(rows.filter((row) => row.sentAt === null)).toEqual([]);
  }

  /** The product's invariants after a fault: balances equal their ledgers, no game over its places, nothing counted twice. */
  async function expectInvariants() {
    await expectLedgerBalanced(database.db);
    const overbooked = (await database.db.execute(sql`
      select g.id from games g
      where (select count(*) from registrations r where r.game_id = g.id and r.status in ('confirmed', 'pending')) > g.total_slots`)) as {
      rows: unknown[];
    };
    expect(overbooked.rows).toEqual([]);
    const twice = (await database.db.execute(
      sql`select type, reference from credit_transactions group by type, reference having count(*) > 1`,
    )) as { rows: unknown[] };
    expect(twice.rows).toEqual([]);
  }

  it('SMTP down while actions send e-mail, then up: each e-mail is delivered exactly once', async () => {
    const smtpPort = await freePort();
    const server = await start(smtpPort);
    const organiser = await organiserOn(server);
    const emails = Array.from({ length: 4 }, (_, i) => `convidado-${i}-${randomBytes(3).toString('hex')}@bora.test`);
    await invite(server, organiser, emails.slice(0, 2));
    await invite(server, organiser, emails.slice(2));
    // Tried once each and failed: the causes are recorded, nothing is lost.
    await waitUntil(
      async () => {
        const rows = await database.db.select().from(emailOutbox).where(inArray(emailOutbox.to, emails));
        return rows.length === emails.length && rows.every((row) => row.error !== null) ? rows : undefined;
      },
      10_000,
      'as primeiras tentativas',
    );

    const inbox = await startSmtpInbox({ port: smtpPort });
    try {
      await waitsPassed();
      await expectDeliveredOnce(inbox, emails);
    } finally {
      await inbox.close();
    }
    await expectInvariants();
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('the server killed right after answering, then started again: its e-mail is sent, once', async () => {
    const smtpPort = await freePort();
    const first = await start(smtpPort);
    const organiser = await organiserOn(first);
    const email = `depois-da-queda-${randomBytes(3).toString('hex')}@bora.test`;
    await invite(first, organiser, [email]);
    first.process.kill('SIGKILL');
    await first.exited;

    const inbox = await startSmtpInbox({ port: smtpPort });
    try {
      const second = await start(smtpPort);
      await waitsPassed();
      await expectDeliveredOnce(inbox, [email]);
      second.process.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await inbox.close();
    }
    await expectInvariants();
  }, 90_000);

  it('/auth/forgot with SMTP down, the server killed after answering (a second later, and at once), then started again with SMTP up: one code e-mail per request', async () => {
    const smtpPort = await freePort();
    const first = await start(smtpPort);
    const [early, late] = [await createUser(database.db), await createUser(database.db)];
    const unknown = `ninguem-${randomBytes(3).toString('hex')}@bora.test`;
    const forgot = async (email: string) => {
      const res = await fetch(`${first.url}/api/auth/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await forgot(early.email);
    await forgot(unknown);
    // A second after its reply: this instance has written the code and tried to send it, SMTP being down.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // And a request answered just now: killed at once, maybe before this instance did anything about it.
    await forgot(late.email);
    first.process.kill('SIGKILL');
    await first.exited;
    // Whatever the moment, each answered request is in the database: as a request still, or as its e-mail.
    for (const email of [early.email, late.email]) {
      const requests = await database.db.execute(sql`select id from mail_requests where payload->>'email' = ${email}`);
      const mails = await database.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(inArray(emailOutbox.to, [email]));
      expect((requests as unknown as { rows: unknown[] }).rows.length + mails.length, email).toBe(1);
    }

    const inbox = await startSmtpInbox({ port: smtpPort });
    try {
      const second = await start(smtpPort);
      await waitsPassed();
      await expectDeliveredOnce(inbox, [early.email, late.email]);
      const codes = inbox.messages.filter((mail) => [early.email, late.email].some((email) => mail.recipients.includes(email)));
      expect(codes.map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/^Seu código de recuperação: \d{6}$/),
        expect.stringMatching(/^Seu código de recuperação: \d{6}$/),
      ]);
      expect(inbox.messages.filter((mail) => mail.recipients.includes(unknown))).toEqual([]);
      expect((await database.db.execute(sql`select id from mail_requests`)) as unknown as { rows: unknown[] }).toMatchObject({ rows: [] });
      second.process.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await inbox.close();
    }
    await expectInvariants();
  }, 90_000);

  it.runIf(canRunThrowawayPostgres)(
    'PostgreSQL restarted under load: 503 while it is away, then everything answers again within 5 s, change feed and jobs included',
    async () => {
      const cluster = throwawayPostgres(await freePort());
      cluster.start();
      const mine: Server[] = [];
      try {
        const smtpPort = await freePort();
        const metricsToken = 'faults-metrics-token-0123';
        const env = {
          DATABASE_URL: cluster.url,
          LISTING_CACHE_MS: '60000',
          SIGNED_IN_CACHE_MS: '60000',
          HOLD_SWEEP_SECONDS: '1',
          METRICS_TOKEN: metricsToken,
        };
        const a = await start(smtpPort, env);
        const b = await start(smtpPort, env);
        mine.push(a, b);
        const own = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 2 });
        const organiser = await createUser(own.db);
        await own.close();
        const jobRuns = async (server: Server) => {
          const text = await (await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
          return Number(/job_runs_total\{job="payment-sweep"\} (\d+)/.exec(text)?.[1] ?? 0);
        };
        /** A list no cache holds: every call reads the database. */
        const uncached = (server: Server) => fetch(`${server.url}/api/games?location=${randomBytes(6).toString('hex')}`);

        const statuses: number[] = [];
        const failures: string[] = [];
        let isRunning = true;
        const load = Array.from({ length: 4 }, async () => {
          while (isRunning) {
            try {
              const res = await uncached(a);
              statuses.push(res.status);
              await res.arrayBuffer();
            } catch (error) {
              failures.push(String((error as { cause?: unknown }).cause ?? error));
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        });
        await new Promise((resolve) => setTimeout(resolve, 300));

        cluster.stop();
        await waitUntil(async () => ((await fetch(`${a.url}/api/health/ready`)).status === 503 ? true : undefined), 5_000, 'ready em 503');
        const away = await uncached(a);
        expect(away.status).toBe(503);
        expect((await away.json()) as { message: string }).toMatchObject({ message: expect.stringMatching(/^[A-ZÀ-Ú]/) });
        const runsWhileAway = Math.max(await jobRuns(a), await jobRuns(b));

        cluster.start();
        const backAt = Date.now();
        await waitUntil(
          async () => ((await uncached(a)).status === 200 && (await uncached(b)).status === 200 ? true : undefined),
          5_000,
          'as respostas de volta',
        );
        await waitUntil(async () => ((await fetch(`${b.url}/api/health/ready`)).ok ? true : undefined), 5_000, 'ready de volta');
        expect(Date.now() - backAt).toBeLessThan(5_000);
        isRunning = false;
        await Promise.all(load);
        expect(failures).toEqual([]);
        expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);

        // The change feed is back: a game created through A shows at once in B's list, which caches for a minute.
        const login = await fetch(`${a.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: organiser.email, password: DEFAULT_PASSWORD }),
        });
        const { token } = (await login.json()) as { token: string };
        const listed = async () => ((await (await fetch(`${b.url}/api/games`)).json()) as { name: string }[]).map((game) => game.name);
        const name = `Depois da volta ${randomBytes(3).toString('hex')}`;
        expect(await listed()).not.toContain(name);
        const sports = (await (await fetch(`${a.url}/api/games/sports`)).json()) as { id: number }[];
        const states = (await (await fetch(`${a.url}/api/games/states`)).json()) as { id: number }[];
        const cities = (await (await fetch(`${a.url}/api/games/cities?stateId=${states[0]!.id}`)).json()) as { id: number }[];
        const created = await fetch(`${a.url}/api/user-games`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name,
            location: 'Arena',
            address: 'Rua 1',
            dateTime: new Date(Date.now() + 3 * DAY_MS).toISOString(),
            price: 10,
            totalSlots: 10,
            description: '',
            visibility: 'public',
            usePlatformPayment: false,
            state: 'published',
            sportId: sports[0]!.id,
            stateId: states[0]!.id,
            cityId: cities[0]!.id,
          }),
        });
        expect(created.status, await created.clone().text()).toBe(201);
        await waitUntil(async () => ((await listed()).includes(name) ? true : undefined), 1_500, 'o jogo novo na lista da outra instância');
        // The jobs run again, on whichever instance leads now.
        await waitUntil(
          async () => (Math.max(await jobRuns(a), await jobRuns(b)) > runsWhileAway + 1 ? true : undefined),
          5_000,
          'as tarefas de volta',
        );
      } finally {
        for (const server of mine) server.process.kill('SIGKILL');
        cluster.remove();
      }
    },
    90_000,
  );

  it.runIf(canRunRedisServer)(
    'Redis stopped and started: limits fall back to each process, then return to Redis',
    async () => {
      const redisPort = await freePort();
      const startRedis = () => {
        const child = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
          stdio: 'ignore',
        });
        return { child, exited: new Promise((resolve) => child.on('exit', resolve)) };
      };
      let redisServer = startRedis();
      const redis = new Redis(`redis://127.0.0.1:${redisPort}`, { lazyConnect: true, retryStrategy: () => 200 });
      redis.on('error', () => {});
      const prefix = `faults-${randomBytes(3).toString('hex')}:`;
      let server: Server | undefined;
      try {
        await waitUntil(async () => ((await redis.ping()) === 'PONG' ? true : undefined), 5_000, 'o Redis');
        server = await start(await freePort(), {
          RATE_LIMITS: 'on',
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          REDIS_KEY_PREFIX: prefix,
        });
        const tryLogin = async () =>
          (
            await fetch(`${server!.url}/api/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: `ninguem-${randomBytes(3).toString('hex')}@bora.test`, password: 'senha-errada-123' }),
            })
          ).status;
        expect(await tryLogin()).toBe(401);
        expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);

        redisServer.child.kill('SIGTERM');
        await redisServer.exited;
        // Away: every try still answered, at once, counted in the process.
        for (let i = 0; i < 3; i += 1) expect(await tryLogin()).toBe(401);

        redisServer = startRedis();
        await waitUntil(async () => ((await redis.ping()) === 'PONG' ? true : undefined), 5_000, 'o Redis de volta');
        // Back: counts reach Redis again (a fresh Redis, so any key is a new one).
        await waitUntil(
          async () => ((await tryLogin()) === 401 && (await redis.keys(`${prefix}*`)).length > 0 ? true : undefined),
          15_000,
          'as contagens no Redis',
        );
        await expectInvariants();
      } finally {
        server?.process.kill('SIGKILL');
        redis.disconnect();
        redisServer.child.kill('SIGKILL');
      }
    },
    60_000,
  );
});
