// `npm run bench`: each path of the API against a ceiling measured in the same run. Reads (a visitor's and
// a signed-in player's game list, a game, the player's profile) against a bare node:http server sending the
// very same bytes; credit applies against pgbench's TPC-B-like transactions on the same PostgreSQL, with the
// money and slot invariants checked afterwards. Writes the figures into bench/README.md.
// Needs a PostgreSQL (BENCH_DATABASE_URL, default local) and pgbench.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/open-database';
import { registrations } from '../src/server/db/schema';
import { systemClock } from '../src/server/lib/clock';
import { createTokenService } from '../src/server/lib/token-service';
import { benchServerUrl, createBenchDatabase, onBenchServer } from './support/database';
import {
  CONNECTIONS,
  createGames,
  createPlayers,
  DURATION_SECONDS,
  loadInTurns,
  type LoadResult,
  selectRows,
  WARM_UP_SECONDS,
  writeSection,
} from './support/fixtures';
import { startAppProcess, startBareServer, stop } from './support/processes';

const APP_PORT = 3301;
const BARE_PORT = 3302;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const tokens = createTokenService({ secret: new TextEncoder().encode(JWT_SECRET), clock: systemClock });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bj-bench-'));

type ReadRow = { label: string; bytes: number; app: LoadResult; bare: LoadResult; goal: { ratio: number; p99: number } };

/** The app's path under load, in turns with a bare server answering the bytes the app gave for it. */
async function compareWithBare(label: string, url: string, headers: Record<string, string>, goal: ReadRow['goal']): Promise<ReadRow> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  const bodyFile = path.join(scratch, `${randomBytes(4).toString('hex')}.json`);
  fs.writeFileSync(bodyFile, body);
  const bare = await startBareServer(bodyFile, BARE_PORT);
  try {
    const [bareResult, appResult] = await loadInTurns({ url: `http://127.0.0.1:${BARE_PORT}/` }, { url, headers });
    return { label, bytes: body.length, app: appResult!, bare: bareResult!, goal };
  } finally {
    await stop(bare);
  }
}

async function readBenchmark(): Promise<ReadRow[]> {
  const bench = await createBenchDatabase();
  const db = bench.database.db;
  const [organiser] = await createPlayers(db, 'organizador', 1, 0);
  const gameIds = await createGames(db, organiser!, 300, { slots: 12, priceCents: 1500 });
  // The signed-in caller holds a place in 10 of the games listed first.
  const [player] = await createPlayers(db, 'jogador', 1, 10_000);
  const now = new Date();
  await db.insert(registrations).values(
    gameIds.slice(0, 10).map((gameId) => ({
      gameId,
      userId: player!,
      status: 'confirmed' as const,
      paymentType: 'credit' as const,
      paidCents: 1500,
      joinedAt: now,
      confirmedAt: now,
    })),
  );
  const headers = { authorization: `Bearer ${await tokens.issue({ userId: player!, tokenVersion: 0 })}` };
  const app = await startAppProcess({ DATABASE_URL: bench.url, PORT: String(APP_PORT), JWT_SECRET });
  const api = `http://127.0.0.1:${APP_PORT}/api`;
  try {
    return [
      await compareWithBare('visitor `GET /api/games` (list cached ≤ 1 s)', `${api}/games`, {}, { ratio: 0.5, p99: 25 }),
      await compareWithBare('signed-in `GET /api/games` (caller in 10 of them)', `${api}/games`, headers, { ratio: 0.35, p99: 50 }),
      await compareWithBare("signed-in `GET /api/games/{id}` (one of the caller's)", `${api}/games/${gameIds[0]}`, headers, {
        ratio: 0.35,
        p99: 50,
      }),
      await compareWithBare('signed-in `GET /api/users/me`', `${api}/users/me`, headers, { ratio: 0.35, p99: 50 }),
    ];
  } finally {
    await stop(app);
    await bench.drop();
  }
}

