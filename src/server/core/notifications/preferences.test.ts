import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, DAY_MS } from '../../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { updateNotificationSettingsBodySchema } from '../../../shared/schemas/notification-settings';
import { emailOutbox, notificationSettings, pushSubscriptions, users } from '../../db/schema';
import { gameNoticeEmail } from '../../integrations/mail/templates';
import { unsubscribePage } from '../../integrations/mail/unsubscribe-page';
import { ConfigError, loadConfig } from '../../lib/config';
import type { AuthUser } from '../context';
import { checkUnsubscribeLink } from './check-unsubscribe-link';
import { getNotificationSettings } from './get-notification-settings';
import { kindOfType, type NotificationType } from './notification-kinds';
import { notify, type PendingMail, queueMail } from './notify';
import { unsubscribeByLink } from './unsubscribe-by-link';
import { signUnsubscribeToken, unsubscribeSecret } from './unsubscribe-link';
import { updateNotificationSettings } from './update-notification-settings';

const t = setUpTestApp();
const db = () => t.app.ctx.db;
const ALL_ON = { email: true, push: true };

/** A notice and its e-mail, as a use case writes them: in one transaction, the e-mail after the notification. */
async function noticeWithMail(user: AuthUser, type: NotificationType, subject = 'Aviso do jogo') {
  const mails: PendingMail = [];
  await db().transaction(async (tx) => {
    await notify(tx, user.id, type, 'Algo aconteceu no seu jogo.');
    await queueMail(
      tx,
      mails,
      gameNoticeEmail({
        to: user.email,
        name: user.name,
        subject,
        paragraphs: ['Algo aconteceu no seu jogo.'],
        gamePath: '/apply/1',
        publicUrl: t.config.publicUrl,
      }),
    );
  });
  return mails;
}
const mailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(emailOutbox.id);
const tokenOf = (headers: Record<string, string>) => /\/api\/unsubscribe\/([^>]+)>$/.exec(headers['List-Unsubscribe'] ?? '')?.[1] ?? '';

describe('notification settings', () => {
  it('start with everything on, change only what is sent, and keep the rest', async () => {
    const user = await createUser(db());
    const before = await getNotificationSettings(t.app.ctx, user);
    expect(before).toEqual({
      reminders: ALL_ON,
      places: ALL_ON,
      changes: ALL_ON,
      invitations: ALL_ON,
      receipts: ALL_ON,
      organiser: ALL_ON,
      groups: ALL_ON,
      messages: ALL_ON,
    });
    await updateNotificationSettings(t.app.ctx, user, { reminders: { email: false } });
    const after = await updateNotificationSettings(t.app.ctx, user, {
      reminders: { push: false },
      organiser: { email: false, push: false },
    });
    expect(after).toEqual({ ...before, reminders: { email: false, push: false }, organiser: { email: false, push: false } });
    expect(await getNotificationSettings(t.app.ctx, user)).toEqual(after);
  });

  it('an unknown kind or channel is refused by the schema, naming it in Portuguese', () => {
    const unknownKind = updateNotificationSettingsBodySchema.safeParse({ newsletter: { email: false } });
    expect(unknownKind.success).toBe(false);
    expect(unknownKind.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['newsletter'] });
    expect(updateNotificationSettingsBodySchema.safeParse({ places: { sms: true } }).success).toBe(false);
    expect(updateNotificationSettingsBodySchema.safeParse({ places: { email: 'sim' } }).error!.issues[0]!.message).toMatch(/booleano/);
    expect(updateNotificationSettingsBodySchema.safeParse({ places: { push: false } }).success).toBe(true);
  });

  it('each notification type belongs to the same kind in the code and in the database', async () => {
    for (const [type, kind] of Object.entries(kindOfType)) {
      const { rows } = (await db().execute(sql`select notification_kind(${type}) as kind`)) as unknown as { rows: { kind: string }[] };
      expect(rows[0]!.kind, type).toBe(kind);
    }
  });

  it('go with the account’s data export, with its devices', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    await updateNotificationSettings(t.app.ctx, user, { receipts: { email: false } });
    await db().insert(pushSubscriptions).values({ userId: user.id, endpoint: 'https://push.example.com/abc', p256dh: 'p', auth: 'a' });
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.notificationSettings.receipts).toEqual({ email: false, push: true });
    expect(data.pushSubscriptions).toEqual([
      { endpoint: 'https://push.example.com/abc', createdAt: expect.any(String), lastSuccessAt: null },
    ]);
  });

  it('are erased with the account, devices too', async () => {
    const user = await createUser(db());
    await updateNotificationSettings(t.app.ctx, user, { places: { push: false } });
    await db().insert(pushSubscriptions).values({ userId: user.id, endpoint: 'https://push.example.com/erased', p256dh: 'p', auth: 'a' });
    await db()
      .update(users)
      .set({ deletedAt: TEST_NOW, name: '', email: '', phone: null, passwordHash: null })
      .where(eq(users.id, user.id));
    expect(await db().select().from(notificationSettings).where(eq(notificationSettings.userId, user.id))).toEqual([]);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });
});

