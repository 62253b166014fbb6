// `npm run bench:scale`: years of data. Builds, in SQL, a database of three busy years of the shape a seed draws and one
// of the same shape 100 times smaller, on the local PostgreSQL and (at a tenth of those sizes) in PGlite; runs the
// compiled server on each with the read caches off; measures every read, loaded and then alone with sign-in and a reset
// code, the exports and credit applies; runs the background jobs once. On PostgreSQL it logs every statement over 100 ms
// with its plan (`auto_explain`) and reads the log; on PGlite, which keeps none, it reads the server's own time of each
// request asked alone and of each job. Fails (exit code 1) when a goal is not met. At scale 1, a recorded seed's run
// writes its tables into bench/README.md.
//
//   npm run bench:scale                                   both databases, scale 1 (PGlite at 0.1), the default seed
//   npm run bench:scale -- --seed 2                       another shape
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
import { buildScaleDatabase, type DatabaseKind, type ScaleDatabase, type Spread } from './databases';
import {
  ALONE_RUNS,
  type AloneResult,
  type ExportResult,
  type JobResult,
  JWT_SECRET,
  measureAlone,
  measureApplies,
  measureExports,
  measureReadsInTurns,
  METRICS_TOKEN,
  READ_CONNECTIONS,
  READ_SECONDS,
  type ReadResult,
  runJobs,
} from './measure';
import { DEFAULT_SEED, drawShape, isSeed, RECORDED_SEEDS, type ShapeDraws } from './shape';

const { values: args } = parseArgs({
  options: {
    databases: { type: 'string', default: 'postgres,pglite' },
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    keep: { type: 'boolean', default: false },
  },
});
const kinds = args.databases.split(',').map((kind) => kind.trim()) as DatabaseKind[];
if (kinds.some((kind) => kind !== 'postgres' && kind !== 'pglite'))
  throw new Error('--databases: postgres, pglite ou os dois separados por vírgula');
