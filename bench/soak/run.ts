// `npm run soak -- --minutes N --instances 3 --seed S --report FILE`: the product under a mixed workload on N instances
// sharing one PostgreSQL and one Redis, with local fakes for SMTP, the push service, Stripe and Mercado Pago, while a
// fault is injected about every 20 s. At the end a checker reads the database and the fakes' records; the report (JSON
// in FILE, a table on the terminal) says what broke. Exits 1 when anything was violated, lost or duplicated, or a 5xx
// came outside every fault's window. bench/README.md explains it and records runs.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startFakeMercadoPago } from '../../test-support/server/fake-mercadopago';
import { startFakeStripe } from '../../test-support/server/fake-stripe';
import { startPushService } from '../../test-support/server/push-service';
import { startSmtpInbox } from '../../test-support/server/smtp-inbox';
import { seeded } from '../../test-support/seeded';
import { checkEnd, momentInvariants } from './checker';
import { type RequestRecord, SoakClient } from './client';
import { type Instance, soakDatabase, soakInstances, soakRedis } from './cluster';
import { startFaultProxy } from './fault-proxy';
import { Workload } from './workload';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    instances: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    report: { type: 'string', default: 'dist/soak-report.json' },
    users: { type: 'string', default: '8' },
    faults: { type: 'string' },
  },
});
const minutes = Number(args.minutes);
const instanceCount = Number(args.instances);
const seed = Number(args.seed);
const users = Number(args.users);
if (!(minutes > 0) || !Number.isInteger(instanceCount) || instanceCount < 1 || !Number.isInteger(seed) || !(users > 0)) {
  console.error('uso: npm run soak -- --minutes N --instances 3 --seed S --report ARQUIVO [--users 8] [--faults tipo,tipo]');
  process.exit(2);
}

/** A fault must be over this long after it ended (the system answering as before). */
const RECOVERY_LIMIT_MS = 5_000;
/** After a fault is recovered, errors of requests begun this much later still count as the fault's. */
const WINDOW_GRACE_MS = 2_000;
const FAULT_EVERY_MS = 20_000;