describe('e-mails a person can turn off', () => {
  it('carry List-Unsubscribe (one click, RFC 8058) and a footer, in the text and the html, saying why and where to change it', async () => {
    const user = await createUser(db());
    const [mail] = await noticeWithMail(user, 'game_reminder');
    const [row] = await mailsTo(user.email);
    expect(row!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/bora\.test\/api\/unsubscribe\/[\w.-]+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.headers).toEqual(row!.headers);
    expect(row!.text).toContain(
      'Você recebeu este e-mail porque os avisos de lembretes de jogos estão ligados na sua conta do Bora Jogar.',
    );
    expect(row!.text).toContain(
      `Para não receber mais e-mails de lembretes de jogos: http://bora.test/api/unsubscribe/${tokenOf(row!.headers)}`,
    );
    expect(row!.text).toContain('http://bora.test/profile');
    expect(row!.html).toContain('Não quero mais e-mails de lembretes de jogos</a>');
    expect(row!.html.indexOf('Não quero mais e-mails')).toBeLessThan(row!.html.indexOf('</table>'));
  });

  it('are not sent when the person turned e-mails of that kind off; other kinds still are', async () => {
    const user = await createUser(db());
    await updateNotificationSettings(t.app.ctx, user, { reminders: { email: false } });
    expect(await noticeWithMail(user, 'game_reminder', 'Lembrete')).toEqual([]);
    await noticeWithMail(user, 'game_cancelled', 'Jogo cancelado');
    expect((await mailsTo(user.email)).map((row) => row.subject)).toEqual(['Jogo cancelado']);
  });

  it('security e-mails always go, without an unsubscribe link, whatever is turned off', async () => {
    const user = await createUser(db());
    for (const kind of ['reminders', 'places', 'changes', 'invitations', 'receipts', 'organiser', 'groups'] as const) {
      await updateNotificationSettings(t.app.ctx, user, { [kind]: { email: false, push: false } });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    await t.app.ctx.mailer.idle();
    const [code] = await mailsTo(user.email);
    expect(code!.subject).toMatch(/^Seu código de recuperação/);
    expect(code!.headers).toEqual({});
    expect(code!.text).not.toContain('/api/unsubscribe/');
  });
});

describe('the unsubscribe link', () => {
  it('a GET only says what it would turn off; the POST turns that kind of e-mail off, pushes untouched, without signing in', async () => {
    const user = await createUser(db());
    await noticeWithMail(user, 'invitation_received');
    const token = tokenOf((await mailsTo(user.email))[0]!.headers);
    expect(await checkUnsubscribeLink(t.app.ctx, token)).toEqual({ kind: 'invitations', kindLabel: 'convites para jogos' });
    expect((await getNotificationSettings(t.app.ctx, user)).invitations).toEqual(ALL_ON);
    expect(await unsubscribeByLink(t.app.ctx, token)).toMatchObject({
      kind: 'invitations',
      message: expect.stringMatching(/^Pronto: você não vai mais receber e-mails de convites/),
    });
    expect(await getNotificationSettings(t.app.ctx, user)).toMatchObject({ invitations: { email: false, push: true }, reminders: ALL_ON });
    // Twice is the same.
    await unsubscribeByLink(t.app.ctx, token);
    expect((await getNotificationSettings(t.app.ctx, user)).invitations).toEqual({ email: false, push: true });
  });

  it('a forged, altered or expired link is a pt-BR 400 and changes nothing', async () => {
    const user = await createUser(db());
    const victim = await createUser(db());
    await noticeWithMail(user, 'game_reminder');
    const token = tokenOf((await mailsTo(user.email))[0]!.headers);
    const [, kind, expiry, signature] = token.split('.');
    const secret = await unsubscribeSecret(db());
    const forged = [
      `${victim.id}.${kind}.${expiry}.${signature}`, // another account
      `${user.id}.places.${expiry}.${signature}`, // another kind
      `${user.id}.${kind}.${(Number.parseInt(expiry!, 36) + 1).toString(36)}.${signature}`, // a later expiry
      signUnsubscribeToken('outro-segredo', { userId: victim.id, kind: 'reminders', expiresAt: new Date(TEST_NOW.getTime() + DAY_MS) }),
      'não-é-um-link',
    ];
    for (const bad of forged) {
      await expect(unsubscribeByLink(t.app.ctx, bad), bad).rejects.toMatchObject({
        code: 'unsubscribe_link_invalid',
        status: 400,
        message: expect.stringMatching(/não é válido/),
      });
      await expect(checkUnsubscribeLink(t.app.ctx, bad)).rejects.toMatchObject({ code: 'unsubscribe_link_invalid' });
    }
    const expired = signUnsubscribeToken(secret, { userId: user.id, kind: 'reminders', expiresAt: new Date(TEST_NOW.getTime() - 1000) });
    await expect(unsubscribeByLink(t.app.ctx, expired)).rejects.toMatchObject({
      code: 'unsubscribe_link_expired',
      status: 400,
      message: expect.stringMatching(/expirou/),
    });
    // A real link, 91 days on, has expired too.
    t.clock.set(new Date(Date.now() + 91 * DAY_MS));
    try {
      await expect(unsubscribeByLink(t.app.ctx, token)).rejects.toMatchObject({ code: 'unsubscribe_link_expired' });
    } finally {
      t.clock.set(TEST_NOW);
    }
    expect(await db().select().from(notificationSettings).where(eq(notificationSettings.userId, victim.id))).toEqual([]);
    expect(await db().select().from(notificationSettings).where(eq(notificationSettings.userId, user.id))).toEqual([]);
  });

  it('its page asks first, with a form that posts the one-click body to the same address', () => {
    const page = unsubscribePage({
      state: 'confirm',
      kindLabel: 'lembretes de jogos',
      actionUrl: 'http://bora.test/api/unsubscribe/x',
      publicUrl: 'http://bora.test',
    });
    expect(page).toContain('Deixar de receber e-mails de lembretes de jogos?');
    expect(page).toContain('<form method="post" action="http://bora.test/api/unsubscribe/x">');
    expect(page).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
  });
});

describe('configuration', () => {
  it('refuses PUSH_ALLOW_LOOPBACK under a public PUBLIC_URL, and half a VAPID pair', () => {
    expect(() => loadConfig({ PUSH_ALLOW_LOOPBACK: 'on', PUBLIC_URL: 'https://borajogar.com.br', PAYMENTS: 'sandbox' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ PUSH_ALLOW_LOOPBACK: 'on', PUBLIC_URL: 'https://borajogar.com.br', PAYMENTS: 'sandbox' })).toThrow(
      /PUSH_ALLOW_LOOPBACK: só para testes/,
    );
    expect(loadConfig({ PUSH_ALLOW_LOOPBACK: 'on', PUBLIC_URL: 'http://127.0.0.1:3000' }).push.allowLoopback).toBe(true);
    expect(loadConfig({}).push).toEqual({
      vapid: undefined,
      subject: 'mailto:nao-responda@borajogar.com.br',
      allowLoopback: false,
      quietHours: true,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(
      /VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY devem ser definidas juntas/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'curta', VAPID_PRIVATE_KEY: 'A'.repeat(43) })).toThrow(
      /VAPID_PUBLIC_KEY: deve ter 65 bytes/,
    );
    expect(loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'A'.repeat(43) }).push.vapid).toEqual({
      publicKey: 'B'.repeat(87),
      privateKey: 'A'.repeat(43),
    });
  });
});