/** pgbench's TPC-B-like transactions per second (scale 10, 32 clients, 2 threads) on a throwaway database. */
async function pgbenchCeiling(): Promise<number> {
  const name = `bj_pgbench_${randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(benchServerUrl), { pathname: `/${name}` }).toString();
  await onBenchServer(`create database ${name}`);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '10', url], { stdio: 'ignore' });
    const out = execFileSync('pgbench', ['-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION_SECONDS), url], { encoding: 'utf8' });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
    if (!tps) throw new Error(`pgbench não informou as transações por segundo:\n${out}`);
    return Number(tps);
  } finally {
    await onBenchServer(`drop database if exists ${name} with (force)`);
  }
}

const PLAYERS = 150;
const GAMES_PER_PLAYER = 10;
const APPLY_ROUNDS = 3;

/** A keep-alive client as lean as pgbench's own, so the load generator takes as little of the 2 cores as it can. */
const applyAgent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function postApply(token: string, gameId: number): Promise<number> {
  const body = JSON.stringify({ paymentType: 'credit' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: APP_PORT,
        path: `/api/games/${gameId}/apply`,
        method: 'POST',
        agent: applyAgent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => res.resume().on('end', () => resolve(res.statusCode!)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One round: 150 new funded players each apply with credits to 10 of 100 new games (10 places at R$ 10), 32 at a time. */
async function applyRound(db: Db, organiser: number, round: string, statuses: Map<number, number>) {
  const gameIds = await createGames(db, organiser, 100, { slots: 10, priceCents: 1000 });
  // R$ 80 each: after eight confirmed games a player's next credit apply fails with 'Saldo insuficiente'.
  const playerIds = await createPlayers(db, `jogador-${round}`, PLAYERS, 8000);
  const jobs: Array<{ token: string; gameId: number }> = [];
  for (const userId of playerIds) {
    const token = await tokens.issue({ userId, tokenVersion: 0 });
    const picks = [...gameIds].sort(() => Math.random() - 0.5).slice(0, GAMES_PER_PLAYER);
    for (const gameId of picks) jobs.push({ token, gameId });
  }
  jobs.sort(() => Math.random() - 0.5);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const status = await postApply(job.token, job.gameId);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { requests: jobs.length, seconds: (performance.now() - started) / 1000 };
}

/**
 * Warm-up rounds for as long as the reads warm up (the server's code compiled by V8 and its pool filled, as
 * pgbench's server is: one round of 1500 left the first measured round at two thirds of the later ones' speed),
 * then APPLY_ROUNDS rounds measured, each on its own players and games; the invariants are checked over every round.
 */
async function applyBenchmark() {
  const bench = await createBenchDatabase();
  const db = bench.database.db;
  const [organiser] = await createPlayers(db, 'organizador', 1, 0);
  const app = await startAppProcess({ DATABASE_URL: bench.url, PORT: String(APP_PORT), JWT_SECRET });
  try {
    const statuses = new Map<number, number>();
    let warmUpRounds = 0;
    for (let warmedUp = 0; warmedUp < WARM_UP_SECONDS; warmUpRounds++) {
      warmedUp += (await applyRound(db, organiser!, `aquecimento-${warmUpRounds}`, statuses)).seconds;
    }
    const rounds = [];
    for (let round = 1; round <= APPLY_ROUNDS; round++) rounds.push(await applyRound(db, organiser!, String(round), statuses));
    const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
    const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);

    const overbooked = await selectRows<{ id: number }>(
      db,
      sql`
      select g.id from games g
      where (select count(*) from registrations r where r.game_id = g.id and r.status in ('confirmed', 'pending')) > g.total_slots`,
    );
    const unbalanced = await selectRows<{ id: number }>(
      db,
      sql`
      select u.id from users u
      where u.balance_cents <> coalesce((select sum(amount_cents) from credit_transactions t where t.user_id = u.id), 0)
         or u.balance_cents < 0`,
    );
    const unpaid = await selectRows<{ id: number }>(
      db,
      sql`
      select r.id from registrations r
      where r.status = 'confirmed' and r.payment_type = 'credit'
        and (select count(*) from credit_transactions t where t.type = 'spend_game' and t.reference = 'registration:' || r.id) <> 1`,
    );
    const counts = await selectRows<{ status: string; n: number }>(
      db,
      sql`
      select status, count(*)::int as n from registrations group by status order by status`,
    );
    const fiveXx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    return {
      warmUpRounds,
      requests,
      seconds,
      perSecond: requests / seconds,
      roundsPerSecond: rounds.map((r) => Math.round(r.requests / r.seconds)),
      statuses: Object.fromEntries(statuses),
      registrations: Object.fromEntries(counts.map((r) => [r.status, r.n])),
      violations: overbooked.length + unbalanced.length + unpaid.length + fiveXx,
      detail: { overbooked: overbooked.length, unbalanced: unbalanced.length, unpaid: unpaid.length, fiveXx },
    };
  } finally {
    await stop(app);
    await bench.drop();
    applyAgent.destroy();
  }
}

const mark = (isMet: boolean) => (isMet ? '✓' : '✗');

const loadAtStart = os.loadavg()[0]!.toFixed(1);
const reads = await readBenchmark();
const tps = await pgbenchCeiling();
const applies = await applyBenchmark();
const applyRatio = applies.perSecond / tps;

const results = [
  `Measured on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, PostgreSQL at ${new URL(benchServerUrl).host}; ${CONNECTIONS} connections, ${DURATION_SECONDS} s after a ${WARM_UP_SECONDS} s warm-up; load generator (autocannon) and pgbench on the same machine; load average ${loadAtStart} when it started.`,
  '',
  '**Reads** (300 upcoming games; a reply holds at most 100), each against a bare `node:http` server sending the same bytes:',
  '',
  '| Path | Reply | req/s | p50 (ms) | p99 (ms) | bare req/s | Ratio | Goal | Met |',
  '|---|---|---|---|---|---|---|---|---|',
  ...reads.map((row) => {
    const ratio = row.app.rps / row.bare.rps;
    const failed = row.app.non2xx + row.app.errors;
    return `| ${row.label} | ${(row.bytes / 1024).toFixed(1)} KB | ${row.app.rps} | ${row.app.p50} | ${row.app.p99} | ${row.bare.rps} | **${ratio.toFixed(2)}** | ≥ ${row.goal.ratio}, p99 < ${row.goal.p99} ms${failed ? `, ${failed} failed` : ''} | ${mark(ratio >= row.goal.ratio && row.app.p99 < row.goal.p99 && failed === 0)} |`;
  }),
  '',
  `**Credit applies**: ${APPLY_ROUNDS} rounds of ${PLAYERS * GAMES_PER_PLAYER} applies (${PLAYERS} new players × ${GAMES_PER_PLAYER} of 100 new games with 10 places at R$ 10, R$ 80 each), ${CONNECTIONS} at a time, after ${applies.warmUpRounds} warm-up rounds (${WARM_UP_SECONDS} s): **${applies.perSecond.toFixed(0)} applies/s** (${applies.requests} in ${applies.seconds.toFixed(1)} s; rounds ${applies.roundsPerSecond.join(', ')}/s) against pgbench TPC-B-like \`-s 10 -c ${CONNECTIONS} -j 2\`: **${tps.toFixed(0)} tps** → ratio **${applyRatio.toFixed(2)}** (goal ≥ 0.5) ${mark(applyRatio >= 0.5)}.`,
  `Statuses, warm-up included ${JSON.stringify(applies.statuses)}; registrations ${JSON.stringify(applies.registrations)}.`,
  `Invariant violations: **${applies.violations}** (overbooked games ${applies.detail.overbooked}, balances ≠ ledger or negative ${applies.detail.unbalanced}, confirmed credit registrations without exactly one charge ${applies.detail.unpaid}, 5xx ${applies.detail.fiveXx}).`,
].join('\n');
writeSection('results', results);
console.log(results);
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(applies.violations === 0 ? 0 : 1);
