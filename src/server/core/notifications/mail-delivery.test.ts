import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test-support/server/factories';
import { type SmtpInbox, startSilentSmtp, startSmtpInbox } from '../../../../test-support/server/smtp-inbox';
import { createTestApp, createTestDatabase, type TestDatabase } from '../../../../test-support/server/test-app';
import { emailOutbox } from '../../db/schema';
import { EMAIL_CLAIM_SECONDS, SMTP_ATTEMPT_MS, SMTP_TIMEOUTS } from '../../integrations/delivery-deadlines';
import {
  createMailer,
  GIVE_UP_HOURS,
  type MailMessage,
  type Mailer,
  messageIdOf,
  queueMail,
  retryDelaySeconds,
} from '../../integrations/mail/mailer';
import { describeError } from '../../lib/logger';
import { mailDeliveryJob } from './mail-delivery';

let database: TestDatabase;
const lines: Array<{ msg: string; err?: unknown; level: string }> = [];
const log = {
  info: () => {},
  debug: () => {},
  warn: (fields: object, msg: string) => lines.push({ ...fields, msg, level: 'warn' }),
  error: (fields: object, msg: string) => lines.push({ ...fields, msg, level: 'error' }),
};
const mailers: Mailer[] = [];
const mailerFor = (smtpUrl: string) => {
  const mailer = createMailer({ db: database.db, smtpUrl, from: 'Bora Jogar <nao-responda@bora.test>', log: log as never });
  mailers.push(mailer);
  return mailer;
};
const message = (to: string, subject = 'Assunto'): MailMessage => ({ to, subject, text: `Olá, ${to}`, html: `<p>Olá, ${to}</p>` });
const rowTo = async (to: string) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)))[0]!;
/** Moves a row's next try to now, as if its wait had passed. */
const dueNow = (to: string) =>
  database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(emailOutbox.to, to));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const mailer of mailers) {
    await mailer.idle();
    mailer.close();
  }
  await database.close();
});

describe('the outbox', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  it('holds a message exactly when the transaction that queued it commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueMail(tx, [message('desfeito@bora.test')]);
        throw new Error('a mudança falhou');
      }),
    ).rejects.toThrow('a mudança falhou');
    await database.db.transaction((tx) => queueMail(tx, [message('feito@bora.test')]));
    expect(
      await database.db
        .select({ to: emailOutbox.to })
        .from(emailOutbox)
        .where(sql`${emailOutbox.to} like '%feito@bora.test'`),
    ).toEqual([{ to: 'feito@bora.test' }]);
  });

  it('a committed message whose sender died before sending it is sent by the delivery job, once', async () => {
    // Queued and committed, and nothing more: the process that queued it is gone.
    await database.db.transaction((tx) => queueMail(tx, [message('orfa@bora.test', 'Órfã')]));
    const job = mailDeliveryJob({ mailer: mailerFor(inbox.url) });
    await job.run();
    await job.run();
    expect(inbox.messages.filter((mail) => mail.recipients.includes('orfa@bora.test')).map((mail) => mail.subject)).toEqual(['Órfã']);
    expect(await rowTo('orfa@bora.test')).toMatchObject({ attempts: 1, error: null, claimedUntil: null });
    expect((await rowTo('orfa@bora.test')).sentAt).toBeInstanceOf(Date);
    expect(job).toMatchObject({ changesReads: false });
    expect(retryDelaySeconds(1) * 1000 + job.intervalMs).toBeLessThanOrEqual(30_000);
  });

  it('several deliveries at once send each message once', async () => {
    const many = Array.from({ length: 30 }, (_, i) => message(`muitos-${i}@bora.test`));
    await database.db.transaction((tx) => queueMail(tx, many));
    const deliveries = [mailerFor(inbox.url), mailerFor(inbox.url), mailerFor(inbox.url)];
    await Promise.all(deliveries.flatMap((mailer) => [mailer.deliverDue(), mailer.deliverDue()]));
    const received = inbox.messages.flatMap((mail) => mail.recipients).filter((to) => to.startsWith('muitos-'));
    expect(received.sort()).toEqual(many.map((mail) => mail.to).sort());
  });
});

