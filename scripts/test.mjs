// `npm test`: typecheck, lint, unit and web tests, the server suite on PGlite and on PostgreSQL,
// then the browser journeys in Chromium. Runs what the machine allows and says what it skipped;
// with CI=true a missing browser, database or Redis fails the run instead.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ensureWebBuild, root } from './build.mjs';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const localPostgres = 'postgres://postgres@127.0.0.1:5432/postgres';
const localRedis = 'redis://127.0.0.1:6379';
const results = [];

function run(label, command, args, env = process.env) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  results.push({ label, outcome: result.status === 0 ? `ok (${seconds}s)` : 'FALHOU' });
  return result.status === 0;
}

function skip(label, why) {
  results.push({ label, outcome: `PULADO: ${why}` });
  console.log(`\n⚠ ${label}: pulado (${why})`);
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

run('typecheck (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('lint (eslint)', bin('eslint'), ['.']);
run('unit + web (vitest)', bin('vitest'), ['run', '--project', 'shared', '--project', 'web']);

// The server suite's Redis tests (shared rate limits) skip themselves without one, or fail under CI=true.
const redis = await redisUrl();
if (!redis) skip('limites no Redis (suíte do servidor)', `nenhum Redis respondeu em ${process.env.TEST_REDIS_URL ?? localRedis} (defina TEST_REDIS_URL)`);
const redisEnv = redis ? { TEST_REDIS_URL: redis } : {};
run('server (PGlite)', bin('vitest'), ['run', '--project', 'server'], { ...envWithoutDatabase, ...redisEnv });

const databaseUrl = await postgresUrl();
if (databaseUrl) run('server (PostgreSQL)', bin('vitest'), ['run', '--project', 'server'], { ...process.env, ...redisEnv, TEST_DATABASE_URL: databaseUrl });
else skip('server (PostgreSQL)', 'nenhum PostgreSQL respondeu (defina TEST_DATABASE_URL)');

if (fs.existsSync(chromium)) {
  ensureWebBuild();
  run('e2e (Playwright + Chromium)', bin('playwright'), ['test'], { ...process.env, CHROMIUM_PATH: chromium });
} else {
  skip('e2e (Playwright + Chromium)', `Chromium não encontrado em ${chromium} (apt-get install -y chromium)`);
}

console.log('\nResumo:');
for (const { label, outcome } of results) console.log(`  ${outcome.startsWith('ok') ? '✓' : outcome.startsWith('PULADO') ? '⚠' : '✗'} ${label}: ${outcome}`);
const failed = results.some((r) => r.outcome === 'FALHOU');
const skipped = results.some((r) => r.outcome.startsWith('PULADO'));
if (skipped && isCi) console.log('\nCI=true: etapas puladas contam como falha.');
process.exit(failed || (skipped && isCi) ? 1 : 0);
