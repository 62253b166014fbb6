// What `npm run bench:scale` asks a running server: every read of the API (visitor, player, organiser, admin, calendar
// feed), loaded and then alone with sign-in and a reset code, the exports and credit applies, and the background jobs
// run once on the same database.
import http from 'node:http';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { sweepExpiredPayments } from '../../src/server/core/games/expire-pending-payments';
import { openDatabase } from '../../src/server/db/open-database';
import { systemClock } from '../../src/server/lib/clock';
import { loadConfig } from '../../src/server/lib/config';
import { createTokenService } from '../../src/server/lib/token-service';
import { reconcilePayments } from '../../src/server/modules/payments/reconcile-payments';
import { sendReminders } from '../../src/server/modules/reminders/send-reminders';
import { rollSeriesForward } from '../../src/server/modules/series/roll-series-forward';
import { APPLY_PICKS, BENCH_PASSWORD, type ScaleDatabase } from './databases';
import { ADMIN_ID, HEAVY_ORGANISER_ID } from './generate';

export const JWT_SECRET = 'bench-scale-secret-bench-scale-secret-0123';
/** The servers' METRICS_TOKEN: their request-time histograms say how many requests took over 100 ms. */
export const METRICS_TOKEN = 'bench-scale-metrics';
const tokens = createTokenService({ secret: new TextEncoder().encode(JWT_SECRET), clock: systemClock });

/** Connections each read is loaded with. */
export const READ_CONNECTIONS = 4;
/** Credit applies in flight at once. */
export const APPLY_CONNECTIONS = 32;
export const READ_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const READ_WARM_UP_SECONDS = 1;
const EXPORT_RUNS = 3;
/** Each request of the pass alone is asked this many times, one at a time. */
export const ALONE_RUNS = 3;

export type ReadResult = { label: string; p50: number; p99: number; rps: number; failed: number; bytes: number };
export type ExportResult = { label: string; medianMs: number; maxMs: number; bytes: number; failed: number };
export type JobResult = { label: string; ms: number; outcome: string };
/** The pass alone: how many requests it asked, and, by route, those the server took over `slowMs` to answer. */
export type AloneResult = { requests: number; slow: Array<{ route: string; count: number }> };

type Who = 'visitor' | 'player' | 'organiser' | 'admin';
type Path = { label: string; who: Who; url: string; body?: object };