const scale = Number(args.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale: um número maior que 0 e até 1');
const seed = Number(args.seed);
if (!isSeed(seed)) throw new Error('--seed: um número inteiro de 0 a 2147483647');

const PORT = 3311;
const SLOW_MS = 100;
/** The small database is this many times smaller; PGlite's large one is a tenth of PostgreSQL's. */
const SMALLER = 100;
const PGLITE_SHARE = 0.1;

const GOALS = { medianRatio: 2, p99Ms: 100, exportMs: 2000, applyRatio: 0.5 };

/** A slow statement's plan: this many of its first lines in the report. */
const PLAN_LINES = 8;

type Run = {
  database: ScaleDatabase;
  reads: ReadResult[];
  alone: AloneResult;
  exports: ExportResult[];
  applies: { perSecond: number; statuses: Record<number, number> };
  jobs: JobResult[];
  slow: SlowStatement[] | undefined;
};
/** `phase`: what took the time, as the log says: a simple `statement`, or a prepared one's `parse`, `bind` (its planning) or `execute`. */
type SlowStatement = { ms: number; phase: string; text: string; plan: string[] };

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

/**
 * What every new session on a PostgreSQL database logs from now on: each statement over SLOW_MS, and its plan with the
 * rows each step read (`auto_explain` with `log_analyze`; without each step's timing, which would slow every statement).
 */
async function logSlowStatements(name: string): Promise<void> {
  try {
    await serverQuery(`load 'auto_explain'`);
  } catch (error) {
    throw new Error(`o PostgreSQL não tem auto_explain (instale o postgresql-contrib): ${(error as Error).message}`);
  }
  for (const setting of [
    `log_min_duration_statement = ${SLOW_MS}`,
    `session_preload_libraries = 'auto_explain'`,
    `auto_explain.log_min_duration = ${SLOW_MS}`,
    'auto_explain.log_analyze = on',
    'auto_explain.log_timing = off',
  ])
    await serverQuery(`alter database ${name} set ${setting}`);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The statements over SLOW_MS logged for `name` since `offset` (the log's `%m [%p] %u@%d` prefix names the process and
 * the database), each with the first lines of the plan `auto_explain` logged for it: the same process's, of the same
 * text (a plan is logged when its executor ends, which for a read by the extended protocol is after the statement).
 */
function slowStatements(file: string, offset: number, name: string): SlowStatement[] {
  const text = fs.readFileSync(file).subarray(offset).toString('utf8');
  const entries = text.split(/\n(?=\d{4}-\d{2}-\d{2} )/).flatMap((entry) => {
    const match = new RegExp(`@${name} LOG:  duration: ([\\d.]+) ms  ([\\s\\S]*)`).exec(entry);
    if (!match) return [];
    const pid = /\[(\d+)\]/.exec(entry.slice(0, match.index))?.[1] ?? '';
    return [{ pid, ms: Number(match[1]), body: match[2]! }];
  });
  const plans = entries.flatMap(({ pid, body }) => {
    if (!body.startsWith('plan:')) return [];
    const lines = body.split('\n').slice(1);
    const start = lines.findIndex((line) => line.includes('(cost='));
    if (start < 0) return [];
    const queryText = lines
      .slice(0, start)
      .join('\n')
      .replace(/^\s*Query Text:/, '');
    return [
      { pid, text: oneLine(queryText), lines: lines.slice(start, start + PLAN_LINES).map((line) => line.replace(/^\t/, '')), taken: false },
    ];
  });
  return entries.flatMap(({ pid, ms, body }) => {
    const statement = /^(statement|execute|parse|bind)[^:]*: ([\s\S]*)/.exec(body);
    if (!statement) return [];
    const text = oneLine(statement[2]!);
    const plan = plans.find((candidate) => !candidate.taken && candidate.pid === pid && candidate.text === text);
    if (plan) plan.taken = true;
    return [{ ms, phase: statement[1]!, text, plan: plan?.lines ?? [] }];
  });
}

/**
 * Both databases of a kind: their servers side by side, each read loaded on them in turns (measureReadsInTurns), then,
 * one database at a time, every read with sign-in and a reset code alone, the exports and applies with its server
 * alone, and the jobs.
 */
async function measure(databases: ScaleDatabase[], log: string | undefined): Promise<Run[]> {
  // The log's slow statements from here on; each database's are told apart by its name.
  const offset = log ? fs.statSync(log).size : 0;
  for (const database of databases) {
    console.log(`${database.label}: medindo`);
    if (database.kind === 'postgres') await logSlowStatements(database.name!);
  }
  const ports = databases.map((_, i) => PORT + i);
  const apps = await Promise.all(
    databases.map((database, i) =>
      startAppProcess({
        ...database.env,
        PORT: String(ports[i]),
        JWT_SECRET,
        METRICS_TOKEN,
        SIGNED_IN_CACHE_MS: '0',
        LISTING_CACHE_MS: '0',
      }),
    ),
  );
  const runs: Run[] = [];
  try {
    const served = databases.map((database, i) => ({ database, base: `http://127.0.0.1:${ports[i]}` }));
    const reads = await measureReadsInTurns(served);
    for (const [i, { database, base }] of served.entries()) {
      const alone = await measureAlone(database, base, SLOW_MS);
      const exports = await measureExports(database, base);
      const applies = await measureApplies(database, ports[i]!);
      await stop(apps[i]!);
      const jobs = await runJobs(database);
      const slow = database.kind === 'postgres' && log ? slowStatements(log, offset, database.name!) : undefined;
      runs.push({ database, reads: reads[i]!, alone, exports, applies, jobs, slow });
    }
  } finally {
    await Promise.all(apps.map((app) => stop(app)));
  }
  return runs;
}

const mark = (isMet: boolean) => (isMet ? '✓' : '✗');
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const n = (value: number | undefined) => (value ?? 0).toLocaleString('en-US').replace(/,/g, ' ');

function describeDraws(draws: ShapeDraws): string {
  return Object.entries(draws)
    .map(([name, value]) => `\`${name}\` ${value}`)
    .join(', ');
}

function describeDatabase(database: ScaleDatabase): string {
  const r = database.subjects.rows;
  const { organiserGames, ledgerRows, notifications } = database.subjects.spread;
  const spread = (label: string, { most, p99, median }: Spread) =>
    `${label} ${n(most)} at most, ${n(p99)} at the 99th percentile, ${n(median)} the median`;
  return `scale ${database.scale}: ${n(r.users)} users (${n(r.erased)} erased), ${n(r.games)} games, ${n(r.registrations)} registrations, ${n(r.credit_transactions)} ledger rows, ${n(r.payments)} payments, ${n(r.notifications)} notifications, ${n(r.email_outbox)} e-mails, ${n(r.invitations)} invitations, ${n(r.series)} series (${n(r.series_members)} members); ${spread('games per organiser', organiserGames)}, ${spread('ledger rows per person', ledgerRows)}, ${spread('notifications per person', notifications)}; built in ${database.buildSeconds.toFixed(0)} s`;
}

/** The kind's tables, and what of its goals was not met (empty when all were). */
function report(kind: DatabaseKind, small: Run, large: Run): { markdown: string; failures: string[] } {
  const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const failures: string[] = [];
  const check = (isMet: boolean, failure: string) => {
    if (!isMet) failures.push(`${name}: ${failure}`);
    return isMet;
  };
  const readRows = large.reads.map((read, i) => {
    const before = small.reads[i]!;
    const ratio = read.p50 / Math.max(before.p50, 1);
    const ok = check(
      ratio <= GOALS.medianRatio && read.p99 < GOALS.p99Ms && read.failed === 0 && before.failed === 0,
      `${read.label}: p50 ${ratio.toFixed(1)} × o do pequeno, p99 ${read.p99} ms`,
    );
    return `| ${read.label} | ${kb(read.bytes)} | ${before.p50} (${before.p99}) | ${read.p50} (${read.p99}) | ${read.rps} | **${ratio.toFixed(1)}** | ${mark(ok)}${read.failed + before.failed ? ` ${read.failed + before.failed} failed` : ''} |`;
  });
  const exportRows = large.exports.map((item, i) => {
    const ok = check(item.maxMs < GOALS.exportMs && item.failed === 0, `${item.label}: ${ms(item.maxMs)} ms`);
    return `| ${item.label} | ${kb(item.bytes)} | ${ms(small.exports[i]!.medianMs)} | ${ms(item.medianMs)} (max ${ms(item.maxMs)}) | ${mark(ok)} |`;
  });
  const applyRatio = large.applies.perSecond / small.applies.perSecond;
  check(applyRatio >= GOALS.applyRatio, `aplicações ${applyRatio.toFixed(2)} × as do pequeno`);
  const jobRows = large.jobs.map((job, i) => `| ${job.label} | ${ms(small.jobs[i]!.ms)} | ${ms(job.ms)} | ${job.outcome} |`);
  const aloneLine = (run: Run) =>
    `${run.alone.slow.reduce((sum, entry) => sum + entry.count, 0)}${run.alone.slow.length ? ` (${run.alone.slow.map((entry) => `${entry.route} × ${entry.count}`).join(', ')})` : ''}`;
  const slowLines: string[] = [];
  if (kind === 'postgres') {
    const counted = (run: Run) => (run.slow ? `**${run.slow.length}**` : 'not read (its log must be readable: BENCH_PG_LOG)');
    slowLines.push(
      `Statements over ${SLOW_MS} ms (\`log_min_duration_statement\`, plans by \`auto_explain\`) while the server and the jobs ran: small ${counted(small)}, large ${counted(large)}.`,
    );
    for (const run of [small, large]) {
      if (run.slow) check(run.slow.length === 0, `comandos acima de ${SLOW_MS} ms no banco ${run.database.label}: ${run.slow.length}`);
      else check(false, `o log do PostgreSQL não pôde ser lido (BENCH_PG_LOG)`);
    }
    const worst = [...(small.slow ?? []).map((s) => ({ ...s, on: 'small' })), ...(large.slow ?? []).map((s) => ({ ...s, on: 'large' }))]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (worst.length) slowLines.push('', 'The slowest, with the first lines of their plans:', '');
    for (const s of worst) {
      slowLines.push(`- ${s.on}, ${s.ms.toFixed(0)} ms (${s.phase}): \`${s.text.slice(0, 160).replace(/`/g, "'")}\``);
      if (s.plan.length) slowLines.push('', '  ```', ...s.plan.map((line) => `  ${line}`), '  ```', '');
    }
  } else {
    // PGlite keeps no log: each request asked alone, and each job, must take under SLOW_MS in all.
    for (const run of [small, large]) {
      check(run.alone.slow.length === 0, `requisições sozinhas acima de ${SLOW_MS} ms no banco ${run.database.label}: ${aloneLine(run)}`);
      for (const job of run.jobs) check(job.ms <= SLOW_MS, `tarefa ${job.label} levou ${ms(job.ms)} ms no banco ${run.database.label}`);
    }
  }
  const markdown = [
    `### ${name}`,
    '',
    `Large: ${describeDatabase(large.database)}. Small: ${describeDatabase(small.database)}.`,
    '',
    `| Read | Reply (large) | small p50 (p99) ms | large p50 (p99) ms | large req/s | p50 large ÷ small | Met |`,
    '|---|---|---|---|---|---|---|',
    ...readRows,
    '',
    `Every read, sign-in and a reset code asked alone, ${ALONE_RUNS} times each (${large.alone.requests} requests), answered in over ${SLOW_MS} ms by the server's own time: small ${aloneLine(small)}, large ${aloneLine(large)}${kind === 'pglite' ? ` (goal: none ${mark(small.alone.slow.length + large.alone.slow.length === 0)})` : ''}.`,
    '',
    '| Export | Size (large) | small median ms | large median ms | Met (< 2 s) |',
    '|---|---|---|---|---|',
    ...exportRows,
    '',
    `**Credit applies** (${APPLY_ROUNDS_LABEL}): small ${small.applies.perSecond.toFixed(0)}/s, large ${large.applies.perSecond.toFixed(0)}/s → **${applyRatio.toFixed(2)}** (goal ≥ ${GOALS.applyRatio}) ${mark(applyRatio >= GOALS.applyRatio)}; statuses on the large database ${JSON.stringify(large.applies.statuses)}.`,
    '',
    `| Background job, run once | small ms | large ms | large outcome |`,
    '|---|---|---|---|',
    ...jobRows,
    '',
    ...slowLines,
  ].join('\n');
  return { markdown, failures };
}

