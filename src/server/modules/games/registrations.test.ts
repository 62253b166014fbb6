import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
  HOUR_MS,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { balanceOf as readBalance, latestRegistration } from '../../../../test-support/server/reads';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { cancellationRequests, creditTransactions } from '../../db/schema';

const t = setUpTestApp();
afterEach(() => t.clock.set(TEST_NOW));

const db = () => t.app.ctx.db;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

async function player(credits = 0, overrides: Parameters<typeof createSignedInUser>[1] = {}) {
  const signedIn = await createSignedInUser(t.app, overrides);
  if (credits > 0) await addCredits(db(), signedIn.user.id, credits);
  return signedIn;
}
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const balanceOf = (userId: number) => readBalance(db(), userId);
const registrationOf = (gameId: number, userId: number) => latestRegistration(db(), gameId, userId);

describe('POST /api/games/:id/apply', () => {
  it('confirms a platform game paid with credits, debiting the price through the ledger', async () => {
    const game = await createGame(db(), { priceCents: 1250 });
    const { user, headers } = await player(3000);
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Inscrição realizada com sucesso!',
      waitlisted: false,
      registrationType: 'confirmed',
      paymentType: 'credit',
      amountCharged: 12.5,
      credits: 17.5,
    });
    expect(await balanceOf(user.id)).toBe(1750);
    const reg = await registrationOf(game.id, user.id);
    expect(reg).toMatchObject({ status: 'confirmed', paymentType: 'credit', paidCents: 1250 });
    const [spend] = await db()
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.type, 'spend_game'), eq(creditTransactions.userId, user.id)));
    expect(spend).toMatchObject({ userId: user.id, amountCents: -1250, reference: `registration:${reg!.id}`, source: 'credit' });
    await expectLedgerBalanced(db());
  });

  it('answers Saldo insuficiente and changes nothing when credits are short', async () => {
    const game = await createGame(db(), { priceCents: 1000 });
    const { user, headers } = await player(999);
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Saldo insuficiente');
    expect(await balanceOf(user.id)).toBe(999);
    expect(await registrationOf(game.id, user.id)).toBeUndefined();
    await expectLedgerBalanced(db());
  });

  it('confirms an outside-payment game without charge, whatever the payment type', async () => {
    const game = await createGame(db(), { usePlatformPayment: false, priceCents: 3000 });
    for (const payload of [{ paymentType: 'card' }, {}, undefined]) {
      const { user, headers } = await player();
      const res = await post(`/api/games/${game.id}/apply`, headers, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ waitlisted: false, registrationType: 'confirmed', paymentType: 'external', amountCharged: 0 });
      expect(await balanceOf(user.id)).toBe(0);
    }
  });

  it('confirms a free platform game without a ledger row', async () => {
    const game = await createGame(db(), { priceCents: 0 });
    const { user, headers } = await player();
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    expect(res.json()).toMatchObject({ registrationType: 'confirmed', paymentType: 'credit', amountCharged: 0 });
    expect(await db().select().from(creditTransactions).where(eq(creditTransactions.userId, user.id))).toEqual([]);
  });

  it('waitlists (without charge) when the game is full', async () => {
    const game = await createGame(db(), { totalSlots: 1 });
    await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed' });
    const { user, headers } = await player(5000);
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ waitlisted: true, registrationType: 'waitlist', amountCharged: 0, credits: 50 });
    expect(await balanceOf(user.id)).toBe(5000);
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'waitlist', paidCents: 0 });
  });

  it('counts a pending registration as holding its slot', async () => {
    const game = await createGame(db(), { totalSlots: 1 });
    await createRegistration(db(), {
      gameId: game.id,
      userId: (await createUser(db())).id,
      status: 'pending',
      paymentDeadline: at(HOUR_MS),
    });
    const { headers } = await player(5000);
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    expect(res.json().waitlisted).toBe(true);
  });

  it('requires a phone', async () => {
    const game = await createGame(db());
    const { headers } = await player(5000, { phone: null });
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Informe seu telefone para continuar com a inscrição.');
  });

  it('rejects a second live registration with 409', async () => {
    const game = await createGame(db(), { totalSlots: 1 });
    const { headers } = await player(5000);
    expect((await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' })).statusCode).toBe(200);
    const again = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Você já está inscrito neste jogo.');
    const other = await player(5000);
    await post(`/api/games/${game.id}/apply`, other.headers, { paymentType: 'credit' });
    const twice = await post(`/api/games/${game.id}/apply`, other.headers, { paymentType: 'credit' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Você já está na lista de espera deste jogo.');
  });

  it('lets a player apply again after cancelling', async () => {
    const game = await createGame(db(), { dateTime: at(5 * DAY_MS) });
    const { user, headers } = await player(5000);
    await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    await post(`/api/games/${game.id}/cancel`, headers);
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(4000);
    await expectLedgerBalanced(db());
  });

  it('asks for a payment type on a platform game (card and PIX: see payments.test.ts)', async () => {
    const game = await createGame(db());
    const { headers } = await player(5000);
    const none = await post(`/api/games/${game.id}/apply`, headers, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Escolha a forma de pagamento.');
  });

  it('rejects bad input with 400', async () => {
    const game = await createGame(db());
    const { headers } = await player(5000);
    expect((await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'pix' })).statusCode).toBe(400);
    expect((await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit', extra: 1 })).statusCode).toBe(400);
    expect((await post('/api/games/abc/apply', headers, { paymentType: 'credit' })).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const game = await createGame(db());
    const res = await t.app.inject({ method: 'POST', url: `/api/games/${game.id}/apply`, payload: { paymentType: 'credit' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Usuário não autenticado');
  });

  it('refuses drafts and unknown games (404), cancelled and started games (409)', async () => {
    const { headers } = await player(5000);
    const apply = (id: number) => post(`/api/games/${id}/apply`, headers, { paymentType: 'credit' });
    const draft = await createGame(db(), { state: 'draft' });
    expect((await apply(draft.id)).json().message).toBe('Jogo não encontrado ou não está disponível para inscrição');
    expect((await apply(draft.id)).statusCode).toBe(404);
    expect((await apply(999_999)).statusCode).toBe(404);
    const cancelled = await createGame(db(), { status: 'cancelled' });
    expect((await apply(cancelled.id)).statusCode).toBe(409);
    const started = await createGame(db(), { dateTime: TEST_NOW });
    expect((await apply(started.id)).statusCode).toBe(409);
  });

  it('opens a private game only to its link, its invitees and its creator', async () => {
    const game = await createGame(db(), { visibility: 'private' });
    const stranger = await player(5000);
    const denied = await post(`/api/games/${game.id}/apply`, stranger.headers, { paymentType: 'credit' });
    expect(denied.statusCode).toBe(404);
    const wrongLink = await post(`/api/games/${game.id}/apply`, stranger.headers, { paymentType: 'credit', privateLink: 'x' });
    expect(wrongLink.statusCode).toBe(404);
    const withLink = await post(`/api/games/${game.id}/apply`, stranger.headers, { paymentType: 'credit', privateLink: game.privateLink });
    expect(withLink.statusCode).toBe(200);
  });
});

describe('POST /api/games/:id/waitlist', () => {
  it('joins the line of a full game and reports the position', async () => {
    const game = await createGame(db(), { totalSlots: 1 });
    await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed' });
    const first = await player();
    const second = await player();
    expect((await post(`/api/games/${game.id}/waitlist`, first.headers)).json()).toEqual({
      message: 'Adicionado à lista de espera',
      waitlisted: true,
      position: 1,
    });
    expect((await post(`/api/games/${game.id}/waitlist`, second.headers, {})).json().position).toBe(2);
  });

  it('refuses (409) a game with free slots, saying so', async () => {
    const game = await createGame(db(), { totalSlots: 2 });
    const { headers } = await player();
    const res = await post(`/api/games/${game.id}/waitlist`, headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este jogo ainda tem vagas: faça sua inscrição em vez de entrar na lista de espera.');
  });

  it('refuses (409) someone already in line or registered', async () => {
    const game = await createGame(db(), { totalSlots: 1 });
    const registered = await player(5000);
    await post(`/api/games/${game.id}/apply`, registered.headers, { paymentType: 'credit' });
    expect((await post(`/api/games/${game.id}/waitlist`, registered.headers)).json().message).toBe('Você já está inscrito neste jogo.');
    const waiting = await player();
    await post(`/api/games/${game.id}/waitlist`, waiting.headers);
    const again = await post(`/api/games/${game.id}/waitlist`, waiting.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Você já está na lista de espera deste jogo.');
  });

  it('needs a phone, a signed-in user and a valid id', async () => {
    const game = await createGame(db(), { totalSlots: 1 });
    const noPhone = await player(0, { phone: null });
    expect((await post(`/api/games/${game.id}/waitlist`, noPhone.headers)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/games/${game.id}/waitlist` })).statusCode).toBe(401);
    expect((await post('/api/games/0/waitlist', noPhone.headers)).statusCode).toBe(400);
  });
});

describe('POST /api/games/:id/cancel', () => {
  // Close enough that the player's 7-day token is still valid 48 hours before it.
  const GAME_START = at(5 * DAY_MS);
  const FORTY_EIGHT_HOURS = 48 * HOUR_MS;

  async function confirmedWithCredits(priceCents = 2000) {
    const game = await createGame(db(), { priceCents, dateTime: GAME_START });
    const p = await player(5000);
    await post(`/api/games/${game.id}/apply`, p.headers, { paymentType: 'credit' });
    return { game, ...p };
  }

  it('refunds credits at exactly 48 hours before the game', async () => {
    const { game, user, headers } = await confirmedWithCredits();
    t.clock.set(new Date(GAME_START.getTime() - FORTY_EIGHT_HOURS));
    const res = await post(`/api/games/${game.id}/cancel`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Inscrição cancelada com sucesso. R$ 20,00 voltaram para os seus créditos.',
      refund: 'credits',
      refundedAmount: 20,
    });
    expect(await balanceOf(user.id)).toBe(5000);
    const reg = await registrationOf(game.id, user.id);
    expect(reg?.status).toBe('cancelled');
    const [refund] = await db()
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.type, 'refund'), eq(creditTransactions.userId, user.id)));
    expect(refund).toMatchObject({ userId: user.id, amountCents: 2000, reference: `registration:${reg!.id}` });
    await expectLedgerBalanced(db());
  });

  it('refunds nothing at 48 hours minus one second', async () => {
    const { game, user, headers } = await confirmedWithCredits();
    t.clock.set(new Date(GAME_START.getTime() - FORTY_EIGHT_HOURS + 1000));
    const res = await post(`/api/games/${game.id}/cancel`, headers);
    expect(res.json()).toEqual({
      message: 'Inscrição cancelada com sucesso. Como faltam menos de 48 horas para o jogo, não há reembolso.',
      refund: 'none',
      refundedAmount: 0,
    });
    expect(await balanceOf(user.id)).toBe(3000);
    await expectLedgerBalanced(db());
  });

  it('files a cancellation request for a card or PIX payment (at least 48 h before), none later', async () => {
    for (const [paymentType, offset, expected] of [
      ['stripe', FORTY_EIGHT_HOURS, 'request'],
      ['mercadopago', FORTY_EIGHT_HOURS, 'request'],
      ['stripe', FORTY_EIGHT_HOURS - 1000, 'none'],
    ] as const) {
      const game = await createGame(db(), { dateTime: GAME_START });
      const { user, headers } = await player();
      const reg = await createRegistration(db(), { gameId: game.id, userId: user.id, status: 'confirmed', paymentType, paidCents: 1500 });
      t.clock.set(new Date(GAME_START.getTime() - offset));
      const res = await post(`/api/games/${game.id}/cancel`, headers);
      expect(res.json().refund).toBe(expected);
      const requests = await db().select().from(cancellationRequests).where(eq(cancellationRequests.registrationId, reg.id));
      if (expected === 'request') {
        expect(res.json().refundedAmount).toBe(15);
        expect(res.json().message).toMatch(/reembolso de R\$ 15,00 foi solicitado/);
        expect(requests).toEqual([
          expect.objectContaining({ gameId: game.id, userId: user.id, amountCents: 1500, paymentType, status: 'pending' }),
        ]);
      } else {
        expect(requests).toEqual([]);
      }
      expect(await balanceOf(user.id)).toBe(0);
    }
  });

  it('cancels an outside-payment registration with nothing to refund', async () => {
    const game = await createGame(db(), { usePlatformPayment: false });
    const { headers } = await player();
    await post(`/api/games/${game.id}/apply`, headers, {});
    const res = await post(`/api/games/${game.id}/cancel`, headers);
    expect(res.json()).toEqual({ message: 'Inscrição cancelada com sucesso.', refund: 'none', refundedAmount: 0 });
  });

  it('takes a player out of the line', async () => {
    const game = await createGame(db(), { totalSlots: 1 });
    await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed' });
    const { user, headers } = await player();
    await post(`/api/games/${game.id}/waitlist`, headers);
    const res = await post(`/api/games/${game.id}/cancel`, headers);
    expect(res.json()).toEqual({ message: 'Você saiu da lista de espera com sucesso.', refund: 'none', refundedAmount: 0 });
    expect((await registrationOf(game.id, user.id))?.status).toBe('cancelled');
  });

  it('cancels a pending registration (nothing was paid)', async () => {
    const game = await createGame(db());
    const { user, headers } = await player();
    await createRegistration(db(), { gameId: game.id, userId: user.id, status: 'pending', paymentDeadline: at(HOUR_MS) });
    const res = await post(`/api/games/${game.id}/cancel`, headers);
    expect(res.json()).toMatchObject({ refund: 'none', refundedAmount: 0 });
    expect((await registrationOf(game.id, user.id))?.status).toBe('cancelled');
  });

  it('answers 404 without a live registration and 409 once the game started', async () => {
    const game = await createGame(db(), { dateTime: at(DAY_MS) });
    const { headers } = await player(5000);
    const none = await post(`/api/games/${game.id}/cancel`, headers);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Você não tem inscrição ativa neste jogo.');
    await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' });
    t.clock.set(at(DAY_MS));
    expect((await post(`/api/games/${game.id}/cancel`, headers)).statusCode).toBe(409);
    expect((await post(`/api/games/${game.id}/cancel`, { authorization: 'Bearer x' })).statusCode).toBe(401);
  });
});
