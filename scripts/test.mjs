// `npm test`: typecheck, lint, unit and web tests, the server suite on PGlite and on PostgreSQL, and the browser
// journeys in Chromium, one stage after another, each ending with its name and time. Runs what the machine allows
// and says what it skipped; with CI=true a missing browser, database or Redis fails the run instead.
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { bin, createStages } from './stages.mjs';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const localPostgres = 'postgres://postgres@127.0.0.1:5432/postgres';
const localRedis = 'redis://127.0.0.1:6379';
const { row, drop, run, skip, summarize } = createStages();

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? localPostgres;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisUrl() {
  const url = process.env.TEST_REDIS_URL ?? localRedis;
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, enableOfflineQueue: false, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch {
    return undefined;
  } finally {
    client.disconnect();
  }
}

const { TEST_DATABASE_URL: _ignored, ...envWithoutDatabase } = process.env;

const typecheck = row('typecheck (tsc)');
const lint = row('lint (eslint)');
const format = row('formatação (prettier --check)');
const openapi = row('OpenAPI (redocly lint)');
const unitAndWeb = row('unit + web (vitest)');
const redisLimits = row('limites no Redis (suíte do servidor)');
const serverPglite = row('server (PGlite)');
const serverPostgres = row('server (PostgreSQL)');
const soak = row('soak (3 instâncias, 3 min com falhas, semente 1)');
const webBuild = row('build do app web (vite)');
const journeys = row('e2e (Playwright + Chromium)');

// The server suite's Redis tests (shared rate limits) skip themselves without one, or fail under CI=true.
const [redis, databaseUrl] = await Promise.all([redisUrl(), postgresUrl()]);
if (redis) drop(redisLimits);
else skip(redisLimits, `nenhum Redis respondeu em ${process.env.TEST_REDIS_URL ?? localRedis} (defina TEST_REDIS_URL)`);
const redisEnv = redis ? { TEST_REDIS_URL: redis } : {};

// The static checks each use one core, so they run side by side; every later stage fills both cores by itself and runs
// alone (decisions 042 and 049). The OpenAPI document is written by the app and linted offline (decision 066).
await Promise.all([
  run(typecheck, bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], process.env, { buffered: true }),
  run(lint, bin('eslint'), ['.'], process.env, { buffered: true }),
  run(format, bin('prettier'), ['--check', '.'], process.env, { buffered: true }),
  run(openapi, process.execPath, ['--import', 'tsx', 'scripts/openapi.ts', '--lint'], process.env, { buffered: true }),
]);
await run(unitAndWeb, bin('vitest'), ['run', '--project', 'shared', '--project', 'web', '--project', 'scripts']);

await run(serverPglite, bin('vitest'), ['run', '--project', 'server', '--project', 'server-mocks'], { ...envWithoutDatabase, ...redisEnv });
if (databaseUrl)
  await run(serverPostgres, bin('vitest'), ['run', '--project', 'server', '--project', 'server-mocks'], {
    ...process.env,
    ...redisEnv,
    TEST_DATABASE_URL: databaseUrl,
  });
else skip(serverPostgres, 'nenhum PostgreSQL respondeu (defina TEST_DATABASE_URL)');

// Three instances under a mixed workload and a fault about every 20 s, then a checker (bench/soak, decision 067): on a
// cluster of its own when the machine has PostgreSQL's server binaries, else a throw-away database on TEST_DATABASE_URL;
// always a redis-server of its own, which it stops and starts.
const hasRedisServer = (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, 'redis-server')));
const hasPostgresBinaries = fs.existsSync('/usr/lib/postgresql');
if (!hasRedisServer) skip(soak, 'redis-server não encontrado (apt-get install -y redis-server)');
else if (!hasPostgresBinaries && !databaseUrl) skip(soak, 'nenhum PostgreSQL para o soak');
else
  await run(
    soak,
    process.execPath,
    ['--import', 'tsx', 'bench/soak/run.ts', '--minutes', '3', '--seed', '1', '--report', 'dist/soak-report.json'],
    {
      ...envWithoutDatabase,
      ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}),
    },
  );

if (fs.existsSync(chromium)) {
  const built = await run(webBuild, process.execPath, ['-e', "import('./scripts/build.mjs').then((m) => m.ensureWebBuild())"]);
  if (built) await run(journeys, bin('playwright'), ['test'], { ...process.env, CHROMIUM_PATH: chromium });
  else skip(journeys, 'o app web não compilou');
} else {
  drop(webBuild);
  skip(journeys, `Chromium não encontrado em ${chromium} (apt-get install -y chromium)`);
}

process.exit(summarize({ skipsFail: isCi }));
