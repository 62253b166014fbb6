import type { ServerContext } from '../context';
import type { Job } from '../jobs';
import { eraseWarnedAccounts, warnInactiveAccounts } from './inactive-accounts';
import { deleteOldNotifications, deleteSentEmails } from './old-rows';

/** How often the leader looks for what has passed its retention. */
const RETENTION_INTERVAL_MS = 15 * 60_000;
/** A run stops starting batches after this long; a backlog (the first run on years of data) drains over several runs. */
const RUN_BUDGET_MS = 10_000;
/** Rows one delete statement takes: each is its own short transaction. */
const ROW_BATCH = 1000;
/** Accounts one batch warns (one transaction) or looks at for erasure (one transaction each). */
const ACCOUNT_BATCH = 50;

export type RetentionSummary = {
  notifications: number;
  emails: number;
  erased: number;
  /** Warned accounts used again since, or no longer free: their warning was dropped. */
  kept: number;
  warned: number;
  /** False when the time budget ended the run before everything due was done. */
  finished: boolean;
};

/**
 * Deletes what has passed its retention (decision 043), in batches, each its own short transaction, until nothing due
 * is left or `budgetMs` has passed (checked after each batch: a run does at least one): notifications older than
 * NOTIFICATIONS_RETENTION_DAYS, copies of e-mails sent more than EMAIL_RETENTION_DAYS ago, accounts unused for
 * INACTIVE_ACCOUNT_YEARS after their warning, and then the warnings of the accounts getting there. The ledger, payments
 * and registrations are never deleted. Every step is safe to interrupt and run again, on any instance.
 */
export async function runRetention(
  ctx: ServerContext,
  options: { budgetMs?: number; rowBatch?: number; accountBatch?: number } = {},
): Promise<RetentionSummary> {
  const { budgetMs = RUN_BUDGET_MS, rowBatch = ROW_BATCH, accountBatch = ACCOUNT_BATCH } = options;
  const deadline = performance.now() + budgetMs;
  const { notificationsDays, emailsDays } = ctx.config.retention;
  const summary: RetentionSummary = { notifications: 0, emails: 0, erased: 0, kept: 0, warned: 0, finished: false };
  let afterId = 0;
  /** Runs `batch` until it reports a short one (nothing left) or the time is up; false when the time is up. */
  const drain = async (batch: () => Promise<boolean>) => {
    while (await batch()) if (performance.now() >= deadline) return false;
    return true;
  };
  const steps: (() => Promise<boolean>)[] = [
    async () => {
      const count = await deleteOldNotifications(ctx.db, ctx.clock.now(), notificationsDays, rowBatch);
      summary.notifications += count;
      return count === rowBatch;
    },
    async () => {
      const count = await deleteSentEmails(ctx.db, ctx.clock.now(), emailsDays, rowBatch);
      summary.emails += count;
      return count === rowBatch;
    },
    async () => {
      const batch = await eraseWarnedAccounts(ctx, accountBatch, afterId);
      afterId = batch.lastId;
      summary.erased += batch.erased;
      summary.kept += batch.kept;
      return batch.looked === accountBatch;
    },
    async () => {
      const count = await warnInactiveAccounts(ctx, accountBatch);
      summary.warned += count;
      return count === accountBatch;
    },
  ];
  for (const step of steps) if (!(await drain(step))) return summary;
  summary.finished = true;
  return summary;
}

/** The retention, every 15 minutes, on the instance that leads; a run that deleted or warned anything says so in the log. */
export function retentionJob(ctx: ServerContext): Job {
  return {
    name: 'retention',
    intervalMs: RETENTION_INTERVAL_MS,
    run: async () => {
      const summary = await runRetention(ctx);
      const { notifications, emails, erased, kept, warned } = summary;
      if (notifications + emails + erased + kept + warned > 0) ctx.log.info(summary, 'retenção de dados');
      return summary;
    },
  };
}