const APPLY_ROUNDS_LABEL = 'one warm-up round, then two of 150 new funded players × 10 of 100 new games, 32 at a time';

const loadAtStart = os.loadavg()[0]!.toFixed(1);
const log = await postgresLog();
const draws = drawShape(seed);
console.log(`semente ${seed}: ${describeDraws(draws)}`);
const sections: string[] = [];
const failures: string[] = [];
for (const kind of kinds) {
  const largeScale = kind === 'postgres' ? scale : scale * PGLITE_SHARE;
  const built: ScaleDatabase[] = [];
  try {
    for (const [label, size] of [
      ['small', largeScale / SMALLER],
      ['large', largeScale],
    ] as const) {
      console.log(`${kind} ${label}: gerando (escala ${size}, semente ${seed})`);
      const database = await buildScaleDatabase(kind, size, seed, `${kind} ${label}`);
      built.push(database);
      console.log(`${kind} ${label}: ${describeDatabase(database)}`);
    }
    const [small, large] = (await measure(built, log)) as [Run, Run];
    const reported = report(kind, small, large);
    failures.push(...reported.failures);
    sections.push(reported.markdown);
    console.log(reported.markdown);
  } finally {
    for (const database of built) {
      if (args.keep) console.log(`mantido: ${JSON.stringify(database.env)}`);
      else await database.drop();
    }
  }
}

