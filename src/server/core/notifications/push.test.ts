import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGame, createRegistration, createUser, HOUR_MS } from '../../../../test-support/server/factories';
import { type FakePushService, type FakeSubscription, startPushService } from '../../../../test-support/server/push-service';
import {
  createSecondInstance,
  createTestApp,
  isPostgres,
  raced,
  setUpTestApp,
  TEST_NOW,
  type TestApp,
} from '../../../../test-support/server/test-app';
import { games, pushOutbox, pushSubscriptions, states } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../context';
import { lockGame } from '../games/registration-guards';
import { promoteWaitlist } from '../games/promote-waitlist';
import { getPushPublicKey } from './get-push-public-key';
import { notify, type PendingMail } from './notify';
import { deliverDuePushes, pushDeliveryJob } from './push-delivery';
import { removePushSubscription } from './remove-push-subscription';
import { subscribePush } from './subscribe-push';
import { updateNotificationSettings } from './update-notification-settings';

const PUSH_ENV = { PUSH_ALLOW_LOOPBACK: 'on', PUBLIC_URL: 'http://localhost:3000' };
const t = setUpTestApp({ env: PUSH_ENV });
let service: FakePushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());
afterEach(() => {
  t.clock.set(TEST_NOW);
  service.received.length = 0;
  service.rejected.length = 0;
});

const db = () => t.app.ctx.db;
/** An account with one device subscribed (more with `devices`). */
async function subscribedUser(devices = 1): Promise<{ user: AuthUser; subscriptions: FakeSubscription[] }> {
  const user = await createUser(db());
  const subscriptions: FakeSubscription[] = [];
  for (let i = 0; i < devices; i++) {
    const subscription = service.subscribe();
    await subscribePush(t.app.ctx, user, subscription);
    subscriptions.push(subscription);
  }
  return { user, subscriptions };
}
const notifyNow = (userId: number, type: Parameters<typeof notify>[2], message: string, gameId?: number) =>
  db().transaction((tx) => notify(tx, userId, type, message, gameId));
const queued = (userId: number) =>
  db()
    .select({ id: pushOutbox.id, attempts: pushOutbox.attempts, nextAttemptAt: pushOutbox.nextAttemptAt, error: pushOutbox.error })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(eq(pushSubscriptions.userId, userId));
