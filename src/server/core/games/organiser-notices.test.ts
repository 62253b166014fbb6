import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
  seriesTemplateOfGame,
} from '../../../../test-support/server/factories';
import { type FakePushService, startPushService } from '../../../../test-support/server/push-service';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { emailOutbox, notifications, payments, pushOutbox, pushSubscriptions, series } from '../../db/schema';
import { subscribePush } from '../notifications/subscribe-push';
import { settlePaidPayment } from '../payments/settle-payment';
import { updateNotificationSettings } from '../notifications/update-notification-settings';

// An organiser hears of each new player of their games (confirmed or in line) and of each new mensalista of their
// series: a notice (pushed to their devices) and an e-mail, each as their `organiser` preference says. The one-statement
// apply and the full path write the same rows (modules/games/apply-paths.test.ts); here, that they are written at all.

const t = setUpTestApp({ env: { PUSH_ALLOW_LOOPBACK: 'on', PUBLIC_URL: 'http://localhost:3000' } });
const db = () => t.app.ctx.db;
let service: FakePushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

const noticesOf = (userId: number) =>
  db()
    .select({ id: notifications.id, type: notifications.type, message: notifications.message, gameId: notifications.gameId })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
const mailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(asc(emailOutbox.id));
const pushesOf = (userId: number) =>
  db()
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(eq(pushSubscriptions.userId, userId));