const monthAgo = () => new Date(Date.now() - 30 * 24 * 3_600_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

/** Every read, as the issue lists them; the same paths and subjects on every database. */
function readPaths(database: ScaleDatabase): Path[] {
  const s = database.subjects;
  return [
    { label: 'visitor: games list', who: 'visitor', url: '/api/games' },
    { label: 'visitor: games list, a city and a place', who: 'visitor', url: '/api/games?cityId=1&location=praia' },
    { label: 'visitor: a game', who: 'visitor', url: `/api/games/${s.publicGameId}` },
    { label: 'visitor: a game in a calendar', who: 'visitor', url: `/api/games/${s.publicGameId}/calendar.ics` },
    { label: 'player: games list', who: 'player', url: '/api/games' },
    { label: 'player: a game', who: 'player', url: `/api/games/${s.publicGameId}` },
    { label: 'player: `/users/me` (hundreds of past games)', who: 'player', url: '/api/users/me' },
    { label: 'player: notifications', who: 'player', url: '/api/notifications' },
    { label: 'player: unread notifications', who: 'player', url: '/api/notifications/unread-count' },
    { label: 'player: invitations', who: 'player', url: '/api/invitations' },
    { label: 'player: calendar feed', who: 'visitor', url: `/api/calendar/${s.calendarToken}.ics` },
    { label: 'organiser: my games (hundreds)', who: 'organiser', url: '/api/user-games' },
    { label: 'organiser: finished games', who: 'organiser', url: '/api/user-games?filter=finished' },
    { label: 'organiser: a game', who: 'organiser', url: `/api/user-games/${s.organiserGameId}` },
    { label: 'organiser: series', who: 'organiser', url: '/api/series' },
    { label: 'organiser: earnings statement', who: 'organiser', url: '/api/user-games/earnings' },
    { label: 'admin: dashboard', who: 'admin', url: '/api/admin/dashboard' },
    { label: 'admin: users, first page', who: 'admin', url: '/api/admin/users' },
    { label: 'admin: users, last page', who: 'admin', url: `/api/admin/users?page=${s.lastUsersPage}` },
    { label: 'admin: users, search by name', who: 'admin', url: '/api/admin/users?search=gabriela%20rocha' },
    { label: 'admin: users, search by e-mail', who: 'admin', url: `/api/admin/users?search=jogador${s.heavyPlayerId}%40` },
    { label: 'admin: users by id (100)', who: 'admin', url: `/api/admin/users/lookup?ids=${s.lookupIds.join(',')}` },
    { label: 'admin: a user', who: 'admin', url: `/api/admin/users/${s.heavyPlayerId}` },
    { label: "admin: a user's ledger and payments", who: 'admin', url: `/api/admin/users/${s.heavyPlayerId}/payments` },
    { label: 'admin: games, first page', who: 'admin', url: '/api/admin/games' },
    { label: 'admin: past games, last page', who: 'admin', url: `/api/admin/games?when=past&page=${s.lastPastGamesPage}` },
    { label: 'admin: games, search', who: 'admin', url: '/api/admin/games?search=joaquina' },
    { label: 'admin: a game', who: 'admin', url: `/api/admin/games/${s.organiserGameId}` },
    { label: 'admin: cancellations', who: 'admin', url: '/api/admin/cancellations' },
  ];
}

/** Signing in as a generated account (the heavy player) and asking for its password's reset code. */
function signInPaths(database: ScaleDatabase): Path[] {
  const email = `jogador${database.subjects.heavyPlayerId}@bench.test`;
  return [
    { label: 'visitor: sign-in', who: 'visitor', url: '/api/auth/login', body: { email, password: BENCH_PASSWORD } },
    { label: 'visitor: a reset code', who: 'visitor', url: '/api/auth/forgot', body: { email } },
  ];
}

function exportPaths(database: ScaleDatabase): Path[] {
  return [
    { label: "admin: a month's payments.csv", who: 'admin', url: `/api/admin/reports/payments.csv?from=${monthAgo()}&to=${today()}` },
    { label: "player: the heavy player's data export", who: 'player', url: '/api/users/me/export' },
    {
      label: "organiser: a game's registrations.csv",
      who: 'organiser',
      url: `/api/user-games/${database.subjects.organiserGameId}/registrations.csv`,
    },
    { label: "organiser: the heavy organiser's earnings.csv", who: 'organiser', url: '/api/user-games/earnings.csv' },
  ];
}

async function headersFor(database: ScaleDatabase): Promise<Record<Who, Record<string, string>>> {
  const bearer = async (userId: number) => ({ authorization: `Bearer ${await tokens.issue({ userId, tokenVersion: 0 })}` });
  return {
    visitor: {},
    player: await bearer(database.subjects.heavyPlayerId),
    organiser: await bearer(HEAVY_ORGANISER_ID),
    admin: await bearer(ADMIN_ID),
  };
}

/** The median and the 99th percentile of `times` (nearest rank), to a tenth of a millisecond. */
export function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (fraction: number) => Math.round((sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN) * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

/** A server under measure: its database and where it answers. */
export type Served = { database: ScaleDatabase; base: string };

/** One autocannon run of `seconds` on `url`: each answer's time as measured, the requests answered and the failures. */
async function load(url: string, headers: Record<string, string>, seconds: number) {
  // Each answer's time as measured (autocannon's own percentiles are whole milliseconds: ±10% of a 5 ms median).
  const times: number[] = [];
  const run = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: READ_CONNECTIONS, duration: seconds, headers }, (error, result) =>
      error ? reject(error as Error) : resolve(result),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  return { times, requests: run.requests.total, failed: run.non2xx + run.errors };
}

/**
 * Each read on every server under READ_CONNECTIONS connections for READ_SECONDS, after a short warm-up, loaded in
 * turns: one second on each server, then the next second on each, so that a minute when the machine is slower (its
 * speed moves by a third within a session) falls on the small and the large database alike.
 */
export async function measureReadsInTurns(servers: Served[]): Promise<ReadResult[][]> {
  const headers = await Promise.all(servers.map((server) => headersFor(server.database)));
  const results: ReadResult[][] = servers.map(() => []);
  const paths = servers.map((server) => readPaths(server.database));
  for (const [i, path] of paths[0]!.entries()) {
    const urls = servers.map((server, s) => `${server.base}${paths[s]![i]!.url}`);
    const bytes: number[] = [];
    for (const [s, url] of urls.entries()) {
      const first = await fetch(url, { headers: headers[s]![path.who] });
      bytes.push((await first.arrayBuffer()).byteLength);
      if (!first.ok) throw new Error(`${path.label}: ${url} respondeu ${first.status}`);
      await load(url, headers[s]![path.who], READ_WARM_UP_SECONDS);
    }
    const runs = servers.map(() => ({ times: [] as number[], requests: 0, failed: 0 }));
    for (let second = 0; second < READ_SECONDS; second++) {
      for (const [s, url] of urls.entries()) {
        const slice = await load(url, headers[s]![path.who], 1);
        runs[s]!.times.push(...slice.times);
        runs[s]!.requests += slice.requests;
        runs[s]!.failed += slice.failed;
      }
    }
    for (const [s, run] of runs.entries()) {
      const { p50, p99 } = percentiles(run.times);
      results[s]!.push({ label: path.label, p50, p99, rps: Math.round(run.requests / READ_SECONDS), failed: run.failed, bytes: bytes[s]! });
      console.log(`  ${servers[s]!.database.label} ${path.label}: p50 ${p50} ms, p99 ${p99} ms`);
    }
  }
  return results;
}

/** By route, how many requests the server answered in more than `slowMs` so far (its own request-time histogram). */
async function slowRequestsByRoute(base: string, slowMs: number): Promise<Map<string, number>> {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/api/metrics respondeu ${res.status}`);
  const counts = new Map<string, { all: number; within: number }>();
  const bucket = /^http_request_duration_seconds_bucket\{(.*)\} (\S+)$/;
  for (const line of (await res.text()).split('\n')) {
    const match = bucket.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((label) => [label[1], label[2]]));
    const key = `${labels.method} ${labels.route}`;
    const entry = counts.get(key) ?? { all: 0, within: 0 };
    if (labels.le === '+Inf') entry.all += Number(match[2]);
    if (labels.le !== undefined && Number(labels.le) * 1000 === slowMs) entry.within += Number(match[2]);
    counts.set(key, entry);
  }
  return new Map([...counts].map(([key, { all, within }]) => [key, all - within]));
}

/**
 * Every read, sign-in and a reset code, ALONE_RUNS times each, one request at a time: the server's own time for each
 * (what PGlite, which keeps no log, can say of its statements: none of a request's took longer than the request).
 */
export async function measureAlone(database: ScaleDatabase, base: string, slowMs: number): Promise<AloneResult> {
  const headers = await headersFor(database);
  const paths = [...readPaths(database), ...signInPaths(database)];
  const before = await slowRequestsByRoute(base, slowMs);
  for (let run = 0; run < ALONE_RUNS; run++) {
    for (const path of paths) {
      const res = await fetch(`${base}${path.url}`, {
        method: path.body ? 'POST' : 'GET',
        headers: path.body ? { ...headers[path.who], 'content-type': 'application/json' } : headers[path.who],
        body: path.body && JSON.stringify(path.body),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path.label}: ${path.url} respondeu ${res.status}`);
    }
  }
  const after = await slowRequestsByRoute(base, slowMs);
  const slow = [...after]
    .map(([route, count]) => ({ route, count: count - (before.get(route) ?? 0) }))
    .filter((entry) => entry.count > 0 && entry.route !== 'GET /api/metrics');
  return { requests: paths.length * ALONE_RUNS, slow };
}