const section = `scale-seed-${seed}`;
if (scale === 1 && (RECORDED_SEEDS as readonly number[]).includes(seed)) {
  writeSection(
    section,
    [
      `Seed **${seed}**: ${describeDraws(draws)}. Measured on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; compiled server, \`SIGNED_IN_CACHE_MS=0\`, \`LISTING_CACHE_MS=0\`; each read ${READ_SECONDS} s under ${READ_CONNECTIONS} connections after 1 s of warm-up, on the small and the large database in turns of 1 s (both servers running; autocannon on the same machine); load average ${loadAtStart} when it started. Goals: each read's large p50 ≤ ${GOALS.medianRatio} × its small p50 (a small p50 under 1 ms counts as 1 ms) and its large p99 < ${GOALS.p99Ms} ms; each export < 2 s; applies/s large ≥ ${GOALS.applyRatio} × small; no statement over ${SLOW_MS} ms (PGlite: no request asked alone and no job over ${SLOW_MS} ms). All met: **${failures.length ? 'no' : 'yes'}**.`,
      '',
      sections.join('\n\n'),
    ].join('\n'),
  );
  console.log(`bench/README.md: seção ${section} escrita`);
} else {
  console.log(
    `bench/README.md não alterado: só uma execução em escala 1 de uma semente registrada (${RECORDED_SEEDS.join(', ')}) escreve nele`,
  );
}
if (failures.length) {
  console.error(
    `\nMetas não atingidas / goals not met (semente ${seed}, escala ${scale}):\n${failures.map((failure) => `- ${failure}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`\nTodas as metas atingidas / all goals met (semente ${seed}, escala ${scale}).`);
process.exit(0);