async function apply(headers: Record<string, string>, gameId: number, payload: Record<string, unknown> = { paymentType: 'credit' }) {
  const res = await t.app.inject({ method: 'POST', url: `/api/games/${gameId}/apply`, headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  // The one-statement path queues the organiser's e-mail right after its reply.
  await t.app.ctx.mailer.idle();
  return res.json<{ registrationType: string }>();
}

async function playerWithCredits(name: string) {
  const player = await createSignedInUser(t.app, { name });
  await addCredits(db(), player.user.id, 5000);
  return player;
}

describe("an organiser's news", () => {
  it('a credit apply (the one-statement path) tells the organiser, pushes it to their device and e-mails them', async () => {
    const organiser = await createUser(db(), { name: 'Olga Organizadora' });
    await subscribePush(t.app.ctx, organiser, service.subscribe());
    const game = await createGame(db(), { creatorId: organiser.id, name: 'Vôlei do parque', totalSlots: 1 });
    const ana = await playerWithCredits('Ana Souza');
    expect((await apply(ana.headers, game.id)).registrationType).toBe('confirmed');
    const bia = await playerWithCredits('Bia Lima');
    expect((await apply(bia.headers, game.id)).registrationType).toBe('waitlist');

    expect(await noticesOf(organiser.id)).toEqual([
      expect.objectContaining({
        type: 'new_registration',
        gameId: game.id,
        message: 'Nova inscrição em Vôlei do parque (27/11/2026 às 09:00): Ana Souza',
      }),
      expect.objectContaining({
        type: 'new_registration',
        gameId: game.id,
        message: 'Nova inscrição na lista de espera de Vôlei do parque (27/11/2026 às 09:00): Bia Lima',
      }),
    ]);
    const mails = await mailsTo(organiser.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Nova inscrição: Vôlei do parque', 'Nova inscrição: Vôlei do parque']);
    expect(mails[0]!.text).toContain('Ana Souza se inscreveu em Vôlei do parque (27/11/2026 às 09:00).');
    expect(mails[1]!.text).toContain('Bia Lima entrou na lista de espera de Vôlei do parque (27/11/2026 às 09:00).');
    expect(mails[0]!.headers).toMatchObject({ 'List-Unsubscribe': expect.stringMatching(/\.organiser\./) });
    // One push per notice to the organiser's device (queued by the database with the notice, or already delivered).
    const delivered = service.received.filter((push) => push.message.title === 'Nova inscrição no seu jogo');
    expect(delivered.length + (await pushesOf(organiser.id)).length).toBe(2);
  });

  it('the full path (a card hold paid later, the waitlist route) tells the organiser too', async () => {
    const organiser = await createUser(db());
    const game = await createGame(db(), { creatorId: organiser.id, name: 'Vôlei da praia', totalSlots: 1 });
    const ana = await playerWithCredits('Ana Pereira');
    // A place held for a card payment is no news until the payment confirms it.
    const held = await t.app.inject({
      method: 'POST',
      url: `/api/games/${game.id}/apply`,
      headers: ana.headers,
      payload: { paymentType: 'stripe' },
    });
    expect(held.json().registrationType, held.body).toBe('pending');
    expect(await noticesOf(organiser.id)).toEqual([]);
    const [payment] = await db().select({ id: payments.id }).from(payments).where(eq(payments.userId, ana.user.id));
    await settlePaidPayment(t.app.ctx, payment!.id, 'pi_teste');
    const bia = await createSignedInUser(t.app, { name: 'Bia Costa' });
    const lined = await t.app.inject({ method: 'POST', url: `/api/games/${game.id}/waitlist`, headers: bia.headers, payload: {} });
    expect(lined.statusCode, lined.body).toBe(200);

    expect((await noticesOf(organiser.id)).map((notice) => notice.message)).toEqual([
      'Nova inscrição em Vôlei da praia (27/11/2026 às 09:00): Ana Pereira',
      'Nova inscrição na lista de espera de Vôlei da praia (27/11/2026 às 09:00): Bia Costa',
    ]);
    expect(await mailsTo(organiser.email)).toHaveLength(2);
  });

  it('follows the organiser preference: e-mails off keeps the notice, pushes off queues none', async () => {
    const organiser = await createUser(db());
    await subscribePush(t.app.ctx, organiser, service.subscribe());
    await updateNotificationSettings(t.app.ctx, organiser, { organiser: { email: false, push: false } });
    const game = await createGame(db(), { creatorId: organiser.id, name: 'Vôlei calado' });
    await apply((await playerWithCredits('Caio Dias')).headers, game.id);
    expect(await noticesOf(organiser.id)).toHaveLength(1);
    expect(await mailsTo(organiser.email)).toEqual([]);
    expect(await pushesOf(organiser.id)).toEqual([]);
    expect(service.received.filter((push) => push.message.body.endsWith('Caio Dias'))).toEqual([]);
  });

  it('nobody is told when an administrator created the game, or when the organiser joins their own game', async () => {
    const admin = await createUser(db(), { role: 'admin' });
    const platformGame = await createGame(db(), { creatorId: admin.id });
    await apply((await playerWithCredits('Duda Reis')).headers, platformGame.id);
    expect(await noticesOf(admin.id)).toEqual([]);
    expect(await mailsTo(admin.email)).toEqual([]);

    const organiser = await playerWithCredits('Eva Nunes');
    const own = await createGame(db(), { creatorId: organiser.user.id, visibility: 'private' });
    await apply(organiser.headers, own.id, { paymentType: 'credit', privateLink: own.privateLink });
    expect((await noticesOf(organiser.user.id)).map((notice) => notice.type)).toEqual(['registration_confirmed']);
  });

  it('a new mensalista is news to the series organiser', async () => {
    const organiser = await createUser(db(), { name: 'Olavo' });
    const model = await createGame(db(), { creatorId: organiser.id, name: 'Racha de quinta', state: 'draft' });
    const [row] = await db()
      .insert(series)
      .values({
        creatorId: organiser.id,
        firstDateTime: new Date(TEST_NOW.getTime() + 60 * DAY_MS),
        occurrences: 4,
        memberSlots: 3,
        template: seriesTemplateOfGame(model),
      })
      .returning();
    const player = await createSignedInUser(t.app, { name: 'Fábio Melo' });
    const joined = await t.app.inject({ method: 'POST', url: `/api/series/${row!.id}/members`, headers: player.headers, payload: {} });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await noticesOf(organiser.id)).toEqual([
      expect.objectContaining({ type: 'new_series_member', gameId: null, message: 'Novo mensalista em Racha de quinta: Fábio Melo' }),
    ]);
    const [mail] = await mailsTo(organiser.email);
    expect(mail).toMatchObject({ subject: 'Novo mensalista: Racha de quinta' });
    expect(mail!.text).toContain(`Fábio Melo virou mensalista de Racha de quinta.\n\nVeja: http://localhost:3000/my-series/${row!.id}`);
  });

  it("erasing the player's account takes their name out of the organiser's notice and e-mail", async () => {
    const organiser = await createUser(db());
    const game = await createGame(db(), { creatorId: organiser.id, name: 'Vôlei da noite', usePlatformPayment: false });
    const other = await createUser(db(), { name: 'Gil' });
    await createRegistration(db(), { gameId: game.id, userId: other.id, status: 'confirmed' });
    const player = await createSignedInUser(t.app, { name: 'Gil' });
    await apply(player.headers, game.id, {});
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: player.headers,
      payload: { password: 'senha-forte-123' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await noticesOf(organiser.id)).map((notice) => notice.message)).toEqual([
      'Nova inscrição em Vôlei da noite (27/11/2026 às 09:00): Conta excluída',
    ]);
    const [mail] = await mailsTo(organiser.email);
    expect(mail!.text).toContain('Conta excluída se inscreveu em Vôlei da noite');
    expect(mail!.text).not.toContain('Gil');
    expect(mail!.html).not.toContain('Gil');
    const stillNamed = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, organiser.id), eq(notifications.aboutUserId, player.user.id)));
    expect(stillNamed).toHaveLength(1);
  });
});
