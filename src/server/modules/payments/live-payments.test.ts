import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createSignedInUser, DAY_MS } from '../../../../test-support/server/factories';
import type { FakeMercadoPago } from '../../../../test-support/server/fake-mercadopago';
import type { FakeStripe } from '../../../../test-support/server/fake-stripe';
import { setUpLivePaymentsApp } from '../../../../test-support/server/live-payments-app';
import type { TestApp } from '../../../../test-support/server/test-app';
import { refundPayment } from '../../core/payments/refund-payment';
import { notifications, payments, registrations } from '../../db/schema';

// PAYMENTS=live against the local fake Stripe and Mercado Pago servers on 127.0.0.1, with the app
// listening for real so deliveries (and the storm) arrive as real parallel HTTP requests.

let t: TestApp;
let stripe: FakeStripe;
let mp: FakeMercadoPago;
let baseUrl: string;
const { db, nowSeconds, post, balanceOf, ledgerOf, paymentOf, stripeHook, mpHook } = setUpLivePaymentsApp(
  (live) => ({ t, stripe, mp, baseUrl } = live),
);
const verify = (sessionId: string, headers: Record<string, string>) =>
  fetch(`${baseUrl}/api/credits/verify-payment?session_id=${encodeURIComponent(sessionId)}`, { headers }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

async function cardTopUp(amount: number) {
  const signedIn = await createSignedInUser(t.app);
  const res = await post('/api/credits/create-checkout', signedIn.headers, { amount });
  expect(res.statusCode).toBe(200);
  const sessionId = new URL(res.json().url).pathname.split('/').at(-1)!;
  return { ...signedIn, url: res.json().url as string, sessionId };
}

async function pixTopUp(amount: number) {
  const signedIn = await createSignedInUser(t.app);
  const res = await post('/api/credits/create-mercadopago-checkout', signedIn.headers, { amount });
  expect(res.statusCode).toBe(200);
  const preferenceId = new URL(res.json().initPoint).searchParams.get('pref_id')!;
  return { ...signedIn, reply: res.json() as { initPoint: string; sandboxInitPoint: string }, preferenceId };
}

describe('Stripe top-up (card)', () => {
  it('creates a BRL Checkout Session tagged with our pending payment and returning to /payment-success', async () => {
    const { user, url, sessionId } = await cardTopUp(50);
    expect(url).toBe(`${stripe.url}/c/pay/${sessionId}`);
    const row = await paymentOf(user.id);
    expect(row).toMatchObject({ provider: 'stripe', method: 'card', status: 'pending', providerSessionId: sessionId, amountCents: 5000 });
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({ currency: 'brl', amount_total: 5000, client_reference_id: String(row.id), customer_email: user.email });
    expect(session.success_url).toBe('http://bora.test/payment-success?session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toBe(`http://bora.test/add-credit?cancelado=${row.publicId}`);
  });

  it('signature checks: valid credits; tampered body, stale timestamp, wrong secret and no header are 400 and write nothing', async () => {
    const { user, sessionId } = await cardTopUp(40);
    stripe.markSessionPaid(sessionId);
    const good = stripe.webhookFor(sessionId, { timestamp: nowSeconds() });

    const tampered = { ...good, rawBody: good.rawBody.replace('"amount_total": 4000', '"amount_total": 400000') };
    expect(tampered.rawBody).not.toBe(good.rawBody);
    const stale = stripe.webhookFor(sessionId, { timestamp: nowSeconds() - 301 });
    const wrongSecret = stripe.webhookFor(sessionId, { timestamp: nowSeconds(), secret: 'whsec_someone_else' });
    const unsigned = { ...good, headers: { 'content-type': 'application/json' } };
    for (const delivery of [tampered, stale, wrongSecret, unsigned]) {
      const res = await stripeHook(delivery);
      expect(res.status).toBe(400);
    }
    expect(await balanceOf(user.id)).toBe(0);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'pending', settledAt: null });

    expect((await stripeHook(good)).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(4000);
    expect(await ledgerOf(user.id)).toEqual([expect.objectContaining({ type: 'add_stripe', amountCents: 4000, source: 'stripe' })]);
  });

  it('a storm: the same event 5× in sequence and 5× at once, a second event id and two racing verify-payment calls credit once', async () => {
    const { user, headers, sessionId } = await cardTopUp(50);
    stripe.markSessionPaid(sessionId);
    const event = stripe.webhookFor(sessionId, { timestamp: nowSeconds() });

    const racing = await Promise.all([
      ...Array.from({ length: 5 }, () => stripeHook(event)),
      verify(sessionId, headers),
      verify(sessionId, headers),
    ]);
    expect(racing.map((r) => r.status)).toEqual(Array(7).fill(200));
    for (let i = 0; i < 5; i += 1) expect((await stripeHook(event)).status).toBe(200);
    const another = stripe.webhookFor(sessionId, { type: 'checkout.session.async_payment_succeeded', timestamp: nowSeconds() });
    expect((await stripeHook(another)).status).toBe(200);

    expect(await balanceOf(user.id)).toBe(5000);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await db().select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
    expect(await paymentOf(user.id)).toMatchObject({
      status: 'paid',
      outcome: 'credited',
      providerPaymentId: stripe.sessions.get(sessionId)!.payment_intent,
    });
    const verified = await verify(sessionId, headers);
    expect(verified.body).toMatchObject({ success: true, credits: 50 });
  });

  it('verify-payment alone (webhook lost) asks Stripe and credits once; an unpaid session credits nothing', async () => {
    const { user, headers, sessionId } = await cardTopUp(20);
    expect((await verify(sessionId, headers)).body).toMatchObject({ success: false, status: 'pending', credits: 0 });
    stripe.markSessionPaid(sessionId);
    expect((await verify(sessionId, headers)).body).toMatchObject({ success: true, status: 'paid', credits: 20 });
    expect((await verify(sessionId, headers)).body).toMatchObject({ success: true, credits: 20 });
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('an event whose amount or reference does not match our row is ignored (200, nothing written)', async () => {
    const { user, sessionId } = await cardTopUp(30);
    stripe.markSessionPaid(sessionId);
    Object.assign(stripe.sessions.get(sessionId)!, { amount_total: 1 });
    expect((await stripeHook(stripe.webhookFor(sessionId, { timestamp: nowSeconds() }))).status).toBe(200);
    Object.assign(stripe.sessions.get(sessionId)!, { amount_total: 3000, currency: 'usd' });
    expect((await stripeHook(stripe.webhookFor(sessionId, { timestamp: nowSeconds() }))).status).toBe(200);
    Object.assign(stripe.sessions.get(sessionId)!, { currency: 'brl', client_reference_id: '999999' });
    expect((await stripeHook(stripe.webhookFor(sessionId, { timestamp: nowSeconds() }))).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'pending', settledAt: null });
  });

  it('the sandbox does not exist in live mode, and neither does /credits/add (403)', async () => {
    const { headers } = await createSignedInUser(t.app);
    const add = await post('/api/credits/add', headers, { amount: 100 });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe('Créditos de teste só existem no ambiente de teste.');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout/sbx_aaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/credits/config' })).json()).toEqual({ mode: 'live' });
  });

  it('a provider failure answers 503 with the spec text and leaves a failed payment', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    // A 4xx: the SDK retries 5xx by itself.
    stripe.failNext(400, 'boom');
    const card = await post('/api/credits/create-checkout', headers, { amount: 10 });
    expect(card.statusCode).toBe(503);
    expect(card.json().message).toBe('Erro ao gerar sessão de pagamento');
    expect(await paymentOf(user.id)).toMatchObject({ status: 'failed' });
    mp.failNext(500, 'boom');
    const pix = await post('/api/credits/create-mercadopago-checkout', headers, { amount: 10 });
    expect(pix.statusCode).toBe(503);
    expect(pix.json().message).toBe('Erro ao criar checkout PIX');
  });
});

describe('Mercado Pago top-up (PIX)', () => {
  it('creates a BRL Checkout Pro preference with our reference, webhook URL and back URLs', async () => {
    const { user, reply, preferenceId } = await pixTopUp(50);
    const row = await paymentOf(user.id);
    const preference = mp.preferences.get(preferenceId)!;
    expect(reply.initPoint).toBe(preference.init_point);
    expect(reply.sandboxInitPoint).toBe(preference.sandbox_init_point);
    expect(preference).toMatchObject({
      external_reference: String(row.id),
      items: [expect.objectContaining({ currency_id: 'BRL', unit_price: 50, quantity: 1 })],
      back_urls: {
        success: `http://bora.test/payment-success?session_id=${row.publicId}`,
        failure: `http://bora.test/add-credit?cancelado=${row.publicId}`,
      },
    });
    expect(preference.notification_url).toMatch(/^http:\/\/bora\.test\/api\/webhooks\/mercadopago\?/);
    expect(row).toMatchObject({ provider: 'mercadopago', method: 'pix', providerSessionId: preferenceId });
  });

  it('signature checks: valid credits; wrong secret, stale ts, another data.id and no header are rejected and write nothing', async () => {
    const { user, preferenceId } = await pixTopUp(25);
    const payment = mp.createPayment({ preferenceId });
    const ts = nowSeconds();
    const good = mp.webhookFor(payment.id, { ts });
    const wrongSecret = mp.webhookFor(payment.id, { ts, secret: 'not-the-secret' });
    const stale = mp.webhookFor(payment.id, { ts: ts - 301 });
    const otherId = { ...good, query: { ...good.query, 'data.id': String(payment.id + 1) } };
    const unsigned = { ...good, headers: { 'content-type': 'application/json' } };
    for (const delivery of [wrongSecret, stale, otherId, unsigned]) {
      const res = await mpHook(delivery);
      expect([400, 401]).toContain(res.status);
    }
    expect(await balanceOf(user.id)).toBe(0);
    expect((await mpHook(good)).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(2500);
    expect(await ledgerOf(user.id)).toEqual([expect.objectContaining({ type: 'add_pix', amountCents: 2500, source: 'mercadopago' })]);
    // The body is not signed: a body naming another payment changes nothing, only data.id counts.
    const before = mp.requests.filter((r) => r.path.startsWith('/v1/payments/')).length;
    expect((await mpHook({ ...good, rawBody: JSON.stringify({ data: { id: '1' } }) })).status).toBe(200);
    expect(mp.requests.filter((r) => r.path.startsWith('/v1/payments/')).length).toBe(before + 1);
    expect(await balanceOf(user.id)).toBe(2500);
  });

  it('a pending PIX (code generated, not paid) credits nothing; approval later credits once', async () => {
    const { user, headers, preferenceId } = await pixTopUp(30);
    const payment = mp.createPayment({ preferenceId }, { status: 'pending' });
    expect((await mpHook(mp.webhookFor(payment.id, { ts: nowSeconds() }))).status).toBe(200);
    const row = await paymentOf(user.id);
    expect((await verify(row.publicId, headers)).body).toMatchObject({ success: false, status: 'pending', credits: 0 });
    expect(await balanceOf(user.id)).toBe(0);

    mp.setPaymentStatus(payment.id, 'approved', 'accredited');
    const delivery = mp.webhookFor(payment.id, { ts: nowSeconds() });
    const storm = await Promise.all([
      ...Array.from({ length: 5 }, () => mpHook(delivery)),
      verify(row.publicId, headers),
      verify(row.publicId, headers),
    ]);
    expect(storm.map((r) => r.status)).toEqual(Array(7).fill(200));
    for (let i = 0; i < 5; i += 1) await mpHook(mp.webhookFor(payment.id, { ts: nowSeconds() }));
    expect(await balanceOf(user.id)).toBe(3000);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'paid', providerPaymentId: String(payment.id) });
  });

  it('out of order: an approved report then an older pending one leaves it paid; a rejected one on a new payment marks it failed', async () => {
    const first = await pixTopUp(15);
    const approved = mp.createPayment({ preferenceId: first.preferenceId });
    await mpHook(mp.webhookFor(approved.id, { ts: nowSeconds() }));
    const pendingOne = mp.createPayment({ preferenceId: first.preferenceId }, { status: 'pending' });
    await mpHook(mp.webhookFor(pendingOne.id, { ts: nowSeconds() }));
    expect(await paymentOf(first.user.id)).toMatchObject({ status: 'paid' });
    expect(await balanceOf(first.user.id)).toBe(1500);

    const second = await pixTopUp(15);
    const rejected = mp.createPayment({ preferenceId: second.preferenceId }, { status: 'rejected' });
    await mpHook(mp.webhookFor(rejected.id, { ts: nowSeconds() }));
    expect(await paymentOf(second.user.id)).toMatchObject({ status: 'failed', settledAt: null });
    expect((await verify((await paymentOf(second.user.id)).publicId, second.headers)).body).toMatchObject({
      success: false,
      status: 'failed',
    });
  });

  it('an approved payment with a different amount or of someone else\u2019s reference is not credited', async () => {
    const { user, preferenceId } = await pixTopUp(40);
    const row = await paymentOf(user.id);
    const wrongAmount = mp.createPayment({ reference: String(row.id), amountCents: 100 });
    await mpHook(mp.webhookFor(wrongAmount.id, { ts: nowSeconds() }));
    const unknown = mp.createPayment({ reference: 'not-ours', amountCents: 4000 });
    await mpHook(mp.webhookFor(unknown.id, { ts: nowSeconds() }));
    expect(await balanceOf(user.id)).toBe(0);
    expect(preferenceId).toBeTruthy();
  });
});

