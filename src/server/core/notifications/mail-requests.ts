import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open-database';
import { mailRequests } from '../../db/schema';
import { retryDelaySeconds } from '../../integrations/mail/mailer';
import { describeError } from '../../lib/logger';
import type { ServerContext } from '../context';
import type { Job } from '../jobs';
import { type PendingMail, sendPendingMail } from './notify';

export type MailRequestKind = (typeof mailRequests.$inferSelect)['kind'];

/**
 * One kind of request for an e-mail the application still has to write (a password code, the organiser's news of a
 * one-statement apply): what doing it takes, in the transaction that takes the request away.
 */
export type MailRequestHandler<Payload> = {
  kind: MailRequestKind;
  /** Writes what the request asks for (a code, the e-mail in the outbox, in `mails`), or nothing when it no longer applies. */
  handle(tx: Queryable, ctx: ServerContext, payload: Payload, mails: PendingMail): Promise<void>;
  /** A request still not done this long after it was written is dropped: what it asked for would come too late. */
  dropAfterSeconds: number;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of handlers of different payloads
type AnyMailRequestHandler = MailRequestHandler<any>;

/** How often the leader looks for requests no instance did at once (it died after answering) or due for a retry. */
const REQUESTS_INTERVAL_MS = 5_000;
/** Requests one run of the job does at most: the next run goes on. */
const MAX_PER_RUN = 200;

/**
 * Writes a request before the reply that promises what it asks for (or in the transaction of the change): from then on
 * it is done even if this process dies, by the job. Returns its id, for `doMailRequestSoon`.
 */
export async function recordMailRequest<Payload extends Record<string, unknown>>(
  q: Queryable,
  handler: MailRequestHandler<Payload>,
  payload: Payload,
): Promise<number> {
  const [row] = await q.insert(mailRequests).values({ kind: handler.kind, payload }).returning({ id: mailRequests.id });
  return row!.id;
}

/**
 * Takes one due request of the handler's kind (the one `id`, if given) that no one else holds, and does it in the
 * transaction that deletes it: done once, however many instances try. A failure leaves it for a retry after a growing
 * wait. After the commit, the e-mails it queued start on their way.
 */
async function takeOne(ctx: ServerContext, handler: AnyMailRequestHandler, id?: number): Promise<'done' | 'none' | 'failed'> {
  const taken: { row?: { id: number; attempts: number } } = {};
  const mails: PendingMail = [];
  try {
    const found = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: mailRequests.id,
          payload: mailRequests.payload,
          attempts: mailRequests.attempts,
          isStale: sql<boolean>`${mailRequests.createdAt} <= now() - make_interval(secs => ${handler.dropAfterSeconds})`,
        })
        .from(mailRequests)
        .where(
          and(
            eq(mailRequests.kind, handler.kind),
            lte(mailRequests.nextAttemptAt, sql`now()`),
            id === undefined ? undefined : eq(mailRequests.id, id),
          ),
        )
        .orderBy(asc(mailRequests.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      taken.row = row;
      if (row.isStale) {
        ctx.log.warn({ mailRequestId: row.id, kind: handler.kind, attempts: row.attempts }, 'pedido de e-mail antigo demais: descartado');
      } else {
        await handler.handle(tx, ctx, row.payload, mails);
      }
      await tx.delete(mailRequests).where(eq(mailRequests.id, row.id));
      return true;
    });
    if (!found) return 'none';
  } catch (error) {
    const row = taken.row;
    if (!row) throw error;
    const attempt = row.attempts + 1;
    await ctx.db
      .update(mailRequests)
      .set({
        attempts: attempt,
        error: describeError(error).slice(0, 500),
        nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempt)})`,
      })
      .where(eq(mailRequests.id, row.id));
    ctx.log.error(
      { err: error, mailRequestId: row.id, kind: handler.kind, attempt, retryInSeconds: retryDelaySeconds(attempt) },
      'falha ao preparar um e-mail pedido: nova tentativa depois',
    );
    return 'failed';
  }
  await sendPendingMail(ctx, mails);
  return 'done';
}

/**
 * After the reply: does the request just written at once, in the background (the mailer's `later`), so its e-mail
 * goes now rather than at the job's next run. Only a head start: the request is in the database already, and the job
 * does it if this process dies first.
 */
export function doMailRequestSoon(ctx: ServerContext, handler: AnyMailRequestHandler, id: number): void {
  ctx.mailer.later(async () => {
    await takeOne(ctx, handler, id);
  });
}

/** Does every due request of these kinds (at most MAX_PER_RUN); resolves with how many it did. */
export async function doDueMailRequests(ctx: ServerContext, handlers: AnyMailRequestHandler[]): Promise<number> {
  let done = 0;
  for (const handler of handlers) {
    for (let tries = 0; tries < MAX_PER_RUN; tries += 1) {
      const outcome = await takeOne(ctx, handler);
      if (outcome === 'none') break;
      if (outcome === 'done') done += 1;
    }
  }
  return done;
}

/**
 * The `mail-requests` job (every 5 s, on the leader): does the requests no instance did right after its reply (it
 * died in between) and the retries due. The e-mails it queues are delivered like any other (the outbox).
 */
export function mailRequestsJob(ctx: ServerContext, handlers: AnyMailRequestHandler[]): Job {
  return { name: 'mail-requests', intervalMs: REQUESTS_INTERVAL_MS, changesReads: false, run: () => doDueMailRequests(ctx, handlers) };
}
