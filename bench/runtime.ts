// `npm run bench:runtime`: what one compiled instance costs to run on PostgreSQL: time from a cold
// start to /api/health on a migrated database, resident memory at rest and after load, and a SIGTERM
// under load (every request in flight answered, exit 0). Writes the figures into bench/README.md.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { systemClock } from '../src/server/lib/clock';
import { createTokenService } from '../src/server/lib/token-service';
import { createBenchDatabase } from './support/database';
import { CONNECTIONS, createGames, createPlayers, writeSection } from './support/fixtures';
import { spawnAppProcess, startFlags, stop, waitForHealth } from './support/processes';

const PORT = 3311;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const STARTS = 5;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const base = `http://127.0.0.1:${PORT}`;

/** Resident and peak resident memory of a process, in MB, from /proc. */
function memoryOf(child: ChildProcess): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const loadAtStart = os.loadavg()[0]!.toFixed(1);
const bench = await createBenchDatabase();
const env = { DATABASE_URL: bench.url, PORT: String(PORT), JWT_SECRET };
try {
  const [organiser] = await createPlayers(bench.database.db, 'organizador', 1, 0);
  const gameIds = await createGames(bench.database.db, organiser!, 300, { slots: 12, priceCents: 1500 });
  const [player] = await createPlayers(bench.database.db, 'jogador', 1, 10_000);
  const tokens = createTokenService({ secret: new TextEncoder().encode(JWT_SECRET), clock: systemClock });
  const authorization = `Bearer ${await tokens.issue({ userId: player!, tokenVersion: 0 })}`;

  // Cold starts on the migrated database: spawn to the first 200 from /api/health.
  const starts: number[] = [];
  for (let run = 0; run < STARTS; run += 1) {
    const started = performance.now();
    const child = await spawnAppProcess(env);
    await waitForHealth(`${base}/api/health`, child);
    starts.push(performance.now() - started);
    await stop(child);
  }

  // Memory: at rest, then after visitor and signed-in lists, game pages and profiles under load.
  const app = await spawnAppProcess(env);
  await waitForHealth(`${base}/api/health`, app);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const atRest = memoryOf(app);
  const paths = ['/api/games', '/api/games?limit=100', `/api/games/${gameIds[0]}`, '/api/users/me'];
  for (const path of paths) {
    for (const headers of [{}, { authorization }]) {
      if (path === '/api/users/me' && !('authorization' in headers)) continue;
      await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: LOAD_SECONDS / 3, headers });
    }
  }
  const rightAfter = memoryOf(app);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const afterLoad = memoryOf(app);

  // SIGTERM in the middle of signed-in traffic.
  const statuses = new Map<string, number>();
  let isRunning = true;
  let answeredAfterSignal = 0;
  let signalledAt = 0;
  const clients = Array.from({ length: CONNECTIONS }, async () => {
    while (isRunning) {
      const res = await fetch(`${base}/api/games`, { headers: { authorization } }).catch(() => undefined);
      // A refused connection once the server stopped listening is the proxy's cue to go elsewhere.
      if (!res) return;
      await res.arrayBuffer();
      statuses.set(String(res.status), (statuses.get(String(res.status)) ?? 0) + 1);
      if (signalledAt) answeredAfterSignal += 1;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const exited = new Promise<number | null>((resolve) => app.once('exit', (code) => resolve(code)));
  signalledAt = performance.now();
  app.kill('SIGTERM');
  const exitCode = await exited;
  const drainMs = performance.now() - signalledAt;
  isRunning = false;
  await Promise.all(clients);
  const failed = [...statuses].filter(([status]) => status !== '200').reduce((sum, [, n]) => sum + n, 0);

  const date = new Date().toISOString().slice(0, 10);
  const result = [
    `Measured on ${date}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, the compiled server (\`dist/server/main.js\` with \`${startFlags.join(' ')}\`, as \`npm start\` runs it) on PostgreSQL at 127.0.0.1; load average ${loadAtStart} when it started.`,
    '',
    '| What | Figure | Target |',
    '|---|---|---|',
    `| Cold start to \`/api/health\`, migrated database (median of ${STARTS}) | **${(median(starts) / 1000).toFixed(2)} s** (${starts.map((ms) => (ms / 1000).toFixed(2)).join(', ')}) | < 2 s |`,
    `| Resident memory at rest | ${atRest.rss} MB | |`,
    `| Resident memory right after ${LOAD_SECONDS} s of load (${paths.length} routes, visitor and signed in, ${CONNECTIONS} connections) | ${rightAfter.rss} MB (peak ${rightAfter.peak} MB) | |`,
    `| Resident memory 5 s after the load | **${afterLoad.rss} MB** | < 160 MB |`,
    `| SIGTERM under ${CONNECTIONS} signed-in clients: time to exit, exit code | ${(drainMs / 1000).toFixed(2)} s, **${exitCode}** | ≤ 10 s, 0 |`,
    `| Requests answered after the signal / failed during the whole run | ${answeredAfterSignal} / **${failed}** | – / 0 |`,
  ].join('\n');
  console.log(result);
  writeSection('runtime', result);
  process.exitCode = exitCode === 0 && failed === 0 ? 0 : 1;
} finally {
  await bench.drop();
}