describe('paying a game in live mode', () => {
  const registrationOf = async (gameId: number, userId: number) =>
    (
      await db()
        .select()
        .from(registrations)
        .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, userId)))
    )[0];

  it('card: Stripe session for the price with an expiry, the paid webhook confirms once; refundPayment refunds through Stripe', async () => {
    const game = await createGame(db(), {
      dateTime: new Date(t.clock.now().getTime() + 5 * DAY_MS),
      priceCents: 3500,
      name: 'Vôlei misto',
    });
    const { user, headers } = await createSignedInUser(t.app);
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'stripe' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    const sessionId = new URL(url).pathname.split('/').at(-1)!;
    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      amount_total: 3500,
      currency: 'brl',
    });
    const [payment] = await db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(session.cancel_url).toBe(`http://bora.test/apply/${game.id}?cancelado=${payment!.publicId}`);
    // Stripe's minimum session life is 30 minutes (plus a margin), above our 30-minute hold.
    expect(session.expires_at).toBeGreaterThanOrEqual(nowSeconds() + 30 * 60);

    stripe.markSessionPaid(sessionId);
    const event = stripe.webhookFor(sessionId, { timestamp: nowSeconds() });
    await Promise.all(Array.from({ length: 5 }, () => stripeHook(event)));
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'confirmed', paymentType: 'stripe', paidCents: 3500 });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerOf(user.id)).toEqual([]);

    expect((await post(`/api/games/${game.id}/cancel`, headers)).json()).toMatchObject({ refund: 'request' });
    const reg = (await registrationOf(game.id, user.id))!;
    const refund = await refundPayment(t.app.ctx, { registrationId: reg.id, amountCents: 3500, idempotencyKey: `cancellation:${reg.id}` });
    expect(refund.providerRefundId).toMatch(/^re_test_/);
    expect(stripe.refunds).toEqual([expect.objectContaining({ amount: 3500, payment_intent: session.payment_intent })]);
    await refundPayment(t.app.ctx, { registrationId: reg.id, amountCents: 3500, idempotencyKey: `cancellation:${reg.id}` });
    expect(stripe.refunds).toHaveLength(1);
  });

  it('PIX: a Mercado Pago preference; the approved webhook confirms; a refused refund stays retryable', async () => {
    const game = await createGame(db(), { dateTime: new Date(t.clock.now().getTime() + 5 * DAY_MS), priceCents: 2000 });
    const { user, headers } = await createSignedInUser(t.app);
    const body = (await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'mercadopago' })).json();
    expect(body.initPoint).toMatch(/\/checkout\/v1\/redirect\?pref_id=/);
    expect(body.sandboxInitPoint).toMatch(/sandbox=1/);
    const preferenceId = new URL(body.initPoint).searchParams.get('pref_id')!;
    const payment = mp.createPayment({ preferenceId });
    await mpHook(mp.webhookFor(payment.id, { ts: nowSeconds() }));
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'confirmed', paymentType: 'mercadopago', paidCents: 2000 });

    const reg = (await registrationOf(game.id, user.id))!;
    await expect(refundPayment(t.app.ctx, { registrationId: reg.id, amountCents: 2001, idempotencyKey: 'too-much' })).rejects.toThrow(
      /maior que o valor/,
    );
    const done = await refundPayment(t.app.ctx, { registrationId: reg.id, amountCents: 500, idempotencyKey: 'partial-1' });
    expect(done).toMatchObject({ amountCents: 500, destination: 'provider' });
    expect(mp.refunds).toEqual([expect.objectContaining({ payment_id: payment.id, amount: 5 })]);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'paid', refundedCents: 500 });
  });

  it('a provider that cannot create the checkout releases the fresh hold at once', async () => {
    const game = await createGame(db(), { totalSlots: 1, dateTime: new Date(t.clock.now().getTime() + 5 * DAY_MS) });
    const { user, headers } = await createSignedInUser(t.app);
    stripe.failNext(400, 'down');
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'card' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Erro ao gerar sessão de pagamento');
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'cancelled' });
    expect((await t.app.inject({ method: 'GET', url: `/api/games/${game.id}` })).json().remainingSlots).toBe(1);
  });
});