const devicesOf = (userId: number) => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('a push for every notification', () => {
  it('a place offered from the waitlist reaches the device: signed with VAPID, encrypted for its keys, with title, text and link', async () => {
    const game = await createGame(db(), { totalSlots: 1 });
    const holder = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: holder.id, status: 'confirmed' });
    const { user, subscriptions } = await subscribedUser();
    await createRegistration(db(), { gameId: game.id, userId: user.id, status: 'waitlist' });
    // A place opens (the organiser adds one) and the first in line, without credits, is offered it with a deadline.
    const mails: PendingMail = [];
    await db().transaction(async (tx) => {
      await tx.update(games).set({ totalSlots: 2 }).where(eq(games.id, game.id));
      await promoteWaitlist(tx, t.app.ctx, await lockGame(tx, game.id), mails);
    });
    expect(await queued(user.id)).toHaveLength(1);

    expect(await deliverDuePushes(t.app.ctx)).toBe(1);
    expect(service.rejected).toEqual([]);
    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push!.subscriptionId).toBe(subscriptions[0]!.id);
    expect(push!.message).toMatchObject({ title: 'Abriu uma vaga para você', url: `/apply/${game.id}` });
    expect(push!.message.body).toContain(game.name);
    expect(push!.message.body).toContain('20/11/2026 às 11:00');
    expect(push!.vapidKey).toBe((await getPushPublicKey(t.app.ctx)).publicKey);
    expect(push!.claims).toMatchObject({ aud: service.url, sub: 'mailto:nao-responda@borajogar.com.br' });
    expect(push!.urgency).toBe('high');
    // Delivered once: nothing left to send, and the device is known to work.
    expect(await queued(user.id)).toEqual([]);
    expect(await deliverDuePushes(t.app.ctx)).toBe(0);
    expect(service.received).toHaveLength(1);
    expect((await devicesOf(user.id))[0]!.lastSuccessAt).not.toBeNull();
  });

  it('goes to every device of the person, once each, and to nobody else', async () => {
    const { user, subscriptions } = await subscribedUser(2);
    const other = await subscribedUser();
    await notifyNow(user.id, 'credits_added', 'R$ 10,00 em créditos foram adicionados.');
    await deliverDuePushes(t.app.ctx);
    expect(service.received.map((push) => push.subscriptionId).sort()).toEqual(subscriptions.map((s) => s.id).sort());
    expect(service.received.every((push) => push.message.title === 'Créditos adicionados' && push.message.url === '/notifications')).toBe(
      true,
    );
    expect(service.received.map((push) => push.subscriptionId)).not.toContain(other.subscriptions[0]!.id);
  });

  it('the job delivers what was queued, as the instance that committed would have', async () => {
    const { user } = await subscribedUser();
    await notifyNow(user.id, 'game_reminder', 'Lembrete: seu jogo é amanhã.');
    const job = pushDeliveryJob(t.app.ctx);
    expect(job).toMatchObject({ name: 'push-delivery', changesReads: false });
    await job.run();
    expect(service.received.map((push) => push.message.title)).toEqual(['Lembrete de jogo']);
  });

  it('a notification rolled back queues nothing', async () => {
    const { user } = await subscribedUser();
    await expect(
      db().transaction(async (tx) => {
        await notify(tx, user.id, 'game_reminder', 'Lembrete que não aconteceu.');
        throw new Error('a mudança falhou');
      }),
    ).rejects.toThrow('a mudança falhou');
    expect(await queued(user.id)).toEqual([]);
  });

  it('respects the person’s push setting for the notification’s kind', async () => {
    const { user } = await subscribedUser();
    await updateNotificationSettings(t.app.ctx, user, { reminders: { push: false } });
    await notifyNow(user.id, 'game_reminder', 'Lembrete: seu jogo é amanhã.');
    await notifyNow(user.id, 'game_cancelled', 'O jogo foi cancelado.');
    await deliverDuePushes(t.app.ctx);
    expect(service.received.map((push) => push.message.title)).toEqual(['Jogo cancelado']);
  });

  it.runIf(isPostgres)(raced('two instances delivering at once send each push once'), async () => {
    const second = await createSecondInstance(t, { env: PUSH_ENV });
    try {
      const { user } = await subscribedUser(3);
      for (let i = 0; i < 10; i++) await notifyNow(user.id, 'game_changed', `Mudança ${i}`);
      await Promise.all([
        deliverDuePushes(t.app.ctx),
        deliverDuePushes(second.app.ctx),
        deliverDuePushes(t.app.ctx),
        deliverDuePushes(second.app.ctx),
      ]);
      expect(service.rejected).toEqual([]);
      const sent = service.received.map((push) => `${push.subscriptionId} ${push.message.tag}`);
      expect(sent).toHaveLength(30);
      expect(new Set(sent).size).toBe(30);
      expect(await queued(user.id)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('what the push service answers', () => {
  it.each([404, 410])('%i: the subscription is removed, with what was still queued for it', async (status) => {
    const { user, subscriptions } = await subscribedUser(2);
    service.answer(subscriptions[0]!, status);
    await notifyNow(user.id, 'game_changed', 'O horário mudou.');
    await notifyNow(user.id, 'game_changed', 'O local mudou.');
    await deliverDuePushes(t.app.ctx);
    expect((await devicesOf(user.id)).map((device) => device.endpoint)).toEqual([subscriptions[1]!.endpoint]);
    expect(service.received.map((push) => push.subscriptionId)).toEqual([subscriptions[1]!.id, subscriptions[1]!.id]);
    expect(await queued(user.id)).toEqual([]);
  });

  it('a failure that may pass is tried again later, with a growing wait', async () => {
    const { user, subscriptions } = await subscribedUser();
    service.answer(subscriptions[0]!, 503);
    await notifyNow(user.id, 'refund_processed', 'Seu reembolso foi feito.');
    await deliverDuePushes(t.app.ctx);
    const [waiting] = await queued(user.id);
    expect(waiting).toMatchObject({
      attempts: 1,
      error: expect.stringContaining('HTTP 503'),
      nextAttemptAt: new Date(TEST_NOW.getTime() + 15_000),
    });
    // Not before its time; then, the service back, delivered.
    service.answer(subscriptions[0]!, 201);
    await deliverDuePushes(t.app.ctx);
    expect(service.received).toEqual([]);
    t.clock.advance(15_000);
    await deliverDuePushes(t.app.ctx);
    expect(service.received.map((push) => push.message.title)).toEqual(['Reembolso feito']);
    expect(await queued(user.id)).toEqual([]);
  });
});

describe('quiet hours', () => {
  /** 23:30 in São Paulo (UTC−3), the zone of a game without a state. */
  const LATE_IN_SAO_PAULO = new Date('2026-11-21T02:30:00Z');
  const SEVEN_IN_SAO_PAULO = new Date('2026-11-21T10:00:00Z');

  it('holds a push between 22:00 and 07:00 in the game’s zone and sends it at 07:00', async () => {
    const game = await createGame(db());
    const { user } = await subscribedUser();
    t.clock.set(LATE_IN_SAO_PAULO);
    await notifyNow(user.id, 'game_changed', 'O horário do jogo mudou.', game.id);
    await deliverDuePushes(t.app.ctx);
    expect(service.received).toEqual([]);
    expect(await queued(user.id)).toEqual([expect.objectContaining({ attempts: 0, nextAttemptAt: SEVEN_IN_SAO_PAULO })]);
    t.clock.set(new Date(SEVEN_IN_SAO_PAULO.getTime() - 60_000));
    await deliverDuePushes(t.app.ctx);
    expect(service.received).toEqual([]);
    t.clock.set(SEVEN_IN_SAO_PAULO);
    await deliverDuePushes(t.app.ctx);
    expect(service.received.map((push) => push.message.title)).toEqual(['O jogo mudou']);
  });

  it('with PUSH_QUIET_HOURS=off sends at 23:30 at once', async () => {
    const game = await createGame(db());
    const { user } = await subscribedUser();
    t.clock.set(LATE_IN_SAO_PAULO);
    await notifyNow(user.id, 'game_changed', 'O horário do jogo mudou.', game.id);
    const { config } = t.app.ctx;
    await deliverDuePushes({ ...t.app.ctx, config: { ...config, push: { ...config.push, quietHours: false } } });
    expect(service.received.map((push) => push.message.body)).toEqual(['O horário do jogo mudou.']);
    expect(await queued(user.id)).toEqual([]);
  });

  it('counts the hours on the clocks where the game is: 23:30 in São Paulo is 22:30 in Manaus, quiet there too, but 21:30 is not', async () => {
    // A game's zone is its state's (kept by the database).
    const [amazonas] = await db().select({ id: states.id }).from(states).where(eq(states.uf, 'AM'));
    const manaus = await createGame(db(), { stateId: amazonas!.id });
    expect(manaus.timeZone).toBe('America/Manaus');
    const { user } = await subscribedUser();
    t.clock.set(LATE_IN_SAO_PAULO);
    await notifyNow(user.id, 'game_changed', 'Mudou às 22:30 de Manaus.', manaus.id);
    await deliverDuePushes(t.app.ctx);
    expect(service.received).toEqual([]);
    t.clock.set(new Date('2026-11-21T01:30:00Z')); // 22:30 in São Paulo, 21:30 in Manaus
    await notifyNow(user.id, 'game_changed', 'Mudou às 21:30 de Manaus.', manaus.id);
    await deliverDuePushes(t.app.ctx);
    expect(service.received.map((push) => push.message.body)).toEqual(['Mudou às 21:30 de Manaus.']);
  });

  it('lets through a place offered with a payment deadline before 07:00, and holds one whose deadline is later', async () => {
    const game = await createGame(db());
    const early = await subscribedUser();
    const later = await subscribedUser();
    t.clock.set(LATE_IN_SAO_PAULO);
    for (const [{ user }, deadline] of [
      [early, new Date(LATE_IN_SAO_PAULO.getTime() + 2 * HOUR_MS)],
      [later, new Date(SEVEN_IN_SAO_PAULO.getTime() + HOUR_MS)],
    ] as const) {
      await createRegistration(db(), { gameId: game.id, userId: user.id, status: 'pending', paymentDeadline: deadline });
      await notifyNow(user.id, 'promotion_awaiting_payment', 'Abriu uma vaga: pague até o prazo.', game.id);
    }
    await deliverDuePushes(t.app.ctx);
    expect(service.received.map((push) => push.subscriptionId)).toEqual([early.subscriptions[0]!.id]);
    expect(await queued(later.user.id)).toEqual([expect.objectContaining({ nextAttemptAt: SEVEN_IN_SAO_PAULO })]);
  });
});

describe('subscriptions', () => {
  it('an endpoint is one browser: subscribing again from another account moves it, dropping what was queued for the first', async () => {
    const first = await subscribedUser();
    await notifyNow(first.user.id, 'game_changed', 'Só para a primeira conta.');
    const second = await createUser(db());
    await subscribePush(t.app.ctx, second, first.subscriptions[0]!);
    expect(await devicesOf(first.user.id)).toEqual([]);
    expect(await devicesOf(second.id)).toHaveLength(1);
    await deliverDuePushes(t.app.ctx);
    expect(service.received).toEqual([]);
  });

  it('turning a device off removes it and its queued pushes; another account’s device is left alone', async () => {
    const { user, subscriptions } = await subscribedUser();
    const other = await subscribedUser();
    await notifyNow(user.id, 'game_changed', 'Ia para o aparelho desligado.');
    const [device] = await devicesOf(user.id);
    await removePushSubscription(t.app.ctx, other.user, { endpoint: subscriptions[0]!.endpoint });
    expect(await devicesOf(user.id)).toHaveLength(1);
    expect(await removePushSubscription(t.app.ctx, user, { endpoint: subscriptions[0]!.endpoint })).toEqual({
      message: 'Notificações desativadas neste aparelho.',
    });
    expect(await devicesOf(user.id)).toEqual([]);
    expect(await db().select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device!.id))).toEqual([]);
  });

  it('an account keeps its 10 newest devices', async () => {
    const { user, subscriptions } = await subscribedUser(11);
    const kept = (await devicesOf(user.id)).map((device) => device.endpoint);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(subscriptions[0]!.endpoint);
  });

  it('refuses a public key that is not a point of the P-256 curve, writing nothing', async () => {
    const user = await createUser(db());
    const subscription = service.subscribe();
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const refused = await subscribePush(t.app.ctx, user, { ...subscription, keys: { ...subscription.keys, p256dh: notOnCurve } }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'validation_failed', fields: { 'keys.p256dh': expect.stringContaining('65 bytes') } });
    expect(await devicesOf(user.id)).toEqual([]);
  });
});

describe('endpoints the server may not call', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(() => strict.close());

  it.each([
    ['loopback', 'https://127.0.0.1/push/x'],
    ['loopback by name', 'https://localhost/push/x'],
    ['IPv6 loopback', 'https://[::1]/push/x'],
    ['a private network', 'https://10.0.0.7/push/x'],
    ['a home network', 'https://192.168.1.10/push/x'],
    ['CGNAT', 'https://100.64.0.1/push/x'],
    ['the cloud metadata service', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 metadata (unique local)', 'https://[fd00:ec2::254]/push/x'],
    ['IPv6 link-local', 'https://[fe80::1]/push/x'],
    ['a private address mapped into IPv6', 'https://[::ffff:192.168.0.1]/push/x'],
    ['multicast', 'https://224.0.0.1/push/x'],
    ['plain http', 'http://8.8.8.8/push/x'],
    ['another port', 'https://8.8.8.8:8443/push/x'],
    ['credentials', 'https://user:secret@8.8.8.8/push/x'],
  ])('refuses %s without PUSH_ALLOW_LOOPBACK, writing nothing', async (_what, endpoint) => {
    const user = await createUser(strict.app.ctx.db);
    const { keys } = service.subscribe();
    const refused = await subscribePush(strict.app.ctx, user, { endpoint, keys }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'push_endpoint_refused', status: 400 });
    expect((refused as AppError).message).toMatch(/^O endereço/);
    expect(await strict.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });

  it('checks again at send time: a subscription whose endpoint now leads inside is removed, and nothing is sent', async () => {
    const user = await createUser(strict.app.ctx.db);
    const { keys } = service.subscribe();
    // As if its name resolved to a public address when it subscribed and to this service's loopback one now.
    await strict.app.ctx.db.insert(pushSubscriptions).values({ userId: user.id, endpoint: `${service.url}/push/rebound`, ...keys });
    await strict.app.ctx.db.transaction((tx) => notify(tx, user.id, 'game_changed', 'Não deve sair.'));
    await deliverDuePushes(strict.app.ctx);
    expect(service.received).toEqual([]);
    expect(service.rejected).toEqual([]);
    expect(await strict.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    expect(await strict.app.ctx.db.select().from(pushOutbox)).toEqual([]);
  });
});
