import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, isPostgres } from '../../../test-support/server/test-app';
import { openDatabase } from '../db/open-database';
import { createMetrics } from '../lib/metrics';
import type { ServerContext } from './context';
import { startJobs } from './jobs';

const quietLog = { error: vi.fn(), info: vi.fn(), warn: vi.fn() } as unknown as ServerContext['log'];

describe('startJobs', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a tick only where this instance leads, and counts runs and failures', async () => {
    vi.useFakeTimers();
    const metrics = createMetrics();
    const ctx = { metrics, log: quietLog } as ServerContext;
    let leads = false;
    const runs: string[] = [];
    const jobs = startJobs(
      ctx,
      [
        { name: 'ok', intervalMs: 1000, run: async () => runs.push('ok') },
        { name: 'falha', intervalMs: 1000, run: () => Promise.reject(new Error('caiu')) },
      ],
      async () => leads,
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toEqual([]);
    leads = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toEqual(['ok', 'ok']);
    const text = await metrics.registry.metrics();
    expect(text).toContain('job_runs_total{job="ok"} 2');
    expect(text).toContain('job_failures_total{job="falha"} 2');
    expect(quietLog.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'falha' }), 'falha numa tarefa em segundo plano');
    await jobs.stop();
  });
});

describe.runIf(isPostgres)('job leadership on PostgreSQL', () => {
  it('one instance leads at a time; when it stops, another takes over', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `bj_lead_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString() })));
    try {
      const first = await Promise.all([a!, b!, c!].map((db) => db.isJobLeader()));
      expect(first.filter(Boolean)).toHaveLength(1);
      const leader = [a!, b!, c!][first.indexOf(true)]!;
      const others = [a!, b!, c!].filter((db) => db !== leader);
      expect(await leader.isJobLeader()).toBe(true);
      await leader.close();
      const next = await Promise.all(others.map((db) => db.isJobLeader()));
      expect(next.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all([a!, b!, c!].map((db) => db.close().catch(() => {})));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe.runIf(!isPostgres)('job leadership on the embedded database', () => {
  it('always leads: it is one process', async () => {
    const db = await createTestDatabase();
    expect(await db.isJobLeader()).toBe(true);
    await db.close();
  });
});