describe('when the database stops answering right after a send', () => {
  it('keeps trying to record it while the claim holds: the message is sent once, and recorded', async () => {
    const inbox = await startSmtpInbox();
    try {
      await database.db.transaction((tx) => queueMail(tx, [message('reinicio@bora.test', 'Durante o reinício')]));
      // The database refuses the first two writes after the claim, as during a restart; the claim itself went through.
      let updates = 0;
      const restarting = new Proxy(database.db, {
        get(target, key, receiver) {
          if (key !== 'update') return Reflect.get(target, key, receiver);
          return (table: typeof emailOutbox) => {
            updates += 1;
            if (updates === 2 || updates === 3)
              return { set: () => ({ where: () => Promise.reject(new Error('Connection terminated unexpectedly')) }) };
            return target.update(table);
          };
        },
      });
      const mailer = createMailer({ db: restarting, smtpUrl: inbox.url, from: 'Bora Jogar <nao-responda@bora.test>', log: log as never });
      mailers.push(mailer);
      await mailer.deliverDue();
      expect(updates).toBe(5);
      expect(inbox.messages.filter((mail) => mail.recipients.includes('reinicio@bora.test'))).toHaveLength(1);
      const row = await rowTo('reinicio@bora.test');
      expect(row).toMatchObject({ attempts: 1, claimedUntil: null, error: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      // Nothing left to send: a second delivery finds nothing due.
      expect(await mailer.deliverDue()).toBe(0);
      expect(inbox.messages.filter((mail) => mail.recipients.includes('reinicio@bora.test'))).toHaveLength(1);
    } finally {
      await inbox.close();
    }
  });
});

describe('while the SMTP server is down', () => {
  it('records the cause, retries with a growing wait, and delivers once the server is back', async () => {
    const first = await startSmtpInbox();
    const port = Number(new URL(first.url).port);
    await first.close();
    const mailer = mailerFor(first.url);

    await mailer.send(message('espera@bora.test', 'Seu código'));
    await mailer.idle();
    const failed = await rowTo('espera@bora.test');
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, claimedUntil: null });
    expect(failed.error).toMatch(/ECONNREFUSED/);
    expect(describeError(lines.find((line) => line.msg.startsWith('falha ao enviar e-mail'))?.err)).toMatch(/ECONNREFUSED/);
    const [wait] = await database.db
      .select({ seconds: sql<number>`extract(epoch from ${emailOutbox.nextAttemptAt} - now())::float8` })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'espera@bora.test'));
    expect(wait!.seconds).toBeGreaterThan(10);
    expect(wait!.seconds).toBeLessThanOrEqual(retryDelaySeconds(1));
    // Not due yet: nothing is tried.
    expect(await mailer.deliverDue()).toBe(0);

    await dueNow('espera@bora.test');
    await mailer.deliverDue();
    const second = await rowTo('espera@bora.test');
    expect(second.attempts).toBe(2);
    const [longer] = await database.db
      .select({ seconds: sql<number>`extract(epoch from ${emailOutbox.nextAttemptAt} - now())::float8` })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'espera@bora.test'));
    expect(longer!.seconds).toBeGreaterThan(retryDelaySeconds(1));

    const back = await startSmtpInbox({ port });
    try {
      await dueNow('espera@bora.test');
      await mailer.deliverDue();
      await dueNow('espera@bora.test');
      await mailer.deliverDue();
      expect(back.messages.map((mail) => [mail.recipients, mail.subject])).toEqual([[['espera@bora.test'], 'Seu código']]);
      expect(await rowTo('espera@bora.test')).toMatchObject({ attempts: 3, error: null, failedAt: null });
    } finally {
      await back.close();
    }
  });

  it(`gives a message up, marked failed, once it has waited ${GIVE_UP_HOURS} hours`, async () => {
    const gone = await startSmtpInbox();
    await gone.close();
    await createUser(database.db, { email: 'velha@bora.test' });
    await database.db.insert(emailOutbox).values({ ...message('velha@bora.test'), createdAt: sql`now() - interval '25 hours'` });
    await mailerFor(gone.url).deliverDue();
    const row = await rowTo('velha@bora.test');
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.sentAt).toBeNull();
    expect(lines.some((line) => line.level === 'error' && line.msg.includes('desistimos'))).toBe(true);
    // Given up: no delivery tries it again.
    const back = await startSmtpInbox({ port: Number(new URL(gone.url).port) });
    try {
      await database.db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(emailOutbox.to, 'velha@bora.test'));
      await mailerFor(back.url).deliverDue();
      expect(back.messages).toEqual([]);
    } finally {
      await back.close();
    }
  });
});