/** Each export asked EXPORT_RUNS times, one at a time. */
export async function measureExports(database: ScaleDatabase, base: string): Promise<ExportResult[]> {
  const headers = await headersFor(database);
  const results: ExportResult[] = [];
  for (const path of exportPaths(database)) {
    const times: number[] = [];
    let bytes = 0;
    let failed = 0;
    for (let run = 0; run < EXPORT_RUNS; run++) {
      const started = performance.now();
      const res = await fetch(`${base}${path.url}`, { headers: headers[path.who] });
      bytes = (await res.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
      if (!res.ok) failed++;
    }
    times.sort((a, b) => a - b);
    results.push({ label: path.label, medianMs: times[Math.floor(times.length / 2)]!, maxMs: times.at(-1)!, bytes, failed });
  }
  return results;
}

function postApply(agent: http.Agent, port: number, token: string, gameId: number): Promise<number> {
  const body = JSON.stringify({ paymentType: 'credit' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/games/${gameId}/apply`,
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => res.resume().on('end', () => resolve(res.statusCode!)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The first round warms the server up; the others are measured. Applies per second over the measured rounds. */
export async function measureApplies(
  database: ScaleDatabase,
  port: number,
): Promise<{ perSecond: number; statuses: Record<number, number> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: APPLY_CONNECTIONS });
  const statuses: Record<number, number> = {};
  let requests = 0;
  let seconds = 0;
  try {
    for (const [index, round] of database.subjects.applyRounds.entries()) {
      const jobs: Array<{ token: string; gameId: number }> = [];
      for (const [p, userId] of round.playerIds.entries()) {
        const token = await tokens.issue({ userId, tokenVersion: 0 });
        for (let pick = 0; pick < APPLY_PICKS; pick++)
          jobs.push({ token, gameId: round.gameIds[(p * 7 + pick * 13) % round.gameIds.length]! });
      }
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: APPLY_CONNECTIONS }, async () => {
          while (next < jobs.length) {
            const job = jobs[next++]!;
            const status = await postApply(agent, port, job.token, job.gameId);
            statuses[status] = (statuses[status] ?? 0) + 1;
          }
        }),
      );
      if (index > 0) {
        requests += jobs.length;
        seconds += (performance.now() - started) / 1000;
      }
    }
  } finally {
    agent.destroy();
  }
  return { perSecond: requests / seconds, statuses };
}

/**
 * The leader's background jobs, each run once on the database, timed (the server is stopped first: an embedded database
 * is one process's). Their statements go to PostgreSQL's slow-statement log like the server's.
 */
export async function runJobs(database: ScaleDatabase): Promise<JobResult[]> {
  const opened = await openDatabase(
    database.kind === 'postgres'
      ? { kind: 'postgres', url: database.env.DATABASE_URL!, poolSize: 4 }
      : { kind: 'pglite', dataDir: database.env.DATA_DIR!, holder: 'restore' },
  );
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMITS: 'off', JWT_SECRET, SEED_DEMO: 'off' }),
    database: opened,
  });
  const results: JobResult[] = [];
  const time = async (label: string, job: () => Promise<unknown>) => {
    const started = performance.now();
    const outcome = await job();
    results.push({ label, ms: performance.now() - started, outcome: JSON.stringify(outcome ?? null) });
  };
  try {
    await time('reminders', () => sendReminders(app.ctx));
    await time('hold sweep', () => sweepExpiredPayments(app.ctx));
    await time('series roll', () => rollSeriesForward(app.ctx));
    await time('reconciliation', () => reconcilePayments(app.ctx));
  } finally {
    await app.close();
    await opened.close();
  }
  return results;
}
