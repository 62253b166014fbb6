import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCredits, createGame, createSignedInUser, DAY_MS } from '../../../../test-support/server/factories';
import type { FakeMercadoPago } from '../../../../test-support/server/fake-mercadopago';
import type { FakeStripe } from '../../../../test-support/server/fake-stripe';
import { setUpLivePaymentsApp } from '../../../../test-support/server/live-payments-app';
import { isPostgres, raced, type TestApp } from '../../../../test-support/server/test-app';
import { sweepExpiredPayments } from '../../core/games/expire-pending-payments';
import { messages } from '../../../shared/messages';
import { cancellationRequests, payments, registrations } from '../../db/schema';

// A checkout the player walks away from (they cancel, or their hold expires) is closed: never left
// pending, expired at Stripe, closed on our side for Mercado Pago. A payment that still arrives
// becomes credits exactly once.

let t: TestApp;
let stripe: FakeStripe;
let mp: FakeMercadoPago;
const { db, nowSeconds, post, balanceOf, ledgerOf, paymentOf, stripeHook, mpHook } = setUpLivePaymentsApp(
  (live) => ({ t, stripe, mp } = live),
);

const MINUTE_MS = 60_000;
const registrationOf = async (gameId: number, userId: number) =>
  (
    await db()
      .select()
      .from(registrations)
      .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, userId)))
  )[0]!;
