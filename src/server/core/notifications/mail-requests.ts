import { and, eq, inArray, lte, sql } from 'drizzle-orm';
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
 * one-statement apply): what doing it takes, in the transaction that takes the requests away.
 */
export type MailRequestHandler<Payload> = {
  kind: MailRequestKind;
  /**
   * Writes what the requests ask for (a code, the e-mail in the outbox, in `mails`), or nothing for one that no longer
   * applies. Several requests of the kind at once, in the order they were written: what they read and write can go
   * in one statement each.
   */
  handle(tx: Queryable, ctx: ServerContext, payloads: Payload[], mails: PendingMail): Promise<void>;
  /** A request still not done this long after it was written is dropped: what it asked for would come too late. */
  dropAfterSeconds: number;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of handlers of different payloads
type AnyMailRequestHandler = MailRequestHandler<any>;

/** How often the leader looks for requests no instance did at once (it died after answering) or due for a retry. */
const REQUESTS_INTERVAL_MS = 5_000;
/** Requests one run of the job does at most: the next run goes on. */
const MAX_PER_RUN = 200;
/** Requests taken in one transaction at most. */
const BATCH = 50;

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

type TakenRequest = { id: number; payload: unknown; attempts: number; is_stale: boolean };

/**
 * Takes due requests of the handler's kind (those of `ids`, if given; at most `limit`) that no one else holds, and does
 * them in the transaction that deletes them: one statement claims and deletes, so each is done once however many
 * instances try, and a failure puts them back. Resolves with how many it took and how many of those it did (a failed
 * one is taken and not done); after the commit, the e-mails they queued start on their way. When requests taken
 * together fail, each is tried again alone, so only the one that fails waits for its retry (a growing wait, recorded
 * on it).
 */
async function takeRequests(
  ctx: ServerContext,
  handler: AnyMailRequestHandler,
  limit: number,
  ids?: number[],
): Promise<{ taken: number; done: number }> {
  let taken: TakenRequest[] = [];
  const mails: PendingMail = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`
        delete from ${mailRequests} where ${mailRequests.id} in (
          select ${mailRequests.id} from ${mailRequests}
          where ${and(
            eq(mailRequests.kind, handler.kind),
            lte(mailRequests.nextAttemptAt, sql`now()`),
            ids === undefined ? undefined : inArray(mailRequests.id, ids),
          )}
          order by ${mailRequests.id} limit ${limit} for update skip locked)
        returning ${mailRequests.id} as id, ${mailRequests.payload} as payload, ${mailRequests.attempts} as attempts,
          ${mailRequests.createdAt} <= now() - make_interval(secs => ${handler.dropAfterSeconds}) as is_stale`)) as unknown as {
        rows: TakenRequest[];
      };
      taken = rows.sort((a, b) => a.id - b.id);
      for (const row of taken.filter((row) => row.is_stale)) {
        ctx.log.warn({ mailRequestId: row.id, kind: handler.kind, attempts: row.attempts }, 'pedido de e-mail antigo demais: descartado');
      }
      const due = taken.filter((row) => !row.is_stale);
      if (due.length > 0)
        await handler.handle(
          tx,
          ctx,
          due.map((row) => row.payload),
          mails,
        );
    });
  } catch (error) {
    if (taken.length === 0) throw error;
    if (taken.length > 1) {
      let done = 0;
      for (const row of taken) done += (await takeRequests(ctx, handler, 1, [row.id]).catch(() => ({ done: 0 }))).done;
      return { taken: taken.length, done };
    }
    const [row] = taken as [TakenRequest];
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
    return { taken: 1, done: 0 };
  }
  await sendPendingMail(ctx, mails);
  return { taken: taken.length, done: taken.length };
}

/** Requests this instance wrote and will do right after its reply, per kind, and whether it is doing some now. */
const soon = new WeakMap<ServerContext['mailer'], Map<MailRequestKind, { ids: Set<number>; isTaking: boolean }>>();

/**
 * After the reply: does the request just written at once, in the background (the mailer's `later`), so its e-mail
 * goes now rather than at the job's next run. Only a head start: the request is in the database already, and the job
 * does it if this process dies first. While this instance is doing some, the requests written meanwhile wait and are
 * then done together, in one transaction: under load, a few statements for many replies.
 */
export function doMailRequestSoon(ctx: ServerContext, handler: AnyMailRequestHandler, id: number): void {
  let kinds = soon.get(ctx.mailer);
  if (!kinds) soon.set(ctx.mailer, (kinds = new Map()));
  let state = kinds.get(handler.kind);
  if (!state) kinds.set(handler.kind, (state = { ids: new Set(), isTaking: false }));
  state.ids.add(id);
  const waiting = state;
  ctx.mailer.later(async () => {
    // The one doing requests now takes this one after its own.
    if (waiting.isTaking) return;
    waiting.isTaking = true;
    try {
      while (waiting.ids.size > 0) {
        const ids = [...waiting.ids].slice(0, BATCH);
        for (const taken of ids) waiting.ids.delete(taken);
        await takeRequests(ctx, handler, ids.length, ids);
      }
    } finally {
      waiting.isTaking = false;
    }
  });
}

/** Does every due request of these kinds (at most MAX_PER_RUN); resolves with how many it did. */
export async function doDueMailRequests(ctx: ServerContext, handlers: AnyMailRequestHandler[]): Promise<number> {
  let done = 0;
  for (const handler of handlers) {
    for (let tried = 0; tried < MAX_PER_RUN;) {
      const limit = Math.min(BATCH, MAX_PER_RUN - tried);
      const { taken, done: did } = await takeRequests(ctx, handler, limit);
      tried += limit;
      done += did;
      if (taken < limit) break;
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
