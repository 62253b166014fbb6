import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCredits, createGame, createSignedInUser, DAY_MS } from '../../../../test-support/server/factories';
import type { FakeMercadoPago } from '../../../../test-support/server/fake-mercadopago';
import type { FakeStripe } from '../../../../test-support/server/fake-stripe';
import { setUpLivePaymentsApp } from '../../../../test-support/server/live-payments-app';
import { isPostgres, raced, type TestApp } from '../../../../test-support/server/test-app';
import { sweepExpiredPayments } from '../../core/games/expire-pending-payments';
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
