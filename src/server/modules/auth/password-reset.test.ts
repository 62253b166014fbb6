import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, createUser, DEFAULT_PASSWORD } from '../../../../test-support/server/factories';
import { startSmtpInbox, type SmtpInbox } from '../../../../test-support/server/smtp-inbox';
import { createTestApp, setUpTestApp, type TestApp } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { mailRequestsJob } from '../../core/notifications/mail-requests';
import { emailOutbox, mailRequests, passwordResetCodes } from '../../db/schema';
import { passwordResetRequests } from './request-password-reset';

const START = new Date('2026-11-20T12:00:00.000Z');
const MINUTE = 60_000;
const invalidCode = 'Código de verificação inválido ou expirado';

let inbox: SmtpInbox;
let t: TestApp;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url }, now: START });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});
beforeEach(() => t.clock.set(START));

const post = (url: string, payload: unknown, app = t.app) => app.inject({ method: 'POST', url, payload: payload as object });
const forgot = (email: string) => post('/api/auth/forgot', { email });
const reset = (payload: { email: string; code: string; newPassword: string }) => post('/api/auth/reset-password', payload);
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

/** Asks for a code and reads it from the e-mail the SMTP server received. */
async function requestCode(email: string): Promise<string> {
  const before = inbox.messages.length;
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  await t.app.ctx.mailer.idle();
  const mail = inbox.messages.slice(before).find((m) => m.recipients.includes(email));
  expect(mail, `an e-mail to ${email}`).toBeDefined();
  return codeIn(mail!.text ?? '');
}