const log = (text: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The faults' generator: the same seed, the same faults in the same order. */
const random = seeded(seed);

// ── What the product runs on ──
const database = await soakDatabase();
const redis = await soakRedis();
const inbox = await startSmtpInbox();
const push = await startPushService();
const stripe = await startFakeStripe();
const mp = await startFakeMercadoPago();
const proxies = {
  smtp: await startFaultProxy(Number(new URL(inbox.url).port)),
  push: await startFaultProxy(Number(new URL(push.url).port)),
  stripe: await startFaultProxy(Number(new URL(stripe.url).port)),
  mp: await startFaultProxy(Number(new URL(mp.url).port)),
};
const admin = { email: 'admin-soak@bora.test', password: `soak-${randomBytes(8).toString('hex')}` };
const logDir = path.join(path.dirname(path.resolve(args.report)), 'soak-logs');
const cluster = await soakInstances(
  instanceCount,
  {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '6',
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: 'soak:',
    SEED_DEMO: 'off',
    LOG_LEVEL: 'warn',
    // The push service's loopback address is allowed only to an install whose own address is loopback.
    PUBLIC_URL: 'http://127.0.0.1:3000',
    SMTP_URL: proxies.smtp.url('smtp'),
    PAYMENTS: 'live',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: proxies.stripe.url('http'),
    MERCADOPAGO_ACCESS_TOKEN: mp.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: mp.webhookSecret,
    MERCADOPAGO_API_URL: proxies.mp.url('http'),
    PAYMENT_ACCOUNTS_KEY: Buffer.alloc(32, 7).toString('base64'),
    PUSH_ALLOW_LOOPBACK: 'on',
    // The soak expects every push at the device within its minutes, at whatever hour it runs; the quiet hours (which
    // would hold them from 22:00 to 07:00 in São Paulo) have tests of their own.
    PUSH_QUIET_HOURS: 'off',
    RATE_LIMITS: 'off',
    HOLD_SWEEP_SECONDS: '5',
    PAYOUT_HOLD_HOURS: '0',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  logDir,
);
const { instances } = cluster;
const db = new pg.Pool({ connectionString: database.url, max: 2, connectionTimeoutMillis: 3_000 });
db.on('error', () => {});

let exitCode = 1;
try {
  log(
    `${instanceCount} instâncias, semente ${seed}, ${minutes} min, banco ${database.restartKind === 'pg_ctl' ? 'próprio' : database.url}`,
  );
  for (const instance of instances) await instance.start();
  const client = new SoakClient(instances.map((instance) => instance.url));
  const workload = new Workload({ client, seed, stripe, mp, push, pushUrl: proxies.push.url('http'), admin });
  await workload.setUp();
  log('pessoas e jogos prontos; começa a carga');

  // ── The run: the workload, a fault about every 20 s, the invariants sampled ──
  const faults: { kind: string; at: string; startedAt: number; endedAt: number; recoveredMs: number }[] = [];
  const sampled: string[] = [];
  const running = workload.run(users);
  const endsAt = Date.now() + minutes * 60_000;
  const kinds = faultKinds(workload);
  const chosen = args.faults?.split(',') ?? Object.keys(kinds);
  const unknownKinds = chosen.filter((kind) => !kinds[kind]);
  if (unknownKinds.length > 0) throw new Error(`falhas desconhecidas: ${unknownKinds.join(', ')} (há ${Object.keys(kinds).join(', ')})`);
  let order: string[] = [];
  let nextSampleAt = Date.now() + 15_000;
  let nextFaultAt = Date.now() + 10_000;
  while (Date.now() < endsAt) {
    if (Date.now() >= nextSampleAt) {
      nextSampleAt = Date.now() + 15_000;
      const found = await momentInvariants(db).catch(() => []);
      sampled.push(...found.map((text) => `${new Date().toISOString()}: ${text}`));
    }
    if (Date.now() >= nextFaultAt && endsAt - Date.now() > 15_000) {
      if (order.length === 0) order = shuffled(chosen);
      const kind = order.shift()!;
      const startedAt = Date.now();
      log(`falha: ${kind}`);
      await kinds[kind]!();
      const endedAt = Date.now();
      const recoveredMs = await timeToRecover(instances);
      faults.push({ kind, at: new Date(startedAt).toISOString(), startedAt, endedAt, recoveredMs });
      log(`  recuperada em ${recoveredMs} ms`);
      nextFaultAt = Date.now() + FAULT_EVERY_MS + random.int(-5_000, 5_000) - (Date.now() - startedAt);
    }
    await sleep(250);
  }

  // ── The end: everything back, every promise given the time it needs, then the checker ──
  log('fim da carga; esperando o que está em curso');
  await Promise.all(Object.values(proxies).map((proxy) => proxy.set('up')));
  await running.stop();
  const undelivered = await workload.deliverAllWebhooks(60_000);
  await drain(instances);
  // A kill ends a process mid-send; SMTP going down cuts its connections; a hung push service's connections are cut when
  // it comes back. A deploy is not one of them: SIGTERM lets every send in flight finish and be recorded.
  const cutting = new Set(['instance-killed', 'smtp-down', 'push-hang']);
  const cuts = faults.filter((fault) => cutting.has(fault.kind));
  const findings = await checkEnd(db, { stripe, mp, inbox, push }, workload.asked, cuts);
  findings.violations.unshift(...sampled);
  if (undelivered > 0) findings.violations.push(`${undelivered} webhooks nunca aceitos`);
  for (const failure of workload.failures) findings.violations.push(`ação da carga falhou: ${failure}`);
  for (const fault of faults.filter((f) => f.recoveredMs > RECOVERY_LIMIT_MS))
    findings.violations.push(`falha ${fault.kind} às ${fault.at} recuperada em ${fault.recoveredMs} ms (limite ${RECOVERY_LIMIT_MS} ms)`);

  const windows = faults.map((f) => [f.startedAt, f.endedAt + f.recoveredMs + WINDOW_GRACE_MS] as const);
  const failed = (r: RequestRecord) => r.status === 'transport' || r.status >= 500;
  const outside = client.records.filter((r) => failed(r) && !windows.some(([from, to]) => r.endedAt >= from && r.startedAt <= to));
  const byStatus: Record<string, number> = {};
  const refusals: Record<string, number> = {};
  for (const record of client.records) {
    byStatus[record.status] = (byStatus[record.status] ?? 0) + 1;
    if (record.status !== 'transport' && record.status >= 400) {
      const key = `${record.method} ${record.route} ${record.status} ${record.cause ?? ''}`.trim();
      refusals[key] = (refusals[key] ?? 0) + 1;
    }
  }
  const report = {
    seed,
    minutes,
    instances: instanceCount,
    database: database.restartKind === 'pg_ctl' ? 'own cluster (pg_ctl restarts)' : 'DATABASE_URL (restarts end every connection)',
    requests: client.records.length,
    byStatus,
    refusals,
    faults: faults.map(({ kind, at, recoveredMs }) => ({ kind, at, recoveredMs })),
    violations: findings.violations,
    lost: findings.lost,
    duplicates: findings.duplicates,
    redeliveries: findings.redeliveries,
    errorsOutsideFaults: outside.length,
    errorsOutsideFaultsSample: outside.slice(0, 10).map((r) => ({ ...r, at: new Date(r.startedAt).toISOString() })),
    counts: { ...findings.counts, webhooksDelivered: workload.courier.delivered, webhookCopies: workload.courier.duplicates },
  };
  fs.mkdirSync(path.dirname(path.resolve(args.report)), { recursive: true });
  fs.writeFileSync(args.report, `${JSON.stringify(report, null, 2)}\n`);
  printTable(report);
  const ok = report.violations.length === 0 && report.lost === 0 && report.duplicates === 0 && report.errorsOutsideFaults === 0;
  log(ok ? `tudo certo; relatório em ${args.report}` : `FALHOU; relatório em ${args.report}`);
  if (!ok) console.log(`tudo o que as instâncias escreveram: ${logDir}`);
  exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error);
  for (const instance of instances)
    console.log(`── últimas linhas da instância ${instance.index}\n${instance.output.slice(-30).join('\n')}`);
} finally {
  await cluster.removeBuild();
  await db.end().catch(() => {});
  await Promise.all([...Object.values(proxies).map((proxy) => proxy.close()), inbox.close(), push.close(), stripe.close(), mp.close()]);
  await redis.remove();
  await database.remove();
}
process.exit(exitCode);

// ── Faults ──

function faultKinds(workload: Workload): Record<string, () => Promise<void>> {
  const anInstance = () => random.pick(instances)!;
  const outage = (proxy: (typeof proxies)[keyof typeof proxies], mode: 'down' | 'slow' | 'hang' | 'error500', ms: number) => async () => {
    await proxy.set(mode);
    await sleep(ms);
    await proxy.set('up');
  };
  return {
    'instance-killed': async () => {
      const instance = anInstance();
      await instance.kill('SIGKILL');
      instance.launch();
    },
    deploy: async () => {
      const instance = anInstance();
      await instance.kill('SIGTERM');
      instance.launch();
    },
    'postgres-restart': async () => {
      await database.stop();
      await sleep(2_000);
      await database.start();
    },
    'redis-down': async () => {
      await redis.stop();
      await sleep(4_000);
      await redis.start();
    },
    'smtp-down': outage(proxies.smtp, 'down', 6_000),
    'smtp-slow': outage(proxies.smtp, 'slow', 8_000),
    'push-500': outage(proxies.push, 'error500', 6_000),
    'push-hang': outage(proxies.push, 'hang', 6_000),
    'stripe-500': outage(proxies.stripe, 'error500', 6_000),
    'stripe-hang': outage(proxies.stripe, 'hang', 6_000),
    'mercadopago-500': outage(proxies.mp, 'error500', 6_000),
    'mercadopago-hang': outage(proxies.mp, 'hang', 6_000),
    'webhook-replay': () => workload.courier.replay(5),
  };
}

function printTable(report: {
  requests: number;
  byStatus: Record<string, number>;
  faults: { kind: string; recoveredMs: number }[];
  violations: string[];
  lost: number;
  duplicates: number;
  errorsOutsideFaults: number;
  counts: Record<string, number>;
}) {
  const byKind = new Map<string, number[]>();
  for (const fault of report.faults) byKind.set(fault.kind, [...(byKind.get(fault.kind) ?? []), fault.recoveredMs]);
  console.log('\nfalha                 vezes  recuperação máx. (ms)');
  for (const [kind, times] of byKind)
    console.log(`${kind.padEnd(22)}${String(times.length).padStart(5)}  ${String(Math.max(...times)).padStart(20)}`);
  console.log(
    `\npedidos ${report.requests} (${Object.entries(report.byStatus)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')})`,
  );
  for (const [name, value] of Object.entries(report.counts)) console.log(`${name.padEnd(22)}${value}`);
  console.log(
    `violações ${report.violations.length} · perdidos ${report.lost} · duplicados ${report.duplicates} · erros fora das falhas ${report.errorsOutsideFaults}`,
  );
  for (const violation of report.violations.slice(0, 20)) console.log(`  ✗ ${violation}`);
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** How long until every instance is ready and answers a read no cache holds (ms), up to a minute. */
async function timeToRecover(all: Instance[]): Promise<number> {
  const from = Date.now();
  const answers = async (instance: Instance) => {
    try {
      const ready = await fetch(`${instance.url}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (!ready.ok) return false;
      const read = await fetch(`${instance.url}/api/games?location=${randomBytes(6).toString('hex')}`, {
        signal: AbortSignal.timeout(2_000),
      });
      return read.ok;
    } catch {
      return false;
    }
  };
  while (Date.now() - from < 60_000) {
    if ((await Promise.all(all.map(answers))).every(Boolean)) return Date.now() - from;
    await sleep(100);
  }
  return Date.now() - from;
}

/**
 * What time would bring about, without waiting for it: every instance stopped as in a deploy (so no delivery is in
 * flight and no claim has a living holder), every wait moved to now, the instances started again, and then as long as
 * the outboxes, requests and refunds take to empty (at most two minutes), and three seconds more for a late copy.
 */
async function drain(all: Instance[]) {
  log('drenando: instâncias paradas, esperas trazidas para agora, instâncias de volta');
  for (const instance of all) await instance.kill('SIGTERM');
  await db.query(`update email_outbox set next_attempt_at = now(), claimed_until = null where sent_at is null and failed_at is null`);
  await db.query(`update push_outbox set next_attempt_at = now(), claimed_until = null`);
  await db.query(`update mail_requests set next_attempt_at = now()`);
  for (const instance of all) await instance.start();
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `select (select count(*) from email_outbox where sent_at is null and failed_at is null)
            + (select count(*) from push_outbox) + (select count(*) from mail_requests)
            + (select count(*) from payment_refunds where status = 'pending')
            + (select count(*) from payments where close_at_provider) as n`,
    );
    if (Number(rows[0]!.n) === 0 || Date.now() > deadline) break;
    await sleep(500);
  }
  await sleep(3_000);
}
