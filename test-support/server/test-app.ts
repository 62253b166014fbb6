import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Database, openDatabase } from '../../src/server/db/open-database';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';
import type { ResolveHost } from '../../src/server/integrations/push/endpoint-safety';
import { type Clock, fixedClock } from '../../src/server/lib/clock';
import { type Config, loadConfig } from '../../src/server/lib/config';

export const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The name of a test of requests racing each other. Only PostgreSQL runs transactions side by side; the
 * embedded database runs them one at a time, where a race cannot happen and its test would prove nothing, so
 * such tests run with `describe.runIf(isPostgres)` / `it.runIf(isPostgres)` and say why they were skipped.
 */
export const raced = (name: string) =>
  isPostgres ? name : `${name} (pulado: corridas só acontecem no PostgreSQL; defina TEST_DATABASE_URL)`;

/** A PAYMENT_ACCOUNTS_KEY for tests: 32 bytes in base64. */
export const TEST_PAYMENT_ACCOUNTS_KEY = Buffer.alloc(32, 7).toString('base64');

/** Where a test app's clock starts unless told otherwise. */
export const TEST_NOW = new Date('2026-11-20T12:00:00.000Z');

/** A test database; on PostgreSQL, with its URL, so a second instance can open it. */
export type TestDatabase = Database & { url?: string };

/**
 * A fresh, migrated database with the reference data: a clone of the run's PGlite template, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped again by close()).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!process.env.TEST_DATABASE_URL) {
    const template = fs.readFileSync(inject('pgliteTemplate'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]) });
  }
  const database = await createEmptyTestDatabase();
  await database.migrate();
  await seedReferenceData(database.db);
  return database;
}

/**
 * A fresh database with nothing in it, not even the migrations (to test upgrades): a new in-memory PGlite (initdb, a
 * few seconds), or a new database on the PostgreSQL server of TEST_DATABASE_URL (dropped again by close()).
 */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ kind: 'pglite' });
  const name = `bj_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 40 });
  return {
    ...database,
    url: dbUrl.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  clock: Clock & { set(date: Date): void; advance(ms: number): void };
  config: Config;
  close(): Promise<void>;
};

/**
 * The real app on a fresh database (or on `database`, which it then owns), a settable clock, rate limits off
 * unless asked for; silent, unless `logStream` is to receive its log lines (from `info` up).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    now?: Date;
    database?: TestDatabase;
    logStream?: { write(line: string): void };
    /** How push endpoints' names resolve (the tests never reach the internet). */
    resolveHost?: ResolveHost;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    RATE_LIMITS: 'off',
    // Tests read their own writes at once, even those made straight in the database; the caches have their own tests.
    LISTING_CACHE_MS: '0',
    SIGNED_IN_CACHE_MS: '0',
    PUBLIC_URL: 'http://bora.test',
    PAYMENTS: 'sandbox',
    ...options.env,
  });
  const clock = fixedClock(options.now ?? TEST_NOW);
  const app = await buildApp({
    config,
    database,
    clock,
    logStream: options.logStream,
    checkReplies: true,
    resolveHost: options.resolveHost,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The usual setup of a test file (or of one `describe`): a fresh test app made before its tests and closed after them.
 *
 *     const t = setUpTestApp();                                  // or setUpTestApp({ env: { RATE_LIMITS: 'on' } })
 *     it('…', async () => { await t.app.inject({ method: 'GET', url: '/api/health' }); });
 *
 * Call it where you would have written the `beforeAll`/`afterAll` pair. The returned object reads through to the
 * app made in `beforeAll`, so it can be kept in a `const` at the top; using it outside a test or hook throws.
 */
export function setUpTestApp(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(() => current?.close());
  const made = (): TestApp => {
    if (!current) throw new Error('setUpTestApp: the app exists only inside tests and hooks (it is made in beforeAll)');
    return current;
  };
  return {
    get app() {
      return made().app;
    },
    get database() {
      return made().database;
    },
    get clock() {
      return made().clock;
    },
    get config() {
      return made().config;
    },
    close: () => made().close(),
  };
}

/** Another instance on the PostgreSQL database of `first`, with its own connections and change feed, as a second process runs. */
export async function createSecondInstance(first: TestApp, options: { env?: Record<string, string> } = {}): Promise<TestApp> {
  if (!first.database.url) throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const database = await openDatabase({ kind: 'postgres', url: first.database.url, poolSize: 10 });
  return createTestApp({ ...options, database, now: first.clock.now() });
}
