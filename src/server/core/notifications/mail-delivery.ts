import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { emailOutbox } from '../../db/schema';
import type { Metrics } from '../../lib/metrics';
import type { ServerContext } from '../context';
import type { Job } from '../jobs';

/** How often the leader looks for e-mails due: a first retry, 15 s after a failure, goes within 30 s. */
const DELIVERY_INTERVAL_MS = 10_000;

/**
 * The delivery job: sends the outbox's due e-mails, those whose first delivery failed or never ran (the process
 * ended right after the commit) and those due for a retry. What an instance queues it starts sending at once itself;
 * the job is what makes sure nothing is left behind.
 */
export function mailDeliveryJob(ctx: Pick<ServerContext, 'mailer'>): Job {
  return { name: 'mail-delivery', intervalMs: DELIVERY_INTERVAL_MS, changesReads: false, run: () => ctx.mailer.deliverDue() };
}

/** The outbox in the metrics: messages waiting (and the oldest one's age), retrying after a failure, and given up. */
export function registerOutboxMetrics(metrics: Metrics, db: Db): void {
  type OutboxState = { pending: number; oldestSeconds: number; retrying: number; failed: number };
  // The four gauges of a scrape are read together: they share the query in flight.
  let inFlight: Promise<OutboxState> | undefined;
  const read = async (): Promise<OutboxState> => {
    const waiting = and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt));
    const [[queue], [given]] = await Promise.all([
      db
        .select({
          pending: sql<number>`count(*)::int`,
          oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)::float8`,
          retrying: sql<number>`(count(*) filter (where ${emailOutbox.attempts} > 0))::int`,
        })
        .from(emailOutbox)
        .where(waiting),
      db
        .select({ failed: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(isNotNull(emailOutbox.failedAt)),
    ]);
    return { ...queue!, failed: given!.failed };
  };
  const state = () =>
    (inFlight ??= read().finally(() => {
      inFlight = undefined;
    }));
  metrics.gauge('email_outbox_pending', 'E-mails na fila esperando envio', async () => (await state()).pending);
  metrics.gauge(
    'email_outbox_oldest_pending_seconds',
    'Idade, em segundos, do e-mail mais antigo esperando envio',
    async () => (await state()).oldestSeconds,
  );
  metrics.gauge('email_outbox_retrying', 'E-mails esperando uma nova tentativa depois de uma falha', async () => (await state()).retrying);
  metrics.gauge('email_outbox_failed', 'E-mails não enviados após 24 h de tentativas', async () => (await state()).failed);
}
