// `npm test`: typecheck, lint, unit and web tests, the server suite on PGlite and on PostgreSQL, and the browser
// journeys in Chromium, one stage after another, each ending with its name and time. Runs what the machine allows
// and says what it skipped; with CI=true a missing browser, database or Redis fails the run instead.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { root } from './build.mjs';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const localPostgres = 'postgres://postgres@127.0.0.1:5432/postgres';
const localRedis = 'redis://127.0.0.1:6379';
const startedAt = Date.now();
/** One row per stage, in the order the summary lists them. */
const results = [];

const elapsed = (since) => `${((Date.now() - since) / 1000).toFixed(0)}s`;

function row(label) {
  const entry = { label, outcome: 'FALHOU' };
  results.push(entry);
  return entry;
}

/**
 * Runs one stage and resolves to whether it passed. Its output goes straight to the terminal, or, with `buffered` (for
 * stages that run side by side), is kept and printed in one piece when the stage ends.
 */
function run(entry, command, args, env = process.env, { buffered = false } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${entry.label} (aos ${elapsed(startedAt)})`);
  return new Promise((resolve) => {
    const output = [];
    let ended = false;
    const end = (passed, why = '') => {
      if (ended) return;
      ended = true;
      const took = elapsed(started);
      if (buffered) console.log(`\n── ${entry.label}\n${Buffer.concat(output).toString().trimEnd()}`);
      if (why) console.log(why);
      console.log(`━━ ${entry.label}: ${passed ? 'ok' : 'FALHOU'} em ${took} ━━`);
      entry.outcome = passed ? `ok (${took})` : 'FALHOU';
      resolve(passed);
    };
    const child = spawn(command, args, { cwd: root, env, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.once('error', (error) => end(false, error.message));
    child.once('close', (code) => end(code === 0));
  });
}

function skip(entry, why) {
  entry.outcome = `PULADO: ${why}`;
  console.log(`⚠ ${entry.label}: pulado (${why})`);
}

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

const bin = (name) => path.join(root, 'node_modules/.bin', name);
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
if (redis) results.splice(results.indexOf(redisLimits), 1);
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
await run(unitAndWeb, bin('vitest'), ['run', '--project', 'shared', '--project', 'web']);

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
  results.splice(results.indexOf(webBuild), 1);
  skip(journeys, `Chromium não encontrado em ${chromium} (apt-get install -y chromium)`);
}

console.log(`\nResumo (${elapsed(startedAt)} no total):`);
for (const { label, outcome } of results)
  console.log(`  ${outcome.startsWith('ok') ? '✓' : outcome.startsWith('PULADO') ? '⚠' : '✗'} ${label}: ${outcome}`);
const failed = results.some((r) => r.outcome === 'FALHOU');
const skipped = results.some((r) => r.outcome.startsWith('PULADO'));
if (skipped && isCi) console.log('\nCI=true: etapas puladas contam como falha.');
process.exit(failed || (skipped && isCi) ? 1 : 0);