function codeIn(text: string): string {
  const code = /código de verificação é:\s*(\d{6})/i.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

const outboxTo = (email: string) => t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/forgot', () => {
  it('mails a pt-BR message with a 6-digit code through SMTP and answers with the expiry', async () => {
    const user = await createUser(t.app.ctx.db, { name: 'Helena Araújo', email: 'helena@exemplo.com.br' });
    const before = inbox.messages.length;
    const res = await forgot(' Helena@Exemplo.com.br ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.forgotSent, expiresIn: 900 });

    await t.app.ctx.mailer.idle();
    const received = inbox.messages.slice(before);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.recipients).toEqual(['helena@exemplo.com.br']);
    expect(mail.headers.to).toContain('helena@exemplo.com.br');
    expect(mail.headers.from).toContain('nao-responda@borajogar.com.br');
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);

    const code = codeIn(mail.text ?? '');
    expect(mail.subject).toBe(`Seu código de recuperação: ${code}`);
    expect(mail.text).toContain('Olá, Helena Araújo!');
    expect(mail.text).toContain('O código vale por 15 minutos e só pode ser usado uma vez.');
    expect(mail.text).toContain('http://bora.test/reset-password?email=helena%40exemplo.com.br');
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('Olá, Helena Araújo!');

    // The outbox records it as sent, and only a digest of the code is stored.
    const [row] = await t.app.ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    expect(row).toMatchObject({ to: 'helena@exemplo.com.br', error: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    const [stored] = await t.app.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime()).toBe(START.getTime() + 15 * MINUTE);
  });

  it('escapes the name in the HTML part', async () => {
    await createUser(t.app.ctx.db, { name: '<b>Ivo</b> & "cia"', email: 'ivo@exemplo.com.br' });
    const before = inbox.messages.length;
    await forgot('ivo@exemplo.com.br');
    await t.app.ctx.mailer.idle();
    const mail = inbox.messages.slice(before)[0]!;
    expect(mail.html).toContain('&lt;b&gt;Ivo&lt;/b&gt; &amp; &quot;cia&quot;');
    expect(mail.html).not.toContain('<b>Ivo</b>');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    await createUser(t.app.ctx.db, { email: 'existe@exemplo.com.br' });
    const known = await forgot('existe@exemplo.com.br');
    await t.app.ctx.mailer.idle();
    const mailsBefore = inbox.messages.length;
    const outboxBefore = (await t.app.ctx.db.select().from(emailOutbox)).length;

    const unknown = await forgot('nao-existe@exemplo.com.br');
    await t.app.ctx.mailer.idle();
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(inbox.messages.length).toBe(mailsBefore);
    expect((await t.app.ctx.db.select().from(emailOutbox)).length).toBe(outboxBefore);
  });

  it('writes a request for any address before it answers, and looks the account up only after: its timing cannot tell whether the account exists', async () => {
    const user = await createUser(t.app.ctx.db, { email: 'cronometro@exemplo.com.br' });
    const held: Array<() => Promise<void>> = [];
    // What this instance would do right after the reply is held: as if it had died then.
    const later = vi.spyOn(t.app.ctx.mailer, 'later').mockImplementation((task) => void held.push(task));
    try {
      const known = await forgot('cronometro@exemplo.com.br');
      const unknown = await forgot('ninguem-aqui@exemplo.com.br');
      expect(known.body).toBe(unknown.body);
      // Replied: a durable request for each address, the same row whether or not it has an account, and nothing else.
      const requests = await t.app.ctx.db
        .select({ kind: mailRequests.kind, payload: mailRequests.payload })
        .from(mailRequests)
        .orderBy(asc(mailRequests.id));
      expect(requests).toEqual([
        { kind: 'password_reset', payload: { email: 'cronometro@exemplo.com.br' } },
        { kind: 'password_reset', payload: { email: 'ninguem-aqui@exemplo.com.br' } },
      ]);
      expect(await t.app.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id))).toHaveLength(0);
      expect(await outboxTo('cronometro@exemplo.com.br')).toHaveLength(0);
      expect(held).toHaveLength(2);

      // The job (another instance, or this one restarted) does each request once.
      const before = inbox.messages.length;
      const job = mailRequestsJob(t.app.ctx, [passwordResetRequests]);
      expect(await job.run()).toBe(2);
      await t.app.ctx.mailer.idle();
      expect(await t.app.ctx.db.select().from(mailRequests)).toEqual([]);
      expect(await t.app.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id))).toHaveLength(1);
      expect(inbox.messages.slice(before).map((mail) => mail.recipients)).toEqual([['cronometro@exemplo.com.br']]);
      // Nothing more: not from a second run, nor from this instance's own head start coming late.
      expect(await job.run()).toBe(0);
      for (const task of held) await task();
      await t.app.ctx.mailer.idle();
      expect(inbox.messages.slice(before)).toHaveLength(1);
      expect(await outboxTo('cronometro@exemplo.com.br')).toHaveLength(1);
      expect(await outboxTo('ninguem-aqui@exemplo.com.br')).toHaveLength(0);
    } finally {
      later.mockRestore();
      await t.app.ctx.mailer.idle();
    }
  });

  it('a request the job cannot do now is tried again later, and done once', async () => {
    await createUser(t.app.ctx.db, { email: 'de-novo@exemplo.com.br' });
    const held: Array<() => Promise<void>> = [];
    const later = vi.spyOn(t.app.ctx.mailer, 'later').mockImplementation((task) => void held.push(task));
    const failing = { ...passwordResetRequests, handle: () => Promise.reject(new Error('banco ocupado')) };
    try {
      await forgot('de-novo@exemplo.com.br');
      expect(await mailRequestsJob(t.app.ctx, [failing]).run()).toBe(0);
      const [kept] = await t.app.ctx.db.select().from(mailRequests);
      expect(kept).toMatchObject({ attempts: 1, error: 'banco ocupado' });
      expect(kept!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: nothing is done.
      const job = mailRequestsJob(t.app.ctx, [passwordResetRequests]);
      expect(await job.run()).toBe(0);
      await t.app.ctx.db.update(mailRequests).set({ nextAttemptAt: sql`now()` });
      expect(await job.run()).toBe(1);
      await t.app.ctx.mailer.idle();
      expect(await outboxTo('de-novo@exemplo.com.br')).toHaveLength(1);
    } finally {
      later.mockRestore();
    }
  });

  it('drops a request older than the code would have lasted, without a code', async () => {
    await createUser(t.app.ctx.db, { email: 'tarde@exemplo.com.br' });
    await t.app.ctx.db
      .insert(mailRequests)
      .values({ kind: 'password_reset', payload: { email: 'tarde@exemplo.com.br' }, createdAt: sql`now() - interval '16 minutes'` });
    await mailRequestsJob(t.app.ctx, [passwordResetRequests]).run();
    expect(await t.app.ctx.db.select().from(mailRequests)).toEqual([]);
    expect(await outboxTo('tarde@exemplo.com.br')).toHaveLength(0);
  });

  it.each([
    ['missing e-mail', {}, 'E-mail é obrigatório'],
    ['bad e-mail', { email: 'sem-arroba' }, 'Formato de e-mail inválido'],
    ['unknown field', { email: 'a@b.com', code: '123456' }, 'Campo não permitido: code'],
  ])('answers 400 for %s', async (_label, payload, message) => {
    const before = inbox.messages.length;
    const res = await post('/api/auth/forgot', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    await t.app.ctx.mailer.idle();
    expect(inbox.messages.length).toBe(before);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password and ends every session opened before', async () => {
    const { user, headers } = await createSignedInUser(t.app, { email: 'joana@exemplo.com.br' });
    const second = await login('joana@exemplo.com.br', DEFAULT_PASSWORD);
    const code = await requestCode('joana@exemplo.com.br');

    const res = await reset({ email: 'JOANA@exemplo.com.br', code, newPassword: 'nova-senha-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.resetDone });

    expect((await login('joana@exemplo.com.br', DEFAULT_PASSWORD)).statusCode).toBe(401);
    const fresh = await login('joana@exemplo.com.br', 'nova-senha-1');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.id).toBe(user.id);

    for (const old of [headers, { authorization: `Bearer ${second.json().token}` }]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: old });
      expect(me.statusCode).toBe(401);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${fresh.json().token}` } });
    expect(me.statusCode).toBe(200);
  });

  it('accepts a code only once', async () => {
    await createUser(t.app.ctx.db, { email: 'karla@exemplo.com.br' });
    const code = await requestCode('karla@exemplo.com.br');
    expect((await reset({ email: 'karla@exemplo.com.br', code, newPassword: 'primeira-1' })).statusCode).toBe(200);
    const again = await reset({ email: 'karla@exemplo.com.br', code, newPassword: 'segunda-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(invalidCode);
    expect((await login('karla@exemplo.com.br', 'primeira-1')).statusCode).toBe(200);
    expect((await login('karla@exemplo.com.br', 'segunda-2')).statusCode).toBe(401);
  });

  it('accepts the code until 15 minutes have passed', async () => {
    await createUser(t.app.ctx.db, { email: 'lucas@exemplo.com.br' });
    const code = await requestCode('lucas@exemplo.com.br');
    t.clock.advance(14 * MINUTE + 59_000);
    expect((await reset({ email: 'lucas@exemplo.com.br', code, newPassword: 'nova-senha-1' })).statusCode).toBe(200);
  });

  it.each([15 * MINUTE, 15 * MINUTE + 1000, 60 * MINUTE])('refuses the code %i ms later', async (elapsed) => {
    const email = `expira-${elapsed}@exemplo.com.br`;
    await createUser(t.app.ctx.db, { email });
    const code = await requestCode(email);
    t.clock.advance(elapsed);
    const res = await reset({ email, code, newPassword: 'nova-senha-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'reset_code_invalid', message: invalidCode, fields: { code: invalidCode } });
    expect((await login(email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('kills the code after 5 wrong tries', async () => {
    await createUser(t.app.ctx.db, { email: 'marta@exemplo.com.br' });
    const code = await requestCode('marta@exemplo.com.br');
    for (let i = 0; i < 5; i += 1) {
      const res = await reset({ email: 'marta@exemplo.com.br', code: otherCode(code), newPassword: 'nova-senha-1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(invalidCode);
    }
    const right = await reset({ email: 'marta@exemplo.com.br', code, newPassword: 'nova-senha-1' });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(invalidCode);
    expect((await login('marta@exemplo.com.br', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    await createUser(t.app.ctx.db, { email: 'nina@exemplo.com.br' });
    const code = await requestCode('nina@exemplo.com.br');
    for (let i = 0; i < 4; i += 1) {
      expect((await reset({ email: 'nina@exemplo.com.br', code: otherCode(code), newPassword: 'nova-senha-1' })).statusCode).toBe(400);
    }
    expect((await reset({ email: 'nina@exemplo.com.br', code, newPassword: 'nova-senha-1' })).statusCode).toBe(200);
  });

  it('replaces the old code with a new request', async () => {
    await createUser(t.app.ctx.db, { email: 'otavio@exemplo.com.br' });
    const first = await requestCode('otavio@exemplo.com.br');
    let second = await requestCode('otavio@exemplo.com.br');
    // One chance in a million the two codes match; ask again so the test means something.
    while (second === first) second = await requestCode('otavio@exemplo.com.br');
    const old = await reset({ email: 'otavio@exemplo.com.br', code: first, newPassword: 'nova-senha-1' });
    expect(old.statusCode).toBe(400);
    expect((await reset({ email: 'otavio@exemplo.com.br', code: second, newPassword: 'nova-senha-1' })).statusCode).toBe(200);
  });

  it('gives a new request a fresh expiry and a fresh count of tries', async () => {
    await createUser(t.app.ctx.db, { email: 'paula@exemplo.com.br' });
    const first = await requestCode('paula@exemplo.com.br');
    for (let i = 0; i < 5; i += 1) await reset({ email: 'paula@exemplo.com.br', code: otherCode(first), newPassword: 'nova-senha-1' });
    t.clock.advance(10 * MINUTE);
    const code = await requestCode('paula@exemplo.com.br');
    t.clock.advance(14 * MINUTE);
    expect((await reset({ email: 'paula@exemplo.com.br', code, newPassword: 'nova-senha-1' })).statusCode).toBe(200);
  });

  it("does not accept one account's code for another account", async () => {
    await createUser(t.app.ctx.db, { email: 'quem-pediu@exemplo.com.br' });
    await createUser(t.app.ctx.db, { email: 'vitima@exemplo.com.br' });
    const code = await requestCode('quem-pediu@exemplo.com.br');
    const res = await reset({ email: 'vitima@exemplo.com.br', code, newPassword: 'nova-senha-1' });
    expect(res.statusCode).toBe(400);
    expect((await login('vitima@exemplo.com.br', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same 400 for an unknown e-mail', async () => {
    const res = await reset({ email: 'fantasma@exemplo.com.br', code: '123456', newPassword: 'nova-senha-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'reset_code_invalid', message: invalidCode, fields: { code: invalidCode } });
  });

  it('lets a Google-only account set a password', async () => {
    await createUser(t.app.ctx.db, { email: 'so-google@exemplo.com.br', passwordHash: null, googleSub: 'sub-so-google' });
    const code = await requestCode('so-google@exemplo.com.br');
    expect((await reset({ email: 'so-google@exemplo.com.br', code, newPassword: 'agora-tenho-senha' })).statusCode).toBe(200);
    expect((await login('so-google@exemplo.com.br', 'agora-tenho-senha')).statusCode).toBe(200);
  });

  const good = { email: 'rita@exemplo.com.br', code: '123456', newPassword: 'nova-senha-1' };
  it.each([
    ['a 5-digit code', { ...good, code: '12345' }, 'code', 'Código de verificação deve ter 6 dígitos'],
    ['a 7-digit code', { ...good, code: '1234567' }, 'code', 'Código de verificação deve ter 6 dígitos'],
    ['letters in the code', { ...good, code: '12a456' }, 'code', 'Código de verificação deve ter 6 dígitos'],
    ['spaces around the code', { ...good, code: ' 123456' }, 'code', 'Código de verificação deve ter 6 dígitos'],
    ['a numeric code', { ...good, code: 123456 }, 'code', undefined],
    ['an empty code', { ...good, code: '' }, 'code', messages.codeRequired],
    ['no code', { email: good.email, newPassword: good.newPassword }, 'code', messages.codeRequired],
    ['a short new password', { ...good, newPassword: '12345' }, 'newPassword', 'A senha deve ter pelo menos 6 caracteres'],
    ['no new password', { email: good.email, code: good.code }, 'newPassword', messages.newPasswordRequired],
    ['a new password too long', { ...good, newPassword: 'x'.repeat(129) }, 'newPassword', messages.passwordTooLong],
    ['a bad e-mail', { ...good, email: 'rita' }, 'email', 'Formato de e-mail inválido'],
    ['an unknown field', { ...good, confirmPassword: 'nova-senha-1' }, 'confirmPassword', 'Campo não permitido: confirmPassword'],
  ])('answers 400 for %s', async (_label, payload, field, message) => {
    const res = await post('/api/auth/reset-password', payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().fields[field]).toBe(message);
    else expect(res.json().fields).toHaveProperty(field);
  });

  it('validation errors do not count as wrong tries', async () => {
    await createUser(t.app.ctx.db, { email: 'sara@exemplo.com.br' });
    const code = await requestCode('sara@exemplo.com.br');
    for (let i = 0; i < 6; i += 1) {
      expect((await reset({ email: 'sara@exemplo.com.br', code: '12', newPassword: 'nova-senha-1' })).statusCode).toBe(400);
    }
    expect((await reset({ email: 'sara@exemplo.com.br', code, newPassword: 'nova-senha-1' })).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent resets with the right code win', async () => {
    await createUser(t.app.ctx.db, { email: 'tiago@exemplo.com.br' });
    const code = await requestCode('tiago@exemplo.com.br');
    const [a, b] = await Promise.all([
      reset({ email: 'tiago@exemplo.com.br', code, newPassword: 'senha-da-aba-a' }),
      reset({ email: 'tiago@exemplo.com.br', code, newPassword: 'senha-da-aba-b' }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 400]);
    const winner = a!.statusCode === 200 ? 'senha-da-aba-a' : 'senha-da-aba-b';
    const loser = winner === 'senha-da-aba-a' ? 'senha-da-aba-b' : 'senha-da-aba-a';
    expect((await login('tiago@exemplo.com.br', winner)).statusCode).toBe(200);
    expect((await login('tiago@exemplo.com.br', loser)).statusCode).toBe(401);
  });
});

describe('without SMTP_URL', () => {
  const local = setUpTestApp({ now: START });

  it('keeps the message in the outbox, where its code works', async () => {
    await createUser(local.app.ctx.db, { name: 'Úrsula', email: 'ursula@exemplo.com.br' });
    const res = await post('/api/auth/forgot', { email: 'ursula@exemplo.com.br' }, local.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.forgotSent, expiresIn: 900 });
    await local.app.ctx.mailer.idle();

    const rows = await local.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'ursula@exemplo.com.br'));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const code = codeIn(row.text);
    expect(row.subject).toBe(`Seu código de recuperação: ${code}`);
    expect(row.html).toContain(code);
    expect(row.text).toContain('Olá, Úrsula!');
    expect(row.sentAt).toBeNull();
    expect(row.error).toBeNull();

    const done = await post('/api/auth/reset-password', { email: 'ursula@exemplo.com.br', code, newPassword: 'nova-senha-1' }, local.app);
    expect(done.statusCode).toBe(200);
  });
});

describe('with an SMTP server that does not answer', () => {
  let broken: TestApp;
  beforeAll(async () => {
    const gone = await startSmtpInbox();
    await gone.close();
    broken = await createTestApp({ env: { SMTP_URL: gone.url }, now: START });
  });
  afterAll(() => broken.close());

  it('still answers 200 and records the failure in the outbox', async () => {
    await createUser(broken.app.ctx.db, { email: 'vera@exemplo.com.br' });
    const res = await post('/api/auth/forgot', { email: 'vera@exemplo.com.br' }, broken.app);
    expect(res.statusCode).toBe(200);
    await broken.app.ctx.mailer.idle();
    const [row] = await broken.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'vera@exemplo.com.br'));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toBeTruthy();
  });
});
