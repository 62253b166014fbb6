import { and, eq } from 'drizzle-orm';
import { expectAvisoPreferences, mailsTo, pushesQueuedFor, subscribed } from '../../../../test-support/server/avisos';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGame, createRegistration, createSignedInUser, DAY_MS, HOUR_MS } from '../../../../test-support/server/factories';
import { type FakePushService, startPushService } from '../../../../test-support/server/push-service';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { gameMessageTexts } from '../../../shared/game-message-texts';
import { deliverDuePushes } from '../../core/notifications/push-delivery';
import { gameEvents, gameMessages, notifications } from '../../db/schema';

const t = setUpTestApp({ env: { PUSH_ALLOW_LOOPBACK: 'on', PUBLIC_URL: 'http://localhost:3000' } });
const db = () => t.app.ctx.db;
type Headers = Record<string, string>;
let service: FakePushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());
beforeEach(() => {
  t.clock.set(TEST_NOW);
  service.received.length = 0;
});

const send = (gameId: number, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/user-games/${gameId}/messages`, headers, payload: payload as object });
const read = (gameId: number, headers: Headers) => t.app.inject({ method: 'GET', url: `/api/games/${gameId}/messages`, headers });

/** A game by Ana Souza with a confirmed player, one awaiting payment, one on the waitlist and one who left. */
async function gameWithPlayers() {
  const organiser = await createSignedInUser(t.app, { name: 'Ana Souza' });
  const game = await createGame(db(), { creatorId: organiser.user.id, name: 'Vôlei de quinta' });
  const confirmed = await createSignedInUser(t.app, { name: 'Bia Lima' });
  const pending = await createSignedInUser(t.app, { name: 'Caio Reis' });
  const waitlisted = await createSignedInUser(t.app, { name: 'Duda Melo' });
  const left = await createSignedInUser(t.app, { name: 'Edu Dias' });
  await createRegistration(db(), { gameId: game.id, userId: confirmed.user.id, status: 'confirmed' });
  await createRegistration(db(), {
    gameId: game.id,
    userId: pending.user.id,
    status: 'pending',
    paymentDeadline: new Date(TEST_NOW.getTime() + HOUR_MS),
  });
  await createRegistration(db(), { gameId: game.id, userId: waitlisted.user.id, status: 'waitlist' });
  await createRegistration(db(), { gameId: game.id, userId: left.user.id, status: 'cancelled' });
  return { organiser, game, confirmed, pending, waitlisted, left };
}

const noticesOf = (userId: number) =>
  db().select({ type: notifications.type, message: notifications.message }).from(notifications).where(eq(notifications.userId, userId));
const storedOf = (gameId: number) => db().select().from(gameMessages).where(eq(gameMessages.gameId, gameId));

describe('POST /api/user-games/{id}/messages', () => {
  it('sends the confirmed players (and those awaiting payment) an aviso naming the sender: stored, notified, e-mailed, in the history', async () => {
    const { organiser, game, confirmed, pending, waitlisted, left } = await gameWithPlayers();
    const res = await send(game.id, organiser.headers, { text: '  Quadra 2 hoje, tragam água.  ', audience: 'confirmed' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Aviso enviado para 2 pessoas.',
      recipients: 2,
      sent: { text: 'Quadra 2 hoje, tragam água.', audience: 'confirmed', sender: { id: organiser.user.id, name: 'Ana Souza' } },
    });
    for (const player of [confirmed, pending]) {
      expect(await noticesOf(player.user.id)).toEqual([
        { type: 'game_message', message: 'Aviso de Ana Souza: Quadra 2 hoje, tragam água.' },
      ]);
      const [mail] = await mailsTo(t.app, player.user.email);
      expect(mail).toMatchObject({ subject: 'Novo aviso: Vôlei de quinta' });
      expect(mail!.text).toContain('Aviso de Ana Souza:\n\nQuadra 2 hoje, tragam água.');
      expect(mail!.text).toContain('avisos de quem organiza os seus jogos');
    }
    for (const outside of [waitlisted, left, organiser]) {
      expect(await noticesOf(outside.user.id)).toEqual([]);
      expect(await mailsTo(t.app, outside.user.email)).toEqual([]);
    }
    expect(await storedOf(game.id)).toEqual([
      expect.objectContaining({
        senderId: organiser.user.id,
        text: 'Quadra 2 hoje, tragam água.',
        audience: 'confirmed',
        createdAt: TEST_NOW,
      }),
    ]);
    const events = await db()
      .select()
      .from(gameEvents)
      .where(and(eq(gameEvents.gameId, game.id), eq(gameEvents.action, 'message_sent')));
    expect(events).toEqual([expect.objectContaining({ actorId: organiser.user.id, details: { audience: 'confirmed', players: 2 } })]);
  });

  it('with audience all also reaches the waitlist', async () => {
    const { organiser, game, waitlisted, left } = await gameWithPlayers();
    const res = await send(game.id, organiser.headers, { text: 'Abriu mais uma quadra!', audience: 'all' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().recipients).toBe(3);
    expect(await noticesOf(waitlisted.user.id)).toEqual([{ type: 'game_message', message: 'Aviso de Ana Souza: Abriu mais uma quadra!' }]);
    expect(await noticesOf(left.user.id)).toEqual([]);
  });

  it('refuses a player (403), anyone else and an administrator (404) and no session (401), storing nothing', async () => {
    const { game, confirmed, waitlisted } = await gameWithPlayers();
    const stranger = await createSignedInUser(t.app);
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const body = { text: 'Oi', audience: 'all' };
    for (const player of [confirmed, waitlisted]) {
      const res = await send(game.id, player.headers, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(gameMessageTexts.onlyOrganisers);
    }
    expect((await send(game.id, stranger.headers, body)).statusCode).toBe(404);
    expect((await send(game.id, admin.headers, body)).statusCode).toBe(404);
    expect((await send(game.id, {}, body)).statusCode).toBe(401);
    expect((await send(999_999, stranger.headers, body)).statusCode).toBe(404);
    expect(await storedOf(game.id)).toEqual([]);
    expect(await noticesOf(confirmed.user.id)).toEqual([]);
  });

  it('refuses an empty, blank or too long text and an unknown audience with a pt-BR message, storing and sending nothing', async () => {
    const { organiser, game, confirmed } = await gameWithPlayers();
    const cases: [unknown, string][] = [
      [{ text: '', audience: 'confirmed' }, gameMessageTexts.textRequired],
      [{ text: '   \n  ', audience: 'confirmed' }, gameMessageTexts.textRequired],
      [{ audience: 'confirmed' }, gameMessageTexts.textRequired],
      [{ text: 'a'.repeat(1001), audience: 'confirmed' }, gameMessageTexts.textTooLong],
      [{ text: 'a'.repeat(5000), audience: 'all' }, gameMessageTexts.textTooLong],
      [{ text: 'Oi', audience: 'todos' }, gameMessageTexts.audienceInvalid],
      [{ text: 'Oi' }, gameMessageTexts.audienceInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await send(game.id, organiser.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await storedOf(game.id)).toEqual([]);
    expect(await noticesOf(confirmed.user.id)).toEqual([]);
    expect(await mailsTo(t.app, confirmed.user.email)).toEqual([]);
    // Exactly 1 000 characters go.
    expect((await send(game.id, organiser.headers, { text: 'a'.repeat(1000), audience: 'confirmed' })).statusCode).toBe(201);
  });

  it('allows 10 avisos in 24 hours per game: the 11th is a 429 naming the limit, and one goes again a day after the first', async () => {
    const { organiser, game, confirmed } = await gameWithPlayers();
    const other = await createGame(db(), { creatorId: organiser.user.id });
    for (let i = 1; i <= 10; i++) {
      t.clock.advance(60_000);
      expect((await send(game.id, organiser.headers, { text: `Aviso ${i}`, audience: 'confirmed' })).statusCode).toBe(201);
    }
    const refused = await send(game.id, organiser.headers, { text: 'Aviso 11', audience: 'confirmed' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Limite de 10 avisos por dia neste jogo atingido. Tente de novo amanhã.');
    expect(await storedOf(game.id)).toHaveLength(10);
    expect(await noticesOf(confirmed.user.id)).toHaveLength(10);
    // Another game has its own 10.
    expect((await send(other.id, organiser.headers, { text: 'Outro jogo', audience: 'all' })).statusCode).toBe(201);
    t.clock.set(new Date(TEST_NOW.getTime() + DAY_MS + 60_000));
    expect((await send(game.id, organiser.headers, { text: 'Aviso de amanhã', audience: 'confirmed' })).statusCode).toBe(201);
  });

  it('refuses a cancelled game with a 409', async () => {
    const { organiser, confirmed } = await gameWithPlayers();
    const cancelled = await createGame(db(), { creatorId: organiser.user.id, status: 'cancelled' });
    await createRegistration(db(), { gameId: cancelled.id, userId: confirmed.user.id, status: 'confirmed' });
    const res = await send(cancelled.id, organiser.headers, { text: 'Oi', audience: 'all' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(gameMessageTexts.gameCancelled);
    expect(await storedOf(cancelled.id)).toEqual([]);
  });

  it('keeps the text plain in the e-mail: markup escaped, only http and https addresses made links', async () => {
    const { organiser, game, confirmed } = await gameWithPlayers();
    const text =
      '<script>alert(1)</script> <b>oi</b>\nMapa: https://maps.example.com/?q=a&b=1. Não: javascript:alert(2) e data:text/html,x';
    expect((await send(game.id, organiser.headers, { text, audience: 'confirmed' })).statusCode).toBe(201);
    const [mail] = await mailsTo(t.app, confirmed.user.email);
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;b&gt;oi&lt;/b&gt;<br>');
    expect(mail!.html).toContain(
      '<a href="https://maps.example.com/?q=a&amp;b=1" rel="noopener noreferrer">https://maps.example.com/?q=a&amp;b=1</a>.',
    );
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toMatch(/href="(javascript|data):/);
    expect(mail!.text).toContain(text);
  });
});

describe('preferences and quiet hours of avisos', () => {
  it('follows each player’s choice for avisos: e-mails off sends none, pushes off queues none, the notification always stays', async () => {
    const { organiser, game, confirmed, pending } = await gameWithPlayers();
    await expectAvisoPreferences(t.app, service, {
      emailOff: confirmed,
      pushOff: pending,
      send: () => send(game.id, organiser.headers, { text: 'Mudou a quadra', audience: 'confirmed' }),
      push: ['Aviso do seu jogo', 'Aviso de Ana Souza: Mudou a quadra'],
    });
  });

  it('holds the push of an aviso sent at 23:30 until 07:00 on the game’s clocks; the e-mail and the notification go at once', async () => {
    const { organiser, game, confirmed } = await gameWithPlayers();
    await subscribed(t.app, service, confirmed);
    const late = new Date('2026-11-21T02:30:00Z'); // 23:30 in São Paulo
    const seven = new Date('2026-11-21T10:00:00Z');
    t.clock.set(late);
    expect((await send(game.id, organiser.headers, { text: 'Amanhã tem jogo', audience: 'confirmed' })).statusCode).toBe(201);
    await deliverDuePushes(t.app.ctx);
    expect(service.received).toEqual([]);
    expect(await pushesQueuedFor(t.app, confirmed.user.id)).toEqual([{ nextAttemptAt: seven }]);
    expect(await mailsTo(t.app, confirmed.user.email)).toHaveLength(1);
    t.clock.set(seven);
    await deliverDuePushes(t.app.ctx);
    expect(service.received.map((push) => push.message.body)).toEqual(['Aviso de Ana Souza: Amanhã tem jogo']);
  });
});

describe('GET /api/games/{id}/messages', () => {
  it('shows the avisos, newest first, to the players (waitlist included) and to the organiser', async () => {
    const { organiser, game, confirmed, waitlisted } = await gameWithPlayers();
    await send(game.id, organiser.headers, { text: 'Primeiro', audience: 'confirmed' });
    t.clock.advance(60_000);
    await send(game.id, organiser.headers, { text: 'Segundo', audience: 'all' });
    for (const reader of [confirmed, waitlisted, organiser]) {
      const res = await read(game.id, reader.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().messages.map((m: { text: string; sender: { name: string } }) => [m.text, m.sender.name])).toEqual([
        ['Segundo', 'Ana Souza'],
        ['Primeiro', 'Ana Souza'],
      ]);
    }
  });

  it('is a 403 to someone outside a public game, a 404 outside a private one or a draft, and a 401 without a session', async () => {
    const { organiser, game, left } = await gameWithPlayers();
    await send(game.id, organiser.headers, { text: 'Só para quem joga', audience: 'all' });
    const stranger = await createSignedInUser(t.app);
    for (const outside of [stranger, left]) {
      const res = await read(game.id, outside.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(gameMessageTexts.onlyPlayers);
    }
    const privateGame = await createGame(db(), { creatorId: organiser.user.id, visibility: 'private' });
    const draft = await createGame(db(), { creatorId: organiser.user.id, state: 'draft' });
    expect((await read(privateGame.id, stranger.headers)).statusCode).toBe(404);
    expect((await read(draft.id, stranger.headers)).statusCode).toBe(404);
    expect((await read(999_999, stranger.headers)).statusCode).toBe(404);
    expect((await read(game.id, {})).statusCode).toBe(401);
    expect((await read(privateGame.id, organiser.headers)).statusCode).toBe(200);
  });

  it('names an erased sender as "Conta excluída" in the avisos, the notices and the e-mails still kept for the players', async () => {
    const organiser = await createSignedInUser(t.app, { name: 'Ana Souza', password: 'senha-da-ana-123' });
    const game = await createGame(db(), {
      creatorId: organiser.user.id,
      dateTime: new Date(TEST_NOW.getTime() - DAY_MS),
      status: 'active',
    });
    const player = await createSignedInUser(t.app, { name: 'Bia Lima' });
    await createRegistration(db(), { gameId: game.id, userId: player.user.id, status: 'confirmed' });
    expect(
      (await send(game.id, organiser.headers, { text: 'Valeu pelo jogo, Ana Souza agradece', audience: 'confirmed' })).statusCode,
    ).toBe(201);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: organiser.headers,
      payload: { password: 'senha-da-ana-123' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await read(game.id, player.headers)).json().messages[0]).toMatchObject({
      text: 'Valeu pelo jogo, Ana Souza agradece',
      sender: { name: 'Conta excluída' },
    });
    expect(await noticesOf(player.user.id)).toEqual([
      { type: 'game_message', message: 'Aviso de Conta excluída: Valeu pelo jogo, Ana Souza agradece' },
    ]);
    const [mail] = await mailsTo(t.app, player.user.email);
    expect(mail!.text).toContain('\nAviso de Conta excluída:\n');
    expect(mail!.html).toContain('<p>Aviso de Conta excluída:</p>');
    expect(mail!.html).not.toContain('Aviso de Ana Souza');
  });
});
