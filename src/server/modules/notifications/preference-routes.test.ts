import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, DAY_MS } from '../../../../test-support/server/factories';
import { type FakePushService, startPushService } from '../../../../test-support/server/push-service';
import { tableDigest } from '../../../../test-support/server/reads';
import { createTestApp, setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import type { NotificationKind } from '../../../shared/schemas/notification-settings';
import type { AuthUser } from '../../core/context';
import { getNotificationSettings } from '../../core/notifications/get-notification-settings';
import { notify, type PendingMail, queueMail } from '../../core/notifications/notify';
import { signUnsubscribeToken, unsubscribeSecret } from '../../core/notifications/unsubscribe-link';
import { emailOutbox, notificationSettings, pushSubscriptions } from '../../db/schema';
import { urlForLog } from '../../http/observability';
import { gameNoticeEmail } from '../../integrations/mail/templates';

const PUSH_ENV = { PUSH_ALLOW_LOOPBACK: 'on', PUBLIC_URL: 'http://localhost:3000' };
const t = setUpTestApp({ env: PUSH_ENV });
let service: FakePushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

const db = () => t.app.ctx.db;
const ALL_ON = { email: true, push: true };
const devicesOf = (userId: number) => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const settingsRowsOf = (userId: number) => db().select().from(notificationSettings).where(eq(notificationSettings.userId, userId));

describe('push subscriptions', () => {
  it('GET /api/push/public-key gives, without signing in, the 65-byte VAPID key every request gets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json()).toEqual({ publicKey });
  });

  it('POST turns a device on (201) and DELETE turns it off, for the signed-in account only', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const subscription = service.subscribe();
    const payload = { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys };
    const on = await t.app.inject({ method: 'POST', url: '/api/users/me/push-subscriptions', headers, payload });
    expect([on.statusCode, on.json()]).toEqual([201, { message: 'Notificações ativadas neste aparelho.' }]);
    expect((await devicesOf(user.id)).map((device) => [device.endpoint, device.p256dh, device.auth])).toEqual([
      [subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
    ]);

    // Someone else's device is not theirs to remove.
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/push-subscriptions',
      headers: other.headers,
      payload: { endpoint: subscription.endpoint },
    });
    expect(notTheirs.statusCode).toBe(200);
    expect(await devicesOf(user.id)).toHaveLength(1);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/push-subscriptions',
      headers,
      payload: { endpoint: subscription.endpoint },
    });
    expect([off.statusCode, off.json()]).toEqual([200, { message: 'Notificações desativadas neste aparelho.' }]);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('refuses keys of the wrong size, a key off the curve and an endpoint inside the network, in Portuguese, writing nothing', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const { endpoint, keys } = service.subscribe();
    const send = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/users/me/push-subscriptions', headers, payload: payload as object });
    const before = await tableDigest(db());

    const shortKey = await send({ endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } });
    expect([shortKey.statusCode, shortKey.json().code]).toEqual([400, 'validation_failed']);
    expect(shortKey.json().fields['keys.p256dh']).toBe('A chave p256dh deve ser um ponto P-256 não comprimido: 65 bytes em base64url.');
    const longAuth = await send({ endpoint, keys: { ...keys, auth: Buffer.alloc(32, 7).toString('base64url') } });
    expect([longAuth.statusCode, longAuth.json().code, longAuth.json().fields['keys.auth']]).toEqual([
      400,
      'validation_failed',
      'A chave auth deve ter 16 bytes em base64url.',
    ]);
    const offCurve = await send({
      endpoint,
      keys: { ...keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') },
    });
    expect([offCurve.statusCode, offCurve.json().code]).toEqual([400, 'validation_failed']);
    expect(offCurve.json().fields['keys.p256dh']).toContain('65 bytes');
    const inside = await send({ endpoint: 'https://10.0.0.7/push/x', keys });
    expect([inside.statusCode, inside.json().code]).toEqual([400, 'push_endpoint_refused']);
    expect(inside.json().message).toMatch(/^O endereço/);
    const unknownField = await send({ endpoint, keys, browser: 'Chrome' });
    expect([unknownField.statusCode, unknownField.json().code]).toEqual([400, 'validation_failed']);
    const removeNothing = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/push-subscriptions',
      headers,
      payload: { endpoint: '' },
    });
    expect([removeNothing.statusCode, removeNothing.json().code]).toEqual([400, 'validation_failed']);

    expect(await devicesOf(user.id)).toEqual([]);
    expect(await tableDigest(db())).toEqual(before);
  });

  it('is counted per account: past 20 in 15 minutes that account gets 429, another still subscribes', async () => {
    const limited = await createTestApp({ env: { ...PUSH_ENV, RATE_LIMITS: 'on' } });
    try {
      const busy = await createSignedInUser(limited.app);
      const calm = await createSignedInUser(limited.app);
      const subscribe = (headers: Record<string, string>) => {
        const { endpoint, keys } = service.subscribe();
        return limited.app.inject({ method: 'POST', url: '/api/users/me/push-subscriptions', headers, payload: { endpoint, keys } });
      };
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await subscribe(busy.headers)).statusCode);
      expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
      const over = await subscribe(busy.headers);
      expect([statuses[20], over.statusCode, over.json().code]).toEqual([429, 429, 'rate_limited']);
      expect((await subscribe(calm.headers)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('notification settings', () => {
  it('GET starts with everything on; PUT changes only what is sent and answers with every kind', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const read = await t.app.inject({ method: 'GET', url: '/api/users/me/notification-settings', headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      reminders: ALL_ON,
      places: ALL_ON,
      changes: ALL_ON,
      invitations: ALL_ON,
      receipts: ALL_ON,
      organiser: ALL_ON,
      groups: ALL_ON,
      messages: ALL_ON,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-settings',
      headers,
      payload: { places: { push: false }, receipts: { email: false } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...read.json(), places: { email: true, push: false }, receipts: { email: false, push: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/notification-settings', headers })).json()).toEqual(put.json());
    expect(await getNotificationSettings(t.app.ctx, user)).toEqual(put.json());
  });

  it('refuses an unknown kind or channel, or a channel that is not true or false, naming it, and changes nothing', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    for (const payload of [
      { newsletter: { email: false } },
      { places: { sms: false } },
      { places: { email: 'não' } },
      { reminders: false },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/users/me/notification-settings', headers, payload });
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([400, 'validation_failed']);
      expect(res.json().message).toMatch(/^[A-ZÀ-Ú]/);
    }
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-settings',
      headers,
      payload: { newsletter: { email: false } },
    });
    expect(JSON.stringify(unknown.json().fields)).toContain('newsletter');
    expect(await settingsRowsOf(user.id)).toEqual([]);
  });
});

it('every signed-in route of these is a 401 without a token, before reading the body', async () => {
  const { endpoint, keys } = service.subscribe();
  const calls = [
    { method: 'POST', url: '/api/users/me/push-subscriptions', payload: { endpoint, keys } },
    { method: 'DELETE', url: '/api/users/me/push-subscriptions', payload: { endpoint } },
    { method: 'GET', url: '/api/users/me/notification-settings' },
    { method: 'PUT', url: '/api/users/me/notification-settings', payload: { places: { email: false } } },
  ] as const;
  for (const call of calls) {
    const res = await t.app.inject(call);
    expect([res.statusCode, res.json().code], `${call.method} ${call.url}`).toEqual([401, 'unauthenticated']);
  }
  expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
});

describe('the unsubscribe link', () => {
  /** A notice and its e-mail, written as a use case writes them; the e-mail's List-Unsubscribe address. */
  async function mailedLink(user: AuthUser): Promise<string> {
    const mails: PendingMail = [];
    await db().transaction(async (tx) => {
      await notify(tx, user.id, 'game_reminder', 'Seu jogo é amanhã.');
      await queueMail(
        tx,
        mails,
        gameNoticeEmail({
          to: user.email,
          name: user.name,
          subject: 'Lembrete',
          paragraphs: ['Seu jogo é amanhã.'],
          gamePath: '/apply/1',
          publicUrl: t.config.publicUrl,
        }),
      );
    });
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    return /^<(.+)>$/.exec(row!.headers['List-Unsubscribe'] ?? '')![1]!;
  }
  const tokenFor = async (user: AuthUser, kind: NotificationKind) =>
    signUnsubscribeToken(await unsubscribeSecret(db()), { userId: user.id, kind, expiresAt: new Date(TEST_NOW.getTime() + DAY_MS) });
  const oneClick = (url: string, body = 'List-Unsubscribe=One-Click', contentType = 'application/x-www-form-urlencoded') =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: body });

  it('of an e-mail is exactly this route: its one-click POST (RFC 8058) turns that kind of e-mail off, pushes and other kinds untouched', async () => {
    const user = await createUser(db());
    const link = new URL(await mailedLink(user));
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toMatch(/^\/api\/unsubscribe\/\d+\.reminders\.[0-9a-z]+\.[\w-]{22}$/);
    const res = await oneClick(link.pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('E-mails desligados');
    expect(res.body).toContain('Pronto: você não vai mais receber e-mails de lembretes de jogos.');
    expect(await getNotificationSettings(t.app.ctx, user)).toMatchObject({ reminders: { email: false, push: true }, places: ALL_ON });
    // A second e-mail of that kind is no longer written.
    await db().transaction(async (tx) => {
      await notify(tx, user.id, 'game_reminder', 'Outro lembrete.');
      await queueMail(
        tx,
        [],
        gameNoticeEmail({
          to: user.email,
          name: user.name,
          subject: 'De novo',
          paragraphs: ['Outro.'],
          gamePath: '/apply/1',
          publicUrl: t.config.publicUrl,
        }),
      );
    });
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).map((row) => row.subject)).toEqual(['Lembrete']);
  });

  it('GET shows the question and a form posting the one-click body back to the link, and changes nothing', async () => {
    const user = await createUser(db());
    const token = await tokenFor(user, 'invitations');
    const res = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect(res.body).toContain('Deixar de receber e-mails de convites para jogos?');
    expect(res.body).toContain(`<form method="post" action="http://localhost:3000/api/unsubscribe/${token}">`);
    expect(res.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(await settingsRowsOf(user.id)).toEqual([]);
  });

  it('the POST takes the form urlencoded, as multipart/form-data, or with no body at all', async () => {
    const boundary = '----bora-teste';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const sends = [
      (url: string) => oneClick(url),
      (url: string) => oneClick(url, multipart, `multipart/form-data; boundary=${boundary}`),
      (url: string) => t.app.inject({ method: 'POST', url }),
    ];
    for (const [i, send] of sends.entries()) {
      const user = await createUser(db());
      const res = await send(`/api/unsubscribe/${await tokenFor(user, 'places')}`);
      expect(res.statusCode, `pedido ${i}`).toBe(200);
      expect((await getNotificationSettings(t.app.ctx, user)).places, `pedido ${i}`).toEqual({ email: false, push: true });
    }
  });

  it('a forged or expired link is a 400: a page saying so for a browser, {code, message} for a mail program; nothing changes', async () => {
    const user = await createUser(db());
    const victim = await createUser(db());
    const [, kind, expiry, signature] = (await tokenFor(user, 'reminders')).split('.');
    const expired = signUnsubscribeToken(await unsubscribeSecret(db()), {
      userId: user.id,
      kind: 'reminders',
      expiresAt: new Date(TEST_NOW.getTime() - 1000),
    });
    const before = await tableDigest(db());
    const cases = [
      [`${victim.id}.${kind}.${expiry}.${signature}`, 'Este link para deixar de receber e-mails não é válido.'],
      [
        signUnsubscribeToken('outro-segredo', { userId: victim.id, kind: 'places', expiresAt: new Date(TEST_NOW.getTime() + DAY_MS) }),
        'não é válido',
      ],
      [`${user.id}.newsletter.${expiry}.${signature}`, 'não é válido'],
      [expired, 'Este link para deixar de receber e-mails expirou.'],
    ];
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const [token, message] of cases) {
      const url = `/api/unsubscribe/${token}`;
      for (const res of [
        await t.app.inject({ method: 'GET', url, headers: browser }),
        await t.app.inject({
          method: 'POST',
          url,
          headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        }),
      ]) {
        expect(res.statusCode, token).toBe(400);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('Link inválido');
        expect(res.body).toContain(message);
      }
      for (const res of [await t.app.inject({ method: 'GET', url }), await oneClick(url)]) {
        expect(res.statusCode, token).toBe(400);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.json().code).toBe(message!.includes('expirou') ? 'unsubscribe_link_expired' : 'unsubscribe_link_invalid');
        expect(res.json().message).toContain(message);
      }
    }
    expect(await tableDigest(db())).toEqual(before);
  });

  it('refuses another body (pt-BR 400), a JSON one (415) and one past its small limit (413), changing nothing', async () => {
    const user = await createUser(db());
    const url = `/api/unsubscribe/${await tokenFor(user, 'reminders')}`;
    const wrong = await oneClick(url, 'List-Unsubscribe=Tudo');
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'validation_failed']);
    expect(wrong.json().message).toBe('O corpo do pedido deve ser List-Unsubscribe=One-Click.');
    const extra = await oneClick(url, 'List-Unsubscribe=One-Click&email=outro@exemplo.com.br');
    expect([extra.statusCode, extra.json().code]).toEqual([400, 'validation_failed']);
    const json = await oneClick(url, JSON.stringify({ 'List-Unsubscribe': 'One-Click' }), 'application/json');
    expect([json.statusCode, json.json().code]).toEqual([415, 'unsupported_media_type']);
    const huge = await oneClick(url, `List-Unsubscribe=One-Click&x=${'a'.repeat(4096)}`);
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'payload_too_large']);
    expect(await settingsRowsOf(user.id)).toEqual([]);
  });

  it('is kept out of the logs as its pattern', () => {
    expect(urlForLog('/api/unsubscribe/12.places.abc.AAAAAAAAAAAAAAAAAAAAAA?x=1')).toBe('/api/unsubscribe/:token');
    expect(urlForLog('//api//unsubscribe//12.places.abc.x')).toBe('/api/unsubscribe/:token');
  });

  it('is rate limited per address, GET and POST together', async () => {
    const limited = await createTestApp({ env: { RATE_LIMITS: 'on' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++) {
        statuses.push(
          (await limited.app.inject({ method: i % 2 ? 'POST' : 'GET', url: `/api/unsubscribe/${i}.places.x.AAAAAAAAAAAAAAAAAAAAAA` }))
            .statusCode,
        );
      }
      expect(statuses.slice(0, 120).every((status) => status === 400)).toBe(true);
      expect(statuses[120]).toBe(429);
      const other = await limited.app.inject({ method: 'GET', url: '/api/unsubscribe/x', remoteAddress: '203.0.113.9' });
      expect(other.statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