describe("a failed delivery's log line", () => {
  it('names the cause: the code, the text with the address, where it happened', async () => {
    const gone = await startSmtpInbox();
    await gone.close();
    const port = Number(new URL(gone.url).port);
    const logged: string[] = [];
    const t = await createTestApp({ env: { SMTP_URL: gone.url }, database, logStream: { write: (line) => void logged.push(line) } });
    try {
      await t.app.ctx.mailer.send(message('causa@bora.test'));
      await t.app.ctx.mailer.idle();
    } finally {
      // The app owns the database it was given: this file's other tests still need it.
      await t.app.close();
    }
    const line = logged
      .map((text) => JSON.parse(text) as { msg: string; err?: Record<string, unknown> })
      .find((entry) => entry.msg.startsWith('falha ao enviar e-mail'));
    expect(line?.err).toMatchObject({
      type: 'Error',
      code: 'ESOCKET',
      message: `connect ECONNREFUSED 127.0.0.1:${port}`,
      syscall: 'connect',
      address: '127.0.0.1',
      port,
    });
  });
});

describe('a slow SMTP server', () => {
  it('that never greets ends the attempt within the greeting timeout, long before the claim lapses, and the row waits for a retry', async () => {
    const silent = await startSilentSmtp();
    try {
      const mailer = mailerFor(silent.url);
      await database.db.transaction((tx) => queueMail(tx, [message('mudo@bora.test')]));
      const startedAt = Date.now();
      const delivery = mailer.deliverDue();
      // While the attempt hangs, the row is held for the claim, which outlasts the attempt's deadline.
      await expect.poll(() => silent.connections(), { timeout: 5_000 }).toBe(1);
      const [held] = await database.db
        .select({ seconds: sql<number>`extract(epoch from ${emailOutbox.claimedUntil} - now())::float8` })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, 'mudo@bora.test'));
      expect(held!.seconds * 1000).toBeGreaterThan(SMTP_ATTEMPT_MS);
      expect(held!.seconds).toBeLessThanOrEqual(EMAIL_CLAIM_SECONDS);

      expect(await delivery).toBe(1);
      const took = Date.now() - startedAt;
      expect(took).toBeGreaterThanOrEqual(SMTP_TIMEOUTS.greetingTimeout - 500);
      expect(took).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout + 5_000);
      const row = await rowTo('mudo@bora.test');
      expect(row).toMatchObject({ attempts: 1, sentAt: null, claimedUntil: null });
      expect(row.error).toMatch(/GREETING_TIMEOUT|Greeting never received/);
      // The client closed its connection: nothing of this attempt can still send the message.
      await expect.poll(() => silent.open(), { timeout: 5_000 }).toBe(0);
    } finally {
      await silent.close();
    }
  }, 45_000);
});

describe('the Message-ID', () => {
  it('is the one stored with the row, on the first try and on the retry after a failure', async () => {
    const inbox = await startSmtpInbox();
    try {
      inbox.refuseNext(1);
      const mailer = mailerFor(inbox.url);
      await mailer.send(message('mesmo-id@bora.test', 'Duas vezes'));
      await mailer.idle();
      const failed = await rowTo('mesmo-id@bora.test');
      expect(failed).toMatchObject({ attempts: 1, sentAt: null });
      expect(failed.error).toMatch(/451/);
      expect(failed.messageId).toMatch(/^[0-9a-f-]{36}$/);

      await dueNow('mesmo-id@bora.test');
      await mailer.deliverDue();
      expect(await rowTo('mesmo-id@bora.test')).toMatchObject({ attempts: 2, error: null });
      const first = inbox.refused.find((mail) => mail.recipients.includes('mesmo-id@bora.test'));
      const second = inbox.messages.find((mail) => mail.recipients.includes('mesmo-id@bora.test'));
      const stored = messageIdOf(failed.messageId!, 'Bora Jogar <nao-responda@bora.test>');
      expect(stored).toBe(`<${failed.messageId}@bora.test>`);
      expect(first?.headers['message-id']).toBe(stored);
      expect(second?.headers['message-id']).toBe(stored);
    } finally {
      await inbox.close();
    }
  });

  it('differs from one message to the next', async () => {
    await database.db.transaction((tx) => queueMail(tx, [message('um@bora.test'), message('outro@bora.test')]));
    const [one, other] = [await rowTo('um@bora.test'), await rowTo('outro@bora.test')];
    expect(one.messageId).toBeTruthy();
    expect(one.messageId).not.toBe(other.messageId);
  });
});
