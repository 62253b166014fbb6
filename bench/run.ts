// `npm run bench`: GET /api/games with 300 upcoming games on PostgreSQL, side by side with a bare
// node:http server returning the same bytes; then applies per second with the invariants checked.
// Writes the figures into bench/README.md. Needs a PostgreSQL (BENCH_DATABASE_URL, default local).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { systemClock } from '../src/server/lib/clock';
import { createTokenService } from '../src/server/lib/token-service';
import { createBenchDatabase } from './support/database';
import { CONNECTIONS, createGames, createPlayers, DURATION_SECONDS, load, selectRows, writeSection } from './support/fixtures';
import { startAppProcess, startBareServer, stop } from './support/processes';

const APP_PORT = 3301;
const BARE_PORT = 3302;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

async function listingBenchmark() {
  const bench = await createBenchDatabase();
  const [organiser] = await createPlayers(bench.database.db, 'organizador', 1, 0);
  await createGames(bench.database.db, organiser!, 300, { slots: 12, priceCents: 1500 });
  const app = await startAppProcess({ DATABASE_URL: bench.url, PORT: String(APP_PORT), JWT_SECRET });
  try {
    const url = `http://127.0.0.1:${APP_PORT}/api/games`;
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bj-bench-')), 'games.json');
    fs.writeFileSync(bodyFile, body);
    const bare = await startBareServer(bodyFile, BARE_PORT);
    const bareResult = await load(`http://127.0.0.1:${BARE_PORT}/api/games`);
    await stop(bare);
    const appResult = await load(url);
    const tokens = createTokenService({ secret: new TextEncoder().encode(JWT_SECRET), clock: systemClock });
    const token = await tokens.issue({ userId: organiser!, tokenVersion: 0 });
    const signedIn = await load(url, { authorization: `Bearer ${token}` });
    return {
      bytes: body.length,
      gamesInReply: (JSON.parse(body.toString()) as unknown[]).length,
      app: appResult,
      signedIn,
      bare: bareResult,
    };
  } finally {
    await stop(app);
    await bench.drop();
  }
}

async function applyBenchmark() {
  const bench = await createBenchDatabase();
  const db = bench.database.db;
  const [organiser] = await createPlayers(db, 'organizador', 1, 0);
  const gameIds = await createGames(db, organiser!, 100, { slots: 10, priceCents: 1000 });
  // R$ 30 each: after three confirmed games a player's fourth credit apply fails with 'Saldo insuficiente'.
  const playerIds = await createPlayers(db, 'jogador', 300, 3000);
  const tokens = createTokenService({ secret: new TextEncoder().encode(JWT_SECRET), clock: systemClock });
  const app = await startAppProcess({ DATABASE_URL: bench.url, PORT: String(APP_PORT), JWT_SECRET });
  try {
    const jobs: Array<{ token: string; gameId: number }> = [];
    for (const userId of playerIds) {
      const token = await tokens.issue({ userId, tokenVersion: 0 });
      const picks = [...gameIds].sort(() => Math.random() - 0.5).slice(0, 6);
      for (const gameId of picks) jobs.push({ token, gameId });
    }
    jobs.sort(() => Math.random() - 0.5);
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          const res = await fetch(`http://127.0.0.1:${APP_PORT}/api/games/${job.gameId}/apply`, {
            method: 'POST',
            headers: { authorization: `Bearer ${job.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ paymentType: 'credit' }),
          });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const overbooked = await selectRows<{ id: number }>(db, sql`
      select g.id from games g
      where (select count(*) from registrations r where r.game_id = g.id and r.status in ('confirmed', 'pending')) > g.total_slots`);
    const unbalanced = await selectRows<{ id: number }>(db, sql`
      select u.id from users u
      where u.balance_cents <> coalesce((select sum(amount_cents) from credit_transactions t where t.user_id = u.id), 0)
         or u.balance_cents < 0`);
    const unpaid = await selectRows<{ id: number }>(db, sql`
      select r.id from registrations r
      where r.status = 'confirmed' and r.payment_type = 'credit'
        and (select count(*) from credit_transactions t where t.type = 'spend_game' and t.reference = 'registration:' || r.id) <> 1`);
    const counts = await selectRows<{ status: string; n: number }>(db, sql`
      select status, count(*)::int as n from registrations group by status order by status`);
    const fiveXx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    return {
      requests: jobs.length,
      seconds,
      perSecond: Math.round(jobs.length / seconds),
      statuses: Object.fromEntries(statuses),
      registrations: Object.fromEntries(counts.map((r) => [r.status, r.n])),
      violations: overbooked.length + unbalanced.length + unpaid.length + fiveXx,
      detail: { overbooked: overbooked.length, unbalanced: unbalanced.length, unpaid: unpaid.length, fiveXx },
    };
  } finally {
    await stop(app);
    await bench.drop();
  }
}

const loadAtStart = os.loadavg()[0]!.toFixed(1);
const listing = await listingBenchmark();
console.log('listing', listing);
const applies = await applyBenchmark();
console.log('applies', applies);

const ratio = listing.app.rps / listing.bare.rps;
const date = new Date().toISOString().slice(0, 10);
writeSection('results',
  [
    `Measured on ${date}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, PostgreSQL at ${new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://127.0.0.1:5432').host}; ${CONNECTIONS} connections, ${DURATION_SECONDS} s after a 3 s warm-up; load generator (autocannon) on the same machine; load average ${loadAtStart} when it started.`,
    '',
    `**GET /api/games**, 300 upcoming games (reply: ${listing.gamesInReply} games, ${(listing.bytes / 1024).toFixed(1)} KB):`,
    '',
    '| Server | req/s | p50 (ms) | p99 (ms) | non-2xx | errors |',
    '|---|---|---|---|---|---|',
    `| Bora Jogar API, visitor (list cached ${'≤'} 1 s) | ${listing.app.rps} | ${listing.app.p50} | ${listing.app.p99} | ${listing.app.non2xx} | ${listing.app.errors} |`,
    `| Bora Jogar API, signed in (own registrations read every time) | ${listing.signedIn.rps} | ${listing.signedIn.p50} | ${listing.signedIn.p99} | ${listing.signedIn.non2xx} | ${listing.signedIn.errors} |`,
    `| bare node:http, same bytes | ${listing.bare.rps} | ${listing.bare.p50} | ${listing.bare.p99} | ${listing.bare.non2xx} | ${listing.bare.errors} |`,
    '',
    `Visitor list: **${(ratio * 100).toFixed(0)} %** of the bare server's throughput (target ≥ 50 %), p99 **${listing.app.p99} ms** (target < 25 ms). A signed-in list adds the caller's own registrations, read every time, to the cached games.`,
    '',
    `**POST /api/games/{id}/apply** (credit), ${applies.requests} applies from 300 players with R$ 30 each to 100 games of 10 slots at R$ 10, ${CONNECTIONS} at a time:`,
    `**${applies.perSecond} applies/s** (${applies.seconds.toFixed(1)} s); statuses ${JSON.stringify(applies.statuses)}; registrations ${JSON.stringify(applies.registrations)}.`,
    `Invariant violations: **${applies.violations}** (overbooked games ${applies.detail.overbooked}, balances ≠ ledger or negative ${applies.detail.unbalanced}, confirmed credit registrations without exactly one charge ${applies.detail.unpaid}, 5xx ${applies.detail.fiveXx}).`,
  ].join('\n'),
);
process.exit(applies.violations === 0 ? 0 : 1);
