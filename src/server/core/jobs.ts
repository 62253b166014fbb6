import { runPeriodically } from '../lib/periodic';
import type { ServerContext } from './context';

/**
 * A background task run every `intervalMs`. After a run, caches everywhere are dropped, since a job may free or fill
 * places; a job that changes nothing anyone reads says `changesReads: false`.
 */
export type Job = { name: string; intervalMs: number; run(): Promise<unknown>; changesReads?: false };

/**
 * Starts the background jobs. Each tick runs only on the instance that leads (`isLeader`), so with
 * several instances on one database a tick runs once, not once per instance; every run and failure
 * is counted in the metrics and failures are logged; after a run, caches everywhere are refreshed.
 */
export function startJobs(ctx: ServerContext, jobs: Job[], isLeader: () => Promise<boolean>): { stop(): Promise<void> } {
  const loops = jobs.map((job) => {
    const counted = ctx.metrics.job(job.name, job.run);
    return runPeriodically(
      async () => {
        if (!(await isLeader())) return;
        await counted();
        if (job.changesReads !== false) ctx.changes.publish();
      },
      job.intervalMs,
      (error) => ctx.log.error({ err: error, job: job.name }, 'falha numa tarefa em segundo plano'),
    );
  });
  return {
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
