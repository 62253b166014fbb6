import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Queryable } from '../../db/open-database';
import { emailOutbox } from '../../db/schema';
import { describeError, type Logger } from '../../lib/logger';
import { EMAIL_CLAIM_SECONDS, recordWhileClaimed, SMTP_ATTEMPT_MS, SMTP_TIMEOUTS } from '../delivery-deadlines';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * The app's address, on a message about something that happened in the product (a notice, a reminder, an
   * invitation): queueMail then gives it, when it goes to an account, the footer and the unsubscribe link of its kind.
   * Kept out of the outbox.
   */
  publicUrl?: string;
};

/** Rows one delivery claims at a time. */
const BATCH = 20;
/** The wait before retry n (1, 2, …): 15 s, 30 s, 1 min, … doubling up to an hour. */
export const retryDelaySeconds = (attempt: number) => Math.min(15 * 2 ** (attempt - 1), 3600);
/** A message still undelivered this long after it was written is given up, marked failed. */
export const GIVE_UP_HOURS = 24;

export type Mailer = {
  /** Records a message in the outbox on its own (no transaction to join) and starts its delivery. */
  send(message: MailMessage): Promise<void>;
  /**
   * After a commit that queued `messages` (`queueMail`): starts their delivery, or, without SMTP, writes them to the
   * log. Never fails: the messages are in the outbox already, and the delivery job retries what this does not send.
   */
  afterCommit(messages: MailMessage[]): void;
  /** Delivers every due message, retrying failures later with a growing wait; resolves with how many it tried. */
  deliverDue(): Promise<number>;
  /**
   * Runs `task` in the background, after the caller has answered (its failure is logged): a head start on work a row
   * in the database already stands for (an outbox row, a mail request), which a job does if this process dies first.
   * Never the only record of a promise. idle() waits for it too.
   */
  later(task: () => Promise<void>): void;
  /** Resolves when every delivery and background task started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
};

/**
 * Writes a message to the outbox in the caller's transaction: it exists if and only if the change that caused it
 * commits, and is delivered afterwards, by this instance at once or by the delivery job, even if this process dies
 * right after the commit.
 */
export async function queueMail(q: Queryable, messages: MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await q
    .insert(emailOutbox)
    .values(messages.map(({ to, subject, text, html, headers }) => ({ to, subject, text, html, headers: headers ?? {} })));
}

/**
 * The SMTP transport, with nodemailer's timeouts below the attempt's deadline and the claim's (`delivery-deadlines.ts`)
 * instead of its defaults (2 minutes to connect, 10 on a quiet socket). Options in SMTP_URL's query come first; the
 * attempt's deadline still ends every attempt in time.
 */
export function createSmtpTransport(smtpUrl: string) {
  return nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
}

/** The domain of the sender's address, for Message-IDs (RFC 5322: an id, @, a domain). */
function messageIdDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'bora-jogar.invalid';
}

/** A row's Message-ID, the same on every try: a copy delivered twice is recognisable downstream. */
export function messageIdOf(id: string, from: string): string {
  return `<${id}@${messageIdDomain(from)}>`;
}

/**
 * Every message lands in the outbox table first. With an SMTP URL it is then delivered through nodemailer: each due
 * row is claimed (a conditional UPDATE of rows nobody else holds), sent, and marked sent once; a failure is recorded
 * with its cause and retried after `retryDelaySeconds`, until GIVE_UP_HOURS have passed and the row is marked failed.
 * Several instances may deliver at once: a claim keeps each row to one of them. Without an SMTP URL each message
 * goes to the log, where a local user can read it, and stays unsent in the outbox.
 */
export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string; log: Logger }): Mailer {
  const transport = options.smtpUrl ? createSmtpTransport(options.smtpUrl) : undefined;
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  let delivering: Promise<number> | undefined;
  let again = false;

  /** Claims due rows, at most BATCH, that no other delivery holds. */
  async function claim() {
    const due = options.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          isNull(emailOutbox.failedAt),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return options.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${EMAIL_CLAIM_SECONDS})`, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(inArray(emailOutbox.id, due))
      .returning();
  }

  async function deliverOne(row: Awaited<ReturnType<typeof claim>>[number], claimedAt: number): Promise<void> {
    try {
      await transport!.sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
        // Rows written before migration 0035 and already sent have none; every row still to go has one.
        ...(row.messageId ? { messageId: messageIdOf(row.messageId, options.from) } : {}),
        // Ended by then whatever the server does, well before the claim lapses and another instance may try it.
        signal: AbortSignal.timeout(SMTP_ATTEMPT_MS),
      });
    } catch (error) {
      const cause = describeError(error).slice(0, 500);
      const givesUp = sql`${emailOutbox.createdAt} <= now() - make_interval(hours => ${GIVE_UP_HOURS})`;
      const [after] = await options.db
        .update(emailOutbox)
        .set({
          error: cause,
          claimedUntil: null,
          failedAt: sql`case when ${givesUp} then now() end`,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
        })
        .where(eq(emailOutbox.id, row.id))
        .returning({ failedAt: emailOutbox.failedAt });
      const fields = { outboxId: row.id, attempt: row.attempts, err: error };
      if (after?.failedAt) options.log.error(fields, 'e-mail não enviado após 24 h de tentativas: desistimos');
      else
        options.log.warn({ ...fields, retryInSeconds: retryDelaySeconds(row.attempts) }, 'falha ao enviar e-mail: nova tentativa depois');
      return;
    }
    try {
      await recordWhileClaimed(
        () =>
          options.db
            .update(emailOutbox)
            .set({ sentAt: sql`now()`, claimedUntil: null, error: null })
            .where(eq(emailOutbox.id, row.id)),
        claimedAt,
        EMAIL_CLAIM_SECONDS,
      );
    } catch (error) {
      options.log.error(
        { outboxId: row.id, messageId: row.messageId, err: error },
        'e-mail enviado e não registrado: sairá de novo, com o mesmo Message-ID',
      );
    }
  }

  async function deliverAll(): Promise<number> {
    let tried = 0;
    do {
      again = false;
      for (;;) {
        const claimedAt = Date.now();
        const rows = await claim();
        if (rows.length === 0) break;
        await Promise.all(rows.map((row) => deliverOne(row, claimedAt)));
        tried += rows.length;
      }
    } while (again);
    return tried;
  }

  function deliverDue(): Promise<number> {
    if (!transport) return Promise.resolve(0);
    // One delivery at a time per instance; a wake while it runs makes it look again before it ends.
    if (delivering) {
      again = true;
      return delivering;
    }
    delivering = deliverAll().finally(() => {
      delivering = undefined;
    });
    return delivering;
  }

  function afterCommit(messages: MailMessage[]): void {
    if (messages.length === 0) return;
    if (!transport) {
      for (const message of messages)
        options.log.info({ to: message.to, subject: message.subject, text: message.text }, 'e-mail (sem SMTP configurado)');
      return;
    }
    track(deliverDue().catch((error: unknown) => options.log.error({ err: error }, 'falha ao entregar os e-mails da fila')));
  }

  return {
    async send(message) {
      await queueMail(options.db, [message]);
      afterCommit([message]);
    },
    afterCommit,
    deliverDue,
    later(task) {
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((error: unknown) => options.log.error({ err: error }, 'falha numa tarefa em segundo plano')),
      );
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}