const expireCalls = (sessionId: string) =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`);

async function cardHold(options: { totalSlots?: number } = {}) {
  const game = await createGame(db(), { dateTime: new Date(t.clock.now().getTime() + 5 * DAY_MS), priceCents: 2500, ...options });
  const player = await createSignedInUser(t.app);
  const res = await post(`/api/games/${game.id}/apply`, player.headers, { paymentType: 'card' });
  expect(res.statusCode).toBe(200);
  const sessionId = new URL(res.json().url).pathname.split('/').at(-1)!;
  return { game, ...player, sessionId };
}

describe('abandoned card checkouts (Stripe)', () => {
  it('cancelling the hold closes the payment and expires the session; a payment that still lands becomes credits once', async () => {
    const { game, user, headers, sessionId } = await cardHold();
    const cancel = await post(`/api/games/${game.id}/cancel`, headers);
    expect(cancel.json()).toMatchObject({ refund: 'none', refundedAmount: 0 });
    expect(await paymentOf(user.id)).toMatchObject({ status: 'expired', settledAt: null });
    expect(expireCalls(sessionId)).toHaveLength(1);
    expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'expired' });

    // The payer had already submitted the card when the session closed: Stripe reports it paid.
    stripe.markSessionPaid(sessionId);
    const event = stripe.webhookFor(sessionId, { timestamp: nowSeconds() });
    await Promise.all(Array.from({ length: 3 }, () => stripeHook(event)));
    await stripeHook(event);
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'cancelled', paidCents: 0 });
    expect(await balanceOf(user.id)).toBe(2500);
    expect(await ledgerOf(user.id)).toEqual([expect.objectContaining({ type: 'add_stripe', amountCents: 2500 })]);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'paid', outcome: 'credited' });
  });

  it('a session Stripe no longer holds open (already paid) is left alone: the cancel still succeeds', async () => {
    const { game, user, headers, sessionId } = await cardHold();
    stripe.markSessionPaid(sessionId);
    expect((await post(`/api/games/${game.id}/cancel`, headers)).statusCode).toBe(200);
    expect(expireCalls(sessionId)).toHaveLength(1);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'expired' });
    await stripeHook(stripe.webhookFor(sessionId, { timestamp: nowSeconds() }));
    expect(await balanceOf(user.id)).toBe(2500);
  });

  it('Stripe failing to answer does not fail the cancel: the payment is closed on our side', async () => {
    const { game, user, headers, sessionId } = await cardHold();
    stripe.failNext(500, 'fora do ar', 3);
    expect((await post(`/api/games/${game.id}/cancel`, headers)).statusCode).toBe(200);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'expired' });
    expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'open' });
  });

  it('the sweep closes the checkout of an expired hold and expires its session', async () => {
    const { user, sessionId } = await cardHold();
    t.clock.set(new Date(Date.now() + 31 * MINUTE_MS));
    await sweepExpiredPayments(t.app.ctx);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'expired' });
    expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'expired' });
  });

  it('paying a held slot again (credits or a new checkout) closes the checkout opened before', async () => {
    const { game, user, headers, sessionId } = await cardHold();
    const again = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'card' });
    const second = new URL(again.json().url).pathname.split('/').at(-1)!;
    expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'expired' });
    expect(stripe.sessions.get(second)).toMatchObject({ status: 'open' });
    await addCredits(db(), user.id, 2500);
    expect((await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' })).json()).toMatchObject({
      registrationType: 'confirmed',
    });
    expect(stripe.sessions.get(second)).toMatchObject({ status: 'expired' });
    const rows = await db().select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((row) => row.status)).toEqual(['expired', 'expired']);
  });
});

describe('holds ended by the organiser or an admin', () => {
  it('cancelling the game, deleting it or removing the player closes the pending checkout on our side', async () => {
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const organiser = await createSignedInUser(t.app);
    const ended = [
      async (gameId: number) => post(`/api/user-games/${gameId}/cancel`, organiser.headers, { reason: 'Quadra interditada' }),
      async (gameId: number) => t.app.inject({ method: 'DELETE', url: `/api/admin/games/${gameId}`, headers: admin.headers }),
      async (gameId: number, userId: number) =>
        t.app.inject({ method: 'DELETE', url: `/api/admin/games/${gameId}/users/${userId}`, headers: admin.headers }),
    ];
    for (const end of ended) {
      const game = await createGame(db(), { creatorId: organiser.user.id, dateTime: new Date(t.clock.now().getTime() + 5 * DAY_MS) });
      const player = await createSignedInUser(t.app);
      expect((await post(`/api/games/${game.id}/apply`, player.headers, { paymentType: 'card' })).statusCode).toBe(200);
      expect((await end(game.id, player.user.id)).statusCode).toBe(200);
      expect(await registrationOf(game.id, player.user.id)).toMatchObject({ status: 'cancelled' });
      expect(await paymentOf(player.user.id)).toMatchObject({ status: 'expired', settledAt: null });
    }
  });
});

describe('abandoned PIX checkouts (Mercado Pago)', () => {
  it('cancelling closes the payment on our side; a late approval becomes credits once', async () => {
    const game = await createGame(db(), { dateTime: new Date(t.clock.now().getTime() + 5 * DAY_MS), priceCents: 1800 });
    const { user, headers } = await createSignedInUser(t.app);
    const body = (await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'mercadopago' })).json();
    const preferenceId = new URL(body.initPoint).searchParams.get('pref_id')!;
    const calls = mp.requests.length;
    expect((await post(`/api/games/${game.id}/cancel`, headers)).json()).toMatchObject({ refund: 'none' });
    expect(await paymentOf(user.id)).toMatchObject({ status: 'expired', settledAt: null });
    expect(mp.requests.length).toBe(calls);

    const late = mp.createPayment({ preferenceId });
    const delivery = mp.webhookFor(late.id, { ts: nowSeconds() });
    await Promise.all(Array.from({ length: 3 }, () => mpHook(delivery)));
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'cancelled' });
    expect(await ledgerOf(user.id)).toEqual([expect.objectContaining({ type: 'add_pix', amountCents: 1800 })]);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'paid', outcome: 'credited' });
  });
});

describe('back from the checkout after giving up (POST /games/:id/cancel-checkout)', () => {
  const cancelCheckout = (gameId: number, headers: Record<string, string>, sessionId: string) =>
    post(`/api/games/${gameId}/cancel-checkout`, headers, { session_id: sessionId });

  it('card: the place the checkout held is released at once and goes to the line; the session is expired; again, nothing more', async () => {
    const { game, user, headers, sessionId } = await cardHold({ totalSlots: 1 });
    const waiting = await createSignedInUser(t.app);
    await addCredits(db(), waiting.user.id, 2500);
    expect((await post(`/api/games/${game.id}/waitlist`, waiting.headers)).statusCode).toBe(200);
    const { publicId } = await paymentOf(user.id);

    const cancelled = await cancelCheckout(game.id, headers, publicId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'released', message: messages.checkoutCancelled.released });
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'cancelled', cancelledFrom: 'pending', paymentDeadline: null });
    expect(await paymentOf(user.id)).toMatchObject({ status: 'expired', settledAt: null, closeAtProvider: false });
    expect(expireCalls(sessionId)).toHaveLength(1);
    // Well before the hold's deadline, the next in line has the place, paid from their credits.
    expect(await registrationOf(game.id, waiting.user.id)).toMatchObject({ status: 'confirmed', paidCents: 2500 });

    expect((await cancelCheckout(game.id, headers, publicId)).json()).toEqual({
      status: 'closed',
      message: messages.checkoutCancelled.closed,
    });
    expect(expireCalls(sessionId)).toHaveLength(1);
  });

  it("PIX: the player's own hold is released, by our public id as by the provider's return", async () => {
    const game = await createGame(db(), { dateTime: new Date(t.clock.now().getTime() + 5 * DAY_MS), priceCents: 1800, totalSlots: 1 });
    const { user, headers } = await createSignedInUser(t.app);
    expect((await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'mercadopago' })).statusCode).toBe(200);
    const { publicId } = await paymentOf(user.id);
    expect((await cancelCheckout(game.id, headers, publicId)).json()).toMatchObject({ status: 'released' });
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'cancelled' });
    expect(await paymentOf(user.id)).toMatchObject({ status: 'expired' });
    // The place is free again: someone else takes it.
    const other = await createSignedInUser(t.app);
    await addCredits(db(), other.user.id, 1800);
    expect((await post(`/api/games/${game.id}/apply`, other.headers, { paymentType: 'credit' })).json()).toMatchObject({
      registrationType: 'confirmed',
    });
  });

  it('a place the line offered stays offered until its deadline: only the checkout ends', async () => {
    const { game, user, headers } = await cardHold({ totalSlots: 1 });
    const promoted = await createSignedInUser(t.app);
    expect((await post(`/api/games/${game.id}/waitlist`, promoted.headers)).statusCode).toBe(200);
    // The first player gives up; the one in line, without credits, is offered the place to pay.
    expect((await post(`/api/games/${game.id}/cancel`, headers)).statusCode).toBe(200);
    const offered = await registrationOf(game.id, promoted.user.id);
    expect(offered).toMatchObject({ status: 'pending', paymentType: null });
    expect((await post(`/api/games/${game.id}/apply`, promoted.headers, { paymentType: 'card' })).statusCode).toBe(200);
    const { publicId } = await paymentOf(promoted.user.id);

    expect((await cancelCheckout(game.id, promoted.headers, publicId)).json()).toEqual({
      status: 'kept',
      message: messages.checkoutCancelled.kept,
    });
    expect(await registrationOf(game.id, promoted.user.id)).toMatchObject({ status: 'pending', paymentDeadline: offered.paymentDeadline });
    expect(await paymentOf(promoted.user.id)).toMatchObject({ status: 'expired' });
    expect(await paymentOf(user.id)).toMatchObject({ status: 'expired' });
  });

  it('a payment that had already arrived stays: the place is confirmed', async () => {
    const { game, user, headers, sessionId } = await cardHold();
    stripe.markSessionPaid(sessionId);
    await stripeHook(stripe.webhookFor(sessionId, { timestamp: nowSeconds() }));
    const { publicId } = await paymentOf(user.id);
    expect((await cancelCheckout(game.id, headers, publicId)).json()).toEqual({
      status: 'confirmed',
      message: messages.checkoutCancelled.confirmed,
    });
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'confirmed', paidCents: 2500 });
  });

  it("someone else's checkout, another game's, a top-up or an unknown id is not found and changes nothing", async () => {
    const { game, user, headers: ownerHeaders, sessionId } = await cardHold();
    const { publicId } = await paymentOf(user.id);
    const stranger = await createSignedInUser(t.app);
    const otherGame = await createGame(db(), { dateTime: new Date(t.clock.now().getTime() + 5 * DAY_MS) });
    for (const [gameId, headers, id] of [
      [game.id, stranger.headers, publicId],
      [otherGame.id, ownerHeaders, publicId],
      [game.id, ownerHeaders, 'pay_nao_existe'],
    ] as const) {
      const res = await cancelCheckout(gameId, headers, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'payment_not_found', message: messages.paymentSessionNotFound });
    }
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'pending' });
    expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'open' });
  });
});

describe.runIf(isPostgres)(raced('expiry racing a late payment'), () => {
  it('sweep, webhooks and a competitor apply at once: the money lands once, as credits, and the place goes to the line once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { game, user, sessionId } = await cardHold({ totalSlots: 1 });
      const waiting = await createSignedInUser(t.app);
      await addCredits(db(), waiting.user.id, 2500);
      expect((await post(`/api/games/${game.id}/waitlist`, waiting.headers)).statusCode).toBe(200);
      const newcomer = await createSignedInUser(t.app);
      await addCredits(db(), newcomer.user.id, 2500);
      stripe.markSessionPaid(sessionId);
      t.clock.set(new Date(Date.now() + 31 * MINUTE_MS));
      const event = stripe.webhookFor(sessionId, { timestamp: nowSeconds() });

      await Promise.all([
        sweepExpiredPayments(t.app.ctx),
        stripeHook(event),
        stripeHook(event),
        post(`/api/games/${game.id}/apply`, newcomer.headers, { paymentType: 'credit' }),
        sweepExpiredPayments(t.app.ctx),
      ]);
      await stripeHook(event);

      expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'cancelled', paidCents: 0 });
      expect(await ledgerOf(user.id)).toEqual([expect.objectContaining({ type: 'add_stripe', amountCents: 2500 })]);
      expect(await paymentOf(user.id)).toMatchObject({ status: 'paid', outcome: 'credited' });
      expect(await registrationOf(game.id, waiting.user.id)).toMatchObject({ status: 'confirmed', paidCents: 2500 });
      expect(await registrationOf(game.id, newcomer.user.id)).toMatchObject({ status: 'waitlist' });
      expect(await balanceOf(waiting.user.id)).toBe(0);
      expect(await balanceOf(newcomer.user.id)).toBe(2500);
      t.clock.set(new Date());
    }
  });

  it('a cancel racing the paid webhook: either the cancel closes the checkout and the payment becomes credits, or the payment confirms and the cancel files its refund; never both, never neither', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { game, user, headers, sessionId } = await cardHold();
      stripe.markSessionPaid(sessionId);
      const event = stripe.webhookFor(sessionId, { timestamp: nowSeconds() });
      await Promise.all([post(`/api/games/${game.id}/cancel`, headers), stripeHook(event), stripeHook(event)]);
      await stripeHook(event);

      const registration = await registrationOf(game.id, user.id);
      expect(registration.status).toBe('cancelled');
      const credits = await ledgerOf(user.id);
      const requests = await db().select().from(cancellationRequests).where(eq(cancellationRequests.userId, user.id));
      const payment = await paymentOf(user.id);
      if (payment.outcome === 'credited') {
        expect(credits).toEqual([expect.objectContaining({ amountCents: 2500 })]);
        expect(requests).toEqual([]);
      } else {
        expect(payment.outcome).toBe('confirmed');
        expect(credits).toEqual([]);
        expect(requests).toEqual([expect.objectContaining({ amountCents: 2500, registrationId: registration.id })]);
      }
    }
  });
});
