// `npm run bench:scale`: years of data. Builds, in SQL, a database of three busy years and one of the same shape 100
// times smaller, on the local PostgreSQL and (at a tenth of those sizes) in PGlite; runs the compiled server on each with
// the read caches off; measures every read, the three exports and credit applies; runs the background jobs once; and
// reads PostgreSQL's log for statements over 100 ms meanwhile. Writes the table into bench/README.md.
//
//   npm run bench:scale                                   both databases, scale 1 (PGlite at 0.1)
//   npm run bench:scale -- --databases=postgres --scale=0.1
//   BENCH_SECONDS=10 npm run bench:scale                  each read loaded for 10 s (default 5)
//   npm run bench:scale -- --keep                         leaves the databases (printed) instead of dropping them
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchServerUrl } from '../support/database';
import { writeSection } from '../support/fixtures';
import { startAppProcess, stop } from '../support/processes';
import { buildScaleDatabase, type DatabaseKind, type ScaleDatabase } from './databases';
import {
  type ExportResult,
  type JobResult,
  JWT_SECRET,
  measureApplies,
  measureExports,
  measureReadsInTurns,
  READ_CONNECTIONS,
  READ_SECONDS,
  type ReadResult,
  runJobs,
} from './measure';

const { values: args } = parseArgs({
  options: {
    databases: { type: 'string', default: 'postgres,pglite' },
    scale: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
});
const kinds = args.databases.split(',').map((kind) => kind.trim()) as DatabaseKind[];
if (kinds.some((kind) => kind !== 'postgres' && kind !== 'pglite'))
  throw new Error('--databases: postgres, pglite ou os dois separados por vírgula');
const scale = Number(args.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale: um número maior que 0 e até 1');

const PORT = 3311;
const SLOW_MS = 100;
/** The small database is this many times smaller; PGlite's large one is a tenth of PostgreSQL's. */
const SMALLER = 100;
const PGLITE_SHARE = 0.1;

const GOALS = { medianRatio: 2, p99Ms: 100, exportMs: 2000, applyRatio: 0.5 };

type Run = {
  database: ScaleDatabase;
  reads: ReadResult[];
  exports: ExportResult[];
  applies: { perSecond: number; statuses: Record<number, number> };
  jobs: JobResult[];
  slow: SlowStatement[] | undefined;
};
type SlowStatement = { ms: number; text: string };

async function serverQuery<T>(statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

/** PostgreSQL's log file, when this process can read it: BENCH_PG_LOG, else Debian's place for the running version. */
async function postgresLog(): Promise<string | undefined> {
  if (process.env.BENCH_PG_LOG) return process.env.BENCH_PG_LOG;
  const [row] = await serverQuery<{ major: string }>(`select current_setting('server_version_num')::int / 10000 as major`);
  const file = `/var/log/postgresql/postgresql-${row!.major}-main.log`;
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return file;
  } catch {
    return undefined;
  }
}

/** The statements over SLOW_MS logged for `name` since `offset` (the log's `%u@%d` prefix names the database). */
function slowStatements(file: string, offset: number, name: string): SlowStatement[] {
  const text = fs.readFileSync(file).subarray(offset).toString('utf8');
  const entries = text.split(/\n(?=\d{4}-\d{2}-\d{2} )/);
  return entries.flatMap((entry) => {
    const match = new RegExp(`@${name} LOG:  duration: ([\\d.]+) ms  (?:statement|execute [^:]*): ([\\s\\S]*)`).exec(entry);
    return match ? [{ ms: Number(match[1]), text: match[2]!.replace(/\s+/g, ' ').trim() }] : [];
  });
}

/**
 * Both databases of a kind: their servers side by side, each read loaded on them in turns (measureReadsInTurns), then
 * each one's exports and applies with its server alone, and the jobs.
 */
async function measure(databases: ScaleDatabase[], log: string | undefined): Promise<Run[]> {
  // The log's slow statements from here on; each database's are told apart by its name.
  const offset = log ? fs.statSync(log).size : 0;
  for (const database of databases) {
    console.log(`${database.label}: medindo`);
    if (database.kind === 'postgres') await serverQuery(`alter database ${database.name} set log_min_duration_statement = ${SLOW_MS}`);
  }
  const ports = databases.map((_, i) => PORT + i);
  const apps = await Promise.all(
    databases.map((database, i) =>
      startAppProcess({ ...database.env, PORT: String(ports[i]), JWT_SECRET, SIGNED_IN_CACHE_MS: '0', LISTING_CACHE_MS: '0' }),
    ),
  );
  const runs: Run[] = [];
  try {
    const served = databases.map((database, i) => ({ database, base: `http://127.0.0.1:${ports[i]}` }));
    const reads = await measureReadsInTurns(served);
    for (const [i, { database, base }] of served.entries()) {
      const exports = await measureExports(database, base);
      const applies = await measureApplies(database, ports[i]!);
      await stop(apps[i]!);
      const jobs = await runJobs(database);
      const slow = database.kind === 'postgres' && log ? slowStatements(log, offset, database.name!) : undefined;
      runs.push({ database, reads: reads[i]!, exports, applies, jobs, slow });
    }
  } finally {
    await Promise.all(apps.map((app) => stop(app)));
  }
  return runs;
}

const mark = (isMet: boolean) => (isMet ? '✓' : '✗');
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function describeDatabase(database: ScaleDatabase): string {
  const r = database.subjects.rows;
  const n = (value: number | undefined) => (value ?? 0).toLocaleString('en-US').replace(/,/g, ' ');
  return `scale ${database.scale}: ${n(r.users)} users, ${n(r.games)} games, ${n(r.registrations)} registrations, ${n(r.credit_transactions)} ledger rows, ${n(r.payments)} payments, ${n(r.notifications)} notifications, ${n(r.email_outbox)} e-mails, ${n(r.invitations)} invitations, ${n(r.series)} series (${n(r.series_members)} members); built in ${database.buildSeconds.toFixed(0)} s`;
}

function report(kind: DatabaseKind, small: Run, large: Run): { markdown: string; isMet: boolean } {
  let isMet = true;
  const readRows = large.reads.map((read, i) => {
    const before = small.reads[i]!;
    const ratio = read.p50 / Math.max(before.p50, 1);
    const ok = ratio <= GOALS.medianRatio && read.p99 < GOALS.p99Ms && read.failed === 0 && before.failed === 0;
    isMet &&= ok;
    return `| ${read.label} | ${kb(read.bytes)} | ${before.p50} (${before.p99}) | ${read.p50} (${read.p99}) | ${read.rps} | **${ratio.toFixed(1)}** | ${mark(ok)}${read.failed + before.failed ? ` ${read.failed + before.failed} failed` : ''} |`;
  });
  const exportRows = large.exports.map((item, i) => {
    const ok = item.maxMs < GOALS.exportMs && item.failed === 0;
    isMet &&= ok;
    return `| ${item.label} | ${kb(item.bytes)} | ${ms(small.exports[i]!.medianMs)} | ${ms(item.medianMs)} (max ${ms(item.maxMs)}) | ${mark(ok)} |`;
  });
  const applyRatio = large.applies.perSecond / small.applies.perSecond;
  isMet &&= applyRatio >= GOALS.applyRatio;
  const jobRows = large.jobs.map((job, i) => `| ${job.label} | ${ms(small.jobs[i]!.ms)} | ${ms(job.ms)} | ${job.outcome} |`);
  const slowLines = (run: Run) => {
    if (!run.slow) return 'not read (PostgreSQL only, and its log must be readable: BENCH_PG_LOG)';
    return `**${run.slow.length}**`;
  };
  if (large.slow) isMet &&= large.slow.length === 0 && small.slow!.length === 0;
  const worst = [...(large.slow ?? [])].sort((a, b) => b.ms - a.ms).slice(0, 10);
  const markdown = [
    `### ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
    '',
    `Large: ${describeDatabase(large.database)}. Small: ${describeDatabase(small.database)}.`,
    '',
    `| Read | Reply (large) | small p50 (p99) ms | large p50 (p99) ms | large req/s | p50 large ÷ small | Met |`,
    '|---|---|---|---|---|---|---|',
    ...readRows,
    '',
    '| Export | Size (large) | small median ms | large median ms | Met (< 2 s) |',
    '|---|---|---|---|---|',
    ...exportRows,
    '',
    `**Credit applies** (${APPLY_ROUNDS_LABEL}): small ${small.applies.perSecond.toFixed(0)}/s, large ${large.applies.perSecond.toFixed(0)}/s → **${applyRatio.toFixed(2)}** (goal ≥ ${GOALS.applyRatio}) ${mark(applyRatio >= GOALS.applyRatio)}; statuses on the large database ${JSON.stringify(large.applies.statuses)}.`,
    '',
    '| Background job, run once | small ms | large ms | large outcome |',
    '|---|---|---|---|',
    ...jobRows,
    '',
    `Statements over ${SLOW_MS} ms (\`log_min_duration_statement\`) while the server and the jobs ran: small ${slowLines(small)}, large ${slowLines(large)}.`,
    ...(worst.length
      ? [
          '',
          'The slowest on the large database:',
          '',
          ...worst.map((s) => `- ${s.ms.toFixed(0)} ms: \`${s.text.slice(0, 160).replace(/`/g, "'")}\``),
        ]
      : []),
  ].join('\n');
  return { markdown, isMet };
}

const APPLY_ROUNDS_LABEL = 'one warm-up round, then two of 150 new funded players × 10 of 100 new games, 32 at a time';

const loadAtStart = os.loadavg()[0]!.toFixed(1);
const log = await postgresLog();
const sections: string[] = [];
let allMet = true;
for (const kind of kinds) {
  const largeScale = kind === 'postgres' ? scale : scale * PGLITE_SHARE;
  const built: ScaleDatabase[] = [];
  try {
    for (const [label, size] of [
      ['small', largeScale / SMALLER],
      ['large', largeScale],
    ] as const) {
      console.log(`${kind} ${label}: gerando (escala ${size})`);
      const database = await buildScaleDatabase(kind, size, `${kind} ${label}`);
      built.push(database);
      console.log(`${kind} ${label}: ${describeDatabase(database)}`);
    }
    const [small, large] = (await measure(built, log)) as [Run, Run];
    const { markdown, isMet } = report(kind, small, large);
    allMet &&= isMet;
    sections.push(markdown);
    console.log(markdown);
  } finally {
    for (const database of built) {
      if (args.keep) console.log(`mantido: ${JSON.stringify(database.env)}`);
      else await database.drop();
    }
  }
}

writeSection(
  'scale',
  [
    `Measured on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; compiled server, \`SIGNED_IN_CACHE_MS=0\`, \`LISTING_CACHE_MS=0\`; each read ${READ_SECONDS} s under ${READ_CONNECTIONS} connections after 1 s of warm-up, on the small and the large database in turns of 1 s (both servers running; autocannon on the same machine); load average ${loadAtStart} when it started. Goals: each read's large p50 ≤ ${GOALS.medianRatio} × its small p50 (a small p50 under 1 ms counts as 1 ms) and its large p99 < ${GOALS.p99Ms} ms; each export < 2 s; applies/s large ≥ ${GOALS.applyRatio} × small; no statement over ${SLOW_MS} ms. All met: **${allMet ? 'yes' : 'no'}**.`,
    '',
    sections.join('\n\n'),
  ].join('\n'),
);
process.exit(allMet ? 0 : 1);
