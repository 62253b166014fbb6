import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/open-database';
import { emailOutbox } from '../../db/schema';
import type { Logger } from '../../lib/logger';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Records the message in the outbox and starts delivery; resolves once it is recorded. */
  send(message: MailMessage): Promise<void>;
  /**
   * Runs `task` in the background, after the caller has answered (its failure is logged): work whose
   * duration must not show in a reply, such as whether an account exists. idle() waits for it too.
   */
  later(task: () => Promise<void>): void;
  /** Resolves when every delivery and background task started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
};

/**
 * Every message lands in the outbox table first. With an SMTP URL it is then delivered through
 * nodemailer in the background (so a slow server never slows a request, and the outbox row says
 * whether it went); without one it goes to the log, where a local user can read it.
 */
export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string; log: Logger }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  async function deliver(id: number, message: MailMessage): Promise<void> {
    if (!transport) {
      options.log.info({ to: message.to, subject: message.subject, text: message.text }, 'e-mail (sem SMTP configurado)');
      return;
    }
    try {
      await transport.sendMail({ from: options.from, ...message });
      await options.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, id));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      options.log.error({ to: message.to, err: text }, 'falha ao enviar e-mail');
      await options.db
        .update(emailOutbox)
        .set({ error: text.slice(0, 500) })
        .where(eq(emailOutbox.id, id))
        .catch(() => {});
    }
  }

  return {
    async send(message) {
      const [row] = await options.db.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
      track(deliver(row!.id, message));
    },
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
