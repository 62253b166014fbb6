import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { sweepExpiredPayments } from '../../core/games/expire-pending-payments';
import { refundPayment } from '../../core/payments/refund-payment';
import { messages } from '../../../shared/messages';
import { creditTransactions, notifications, paymentRefunds, payments, registrations, users } from '../../db/schema';

// The embedded default (PAYMENTS unset): both methods go to the app's own sandbox checkout page.

const t = setUpTestApp();
afterEach(async () => {
  await expectLedgerBalanced(db());
  t.clock.set(TEST_NOW);
});

const db = () => t.app.ctx.db;
const MINUTE_MS = 60_000;

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const balanceOf = async (userId: number) => (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b;
const paymentRows = (userId: number) => db().select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id);
const noticesOf = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const sessionPath = (url: string) => new URL(url).pathname;

/** Opens the sandbox page and presses Pagar, as the browser would. */
async function payOnSandboxPage(checkoutUrl: string) {
  const path = sessionPath(checkoutUrl);
  const page = await get(path);
  expect(page.statusCode).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

describe('GET /api/credits/config', () => {
  it('tells the web app it runs in sandbox mode', async () => {
    expect((await get('/api/credits/config')).json()).toEqual({ mode: 'sandbox' });
  });
});

describe('top-up checkouts in sandbox mode', () => {
  it('card: a pending payment and a page of our own that shows amount, method and the test banner', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const res = await post('/api/credits/create-checkout', headers, { amount: 50 });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^http:\/\/bora\.test\/sandbox\/checkout\/sbx_/);
    const [row] = await paymentRows(user.id);
    expect(row).toMatchObject({
      purpose: 'topup',
      method: 'card',
      provider: 'sandbox',
      amountCents: 5000,
      status: 'pending',
      settledAt: null,
    });
    expect(url).toBe(`http://bora.test/sandbox/checkout/${row!.providerSessionId}`);

    const page = await get(sessionPath(url));
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Ambiente de teste — nenhum valor real é cobrado');
    expect(page.body).toContain('R$ 50,00');
    expect(page.body).toContain('Cartão');
    expect(page.body).toMatch(/<button type="submit"[^>]*>Pagar<\/button>/);
    expect(page.body).toMatch(/>Cancelar<\/button>/);
    expect(page.body).not.toMatch(/<script/i);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('PIX: initPoint and sandboxInitPoint both lead to the sandbox page', async () => {
    const { headers } = await createSignedInUser(t.app);
    const res = await post('/api/credits/create-mercadopago-checkout', headers, { amount: 12.34 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.initPoint).toMatch(/\/sandbox\/checkout\/sbx_/);
    expect(body.sandboxInitPoint).toBe(body.initPoint);
    expect((await get(sessionPath(body.initPoint))).body).toContain('PIX');
  });

  it('Pagar credits once through the webhook path and returns to /payment-success; verify-payment agrees', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const { url } = (await post('/api/credits/create-checkout', headers, { amount: 50 })).json();
    const paid = await payOnSandboxPage(url);
    expect(paid.statusCode).toBe(303);
    const [row] = await paymentRows(user.id);
    expect(paid.headers.location).toBe(`/payment-success?session_id=${row!.publicId}`);
    expect(row).toMatchObject({ status: 'paid', outcome: 'credited' });
    expect(await balanceOf(user.id)).toBe(5000);
    const ledger = await db().select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));
    expect(ledger).toEqual([
      expect.objectContaining({ type: 'add_stripe', amountCents: 5000, reference: `payment:${row!.id}`, source: 'sandbox' }),
    ]);
    expect((await noticesOf(user.id)).map((n) => n.message)).toEqual(['R$ 50,00 foram adicionados aos seus créditos.']);

    // Pressing Pagar again (back button) and verifying twice change nothing.
    expect((await payOnSandboxPage(url)).statusCode).toBe(303);
    for (const sessionId of [row!.publicId, row!.providerSessionId!]) {
      const verified = await get(`/api/credits/verify-payment?session_id=${sessionId}`, headers);
      expect(verified.json()).toMatchObject({
        success: true,
        status: 'paid',
        credits: 50,
        purpose: 'topup',
        outcome: 'credited',
        message: 'Pagamento confirmado! R$ 50,00 foram adicionados aos seus créditos.',
      });
    }
    expect(await balanceOf(user.id)).toBe(5000);
  });

  it('an unpaid session verifies as pending and credits nothing; Cancelar goes back to /add-credit, which ends the top-up', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const { initPoint } = (await post('/api/credits/create-mercadopago-checkout', headers, { amount: 20 })).json();
    const [row] = await paymentRows(user.id);
    const verified = await get(`/api/credits/verify-payment?session_id=${row!.publicId}`, headers);
    expect(verified.json()).toMatchObject({ success: false, status: 'pending', credits: 0 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${sessionPath(initPoint)}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/add-credit?cancelado=${row!.publicId}`);
    expect(await balanceOf(user.id)).toBe(0);

    // Someone else cannot end it; its payer can, once and again, and it no longer reads as pending.
    const stranger = await createSignedInUser(t.app);
    expect((await post('/api/credits/cancel-checkout', stranger.headers, { session_id: row!.publicId })).statusCode).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      const ended = await post('/api/credits/cancel-checkout', headers, { session_id: row!.publicId });
      expect(ended.json()).toEqual({ status: 'cancelled', message: 'Compra de créditos cancelada. Nada foi cobrado.' });
    }
    expect((await paymentRows(user.id))[0]).toMatchObject({ status: 'expired', settledAt: null });
    // A payment that still arrives becomes credits, once.
    await payOnSandboxPage(initPoint);
    expect(await balanceOf(user.id)).toBe(2000);
    expect((await post('/api/credits/cancel-checkout', headers, { session_id: row!.publicId })).json().status).toBe('paid');
  });

  it('a top-up nobody pays ends when its hour is up, at the next sweep, instead of staying pending', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    expect((await post('/api/credits/create-checkout', headers, { amount: 30 })).statusCode).toBe(200);
    const [opened] = await paymentRows(user.id);
    expect(opened!.expiresAt!.getTime() - opened!.createdAt.getTime()).toBe(60 * MINUTE_MS);

    t.clock.set(new Date(TEST_NOW.getTime() + 59 * MINUTE_MS));
    await sweepExpiredPayments(t.app.ctx);
    expect((await paymentRows(user.id))[0]!.status).toBe('pending');
    t.clock.set(new Date(TEST_NOW.getTime() + 61 * MINUTE_MS));
    await sweepExpiredPayments(t.app.ctx);
    expect((await paymentRows(user.id))[0]!.status).toBe('expired');

    // One opened before top-ups had a deadline ends a day after it was opened.
    await db().update(payments).set({ status: 'pending', expiresAt: null }).where(eq(payments.id, opened!.id));
    await sweepExpiredPayments(t.app.ctx);
    expect((await paymentRows(user.id))[0]!.status).toBe('pending');
    t.clock.set(new Date(TEST_NOW.getTime() + DAY_MS + MINUTE_MS));
    await sweepExpiredPayments(t.app.ctx);
    expect((await paymentRows(user.id))[0]!.status).toBe('expired');
  });

  it('only the payer can verify a payment: anyone else gets success false and nothing happens', async () => {
    const payer = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    await post('/api/credits/create-checkout', payer.headers, { amount: 30 });
    const [row] = await paymentRows(payer.user.id);
    // Even after it is paid, another user only learns that the session is not found.
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${row!.providerSessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const res = await get(`/api/credits/verify-payment?session_id=${row!.publicId}`, other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      status: 'not_found',
      message: 'Sessão de pagamento não encontrada',
      credits: 0,
      amount: null,
    });
    expect(await balanceOf(other.user.id)).toBe(0);
    expect((await get('/api/credits/verify-payment?session_id=nada', payer.headers)).json()).toMatchObject({
      success: false,
      status: 'not_found',
    });
  });

  it('validates the amount (1 to 5000, two decimals) and needs a token', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    for (const path of ['/api/credits/create-checkout', '/api/credits/create-mercadopago-checkout', '/api/credits/add']) {
      for (const amount of [0, 0.99, -5, 5000.01, 10.001, 10.555, '10', 'NaN', null]) {
        const res = await post(path, headers, { amount });
        expect([res.statusCode, res.json().message], `${path} ${String(amount)}`).toEqual([400, messages.topUpAmountInvalid]);
      }
      // JSON reads 1e400 as Infinity.
      const infinite = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"amount":1e400}',
      });
      expect([infinite.statusCode, infinite.json().message]).toEqual([400, messages.topUpAmountInvalid]);
      expect((await post(path, headers, {})).statusCode).toBe(400);
      expect((await post(path, headers, { amount: 10, extra: true })).statusCode).toBe(400);
      expect((await post(path, {}, { amount: 10 })).statusCode).toBe(401);
      expect((await post(path, {}, { amount: 0 })).statusCode).toBe(401);
    }
    expect((await post('/api/credits/create-checkout', headers, { amount: 1 })).statusCode).toBe(200);
    expect((await post('/api/credits/create-checkout', headers, { amount: 5000 })).statusCode).toBe(200);
    expect((await post('/api/credits/create-mercadopago-checkout', headers, { amount: 19.99 })).statusCode).toBe(200);
    expect((await paymentRows(user.id)).map((payment) => payment.amountCents)).toEqual([100, 500_000, 1999]);
    expect((await get('/api/credits/verify-payment?session_id=x')).statusCode).toBe(401);
    expect((await get('/api/credits/verify-payment', headers)).statusCode).toBe(400);
  });

  it('POST /credits/add is an instant test top-up in sandbox mode, through the ledger', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const res = await post('/api/credits/add', headers, { amount: 25.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'R$ 25,50 em créditos de teste adicionados.', credits: 25.5 });
    expect(await balanceOf(user.id)).toBe(2550);
    const [row] = await db().select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));
    expect(row).toMatchObject({ type: 'add_manual', source: 'sandbox', amountCents: 2550 });
    const exact = await post('/api/credits/add', headers, { amount: 4.35 });
    expect(exact.json()).toEqual({ message: 'R$ 4,35 em créditos de teste adicionados.', credits: 29.85 });
    expect(await balanceOf(user.id)).toBe(2985);
  });

  it('an unknown sandbox session is a 404 page, and nothing is written', async () => {
    const res = await get('/sandbox/checkout/sbx_doesnotexist000000000');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Sessão de pagamento não encontrada');
    const pay = await t.app.inject({
      method: 'POST',
      url: '/sandbox/checkout/sbx_doesnotexist000000000/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(404);
  });
});

describe('paying a game by card or PIX (sandbox)', () => {
  async function applicant(credits = 0) {
    const signedIn = await createSignedInUser(t.app);
    if (credits > 0) await addCredits(db(), signedIn.user.id, credits);
    return signedIn;
  }
  const registrationOf = async (gameId: number, userId: number) =>
    (
      await db()
        .select()
        .from(registrations)
        .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, userId)))
        .orderBy(registrations.id)
    ).at(-1);

  it('card: holds the slot as pending for the payment window, answers the checkout url, and Pagar confirms it once', async () => {
    const game = await createGame(db(), { name: 'Vôlei de areia', totalSlots: 1, priceCents: 2500 });
    const { user, headers } = await applicant();
    const res = await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'card' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ waitlisted: false, registrationType: 'pending', paymentType: 'stripe', amountCharged: 0 });
    expect(body.url).toMatch(/\/sandbox\/checkout\/sbx_/);
    expect(body.paymentDeadline).toBe(new Date(TEST_NOW.getTime() + 30 * MINUTE_MS).toISOString());
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'pending', paymentType: 'stripe', paidCents: 0 });
    // The held slot counts: the next player goes to the waitlist.
    const next = await applicant();
    expect((await post(`/api/games/${game.id}/apply`, next.headers, { paymentType: 'card' })).json()).toMatchObject({ waitlisted: true });

    const page = await get(sessionPath(body.url));
    expect(page.body).toContain('R$ 25,00');
    expect(page.body).toContain('Vaga em Vôlei de areia');
    const paid = await payOnSandboxPage(body.url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^\/payment-success\?session_id=pay_/);
    expect(await registrationOf(game.id, user.id)).toMatchObject({
      status: 'confirmed',
      paymentType: 'stripe',
      paidCents: 2500,
      paymentDeadline: null,
    });
    expect(await balanceOf(user.id)).toBe(0);
    const [row] = await paymentRows(user.id);
    expect(row).toMatchObject({
      status: 'paid',
      outcome: 'confirmed',
      purpose: 'game',
      registrationId: (await registrationOf(game.id, user.id))!.id,
    });
    expect((await noticesOf(user.id)).map((n) => n.type)).toEqual(['registration_confirmed']);

    const verified = await get(`/api/credits/verify-payment?session_id=${row!.publicId}`, headers);
    expect(verified.json()).toMatchObject({
      success: true,
      purpose: 'game',
      outcome: 'confirmed',
      gameId: game.id,
      message: 'Pagamento confirmado! Sua inscrição em Vôlei de areia está confirmada.',
    });
    // A second Pagar (e.g. a resubmitted form) neither charges nor credits.
    await t.app.inject({
      method: 'POST',
      url: `${sessionPath(body.url)}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await db().select().from(creditTransactions).where(eq(creditTransactions.userId, user.id))).toEqual([]);
  });

  it('PIX: answers initPoint/sandboxInitPoint and records mercadopago on the registration', async () => {
    const game = await createGame(db());
    const { user, headers } = await applicant();
    const body = (await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'mercadopago' })).json();
    expect(body.initPoint).toMatch(/\/sandbox\/checkout\/sbx_/);
    expect(body.sandboxInitPoint).toBe(body.initPoint);
    expect(body.url).toBeUndefined();
    await payOnSandboxPage(body.initPoint);
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'confirmed', paymentType: 'mercadopago', paidCents: 1000 });
  });

  it('the hold never outlasts the game start', async () => {
    const game = await createGame(db(), { dateTime: new Date(TEST_NOW.getTime() + 10 * MINUTE_MS) });
    const { headers } = await applicant();
    const body = (await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'card' })).json();
    expect(body.paymentDeadline).toBe(game.dateTime.toISOString());
  });

  it('an expired hold frees the slot for the line; the late payment becomes credits, with a notification', async () => {
    const game = await createGame(db(), { name: 'Vôlei noturno', totalSlots: 1, priceCents: 1500 });
    const late = await applicant();
    const body = (await post(`/api/games/${game.id}/apply`, late.headers, { paymentType: 'card' })).json();
    const waiting = await applicant(5000);
    expect((await post(`/api/games/${game.id}/apply`, waiting.headers, { paymentType: 'credit' })).json().waitlisted).toBe(true);

    t.clock.advance(30 * MINUTE_MS);
    // A read shows the place free at once and writes nothing; the sweep hands it to the line.
    expect((await get(`/api/games/${game.id}`)).json().remainingSlots).toBe(1);
    expect(await registrationOf(game.id, late.user.id)).toMatchObject({ status: 'pending' });
    await sweepExpiredPayments(t.app.ctx);
    expect(await registrationOf(game.id, late.user.id)).toMatchObject({ status: 'cancelled' });
    expect(await registrationOf(game.id, waiting.user.id)).toMatchObject({ status: 'confirmed', paymentType: 'credit' });
    expect((await paymentRows(late.user.id))[0]).toMatchObject({ status: 'expired', settledAt: null });

    const paid = await payOnSandboxPage(body.url);
    expect(paid.statusCode).toBe(303);
    expect(await registrationOf(game.id, late.user.id)).toMatchObject({ status: 'cancelled', paidCents: 0 });
    expect(await balanceOf(late.user.id)).toBe(1500);
    const [row] = await paymentRows(late.user.id);
    expect(row).toMatchObject({ status: 'paid', outcome: 'credited' });
    const [credit] = await db().select().from(creditTransactions).where(eq(creditTransactions.userId, late.user.id));
    expect(credit).toMatchObject({ type: 'add_stripe', amountCents: 1500, reference: `payment:${row!.id}` });
    const notices = await noticesOf(late.user.id);
    expect(notices.map((n) => n.type)).toEqual(['payment_expired', 'late_payment_credited']);
    expect(notices[1]!.message).toBe(
      'Seu pagamento para Vôlei noturno chegou depois do prazo da vaga. R$ 15,00 foram adicionados aos seus créditos.',
    );
    const verified = await get(`/api/credits/verify-payment?session_id=${row!.publicId}`, late.headers);
    expect(verified.json()).toMatchObject({ success: true, outcome: 'credited', credits: 15 });
  });

  it('a player promoted to a pending slot pays it by card within their own deadline', async () => {
    const game = await createGame(db(), { totalSlots: 1 });
    const holder = await createUser(db());
    const reg = await createRegistration(db(), {
      gameId: game.id,
      userId: holder.id,
      status: 'pending',
      paymentDeadline: new Date(TEST_NOW.getTime() + 2 * 60 * MINUTE_MS),
    });
    const token = await t.app.ctx.tokens.issue({ userId: holder.id, tokenVersion: holder.tokenVersion });
    const headers = { authorization: `Bearer ${token}` };
    const body = (await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'card' })).json();
    expect(body).toMatchObject({ registrationType: 'pending', paymentDeadline: reg.paymentDeadline!.toISOString() });
    await payOnSandboxPage(body.url);
    expect(await registrationOf(game.id, holder.id)).toMatchObject({ id: reg.id, status: 'confirmed', paidCents: 1000 });
  });

  it('a second checkout for the same hold: the first payment confirms, the second becomes credits', async () => {
    const game = await createGame(db());
    const { user, headers } = await applicant();
    const first = (await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'card' })).json();
    const second = (await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'mercadopago' })).json();
    await payOnSandboxPage(second.initPoint);
    await payOnSandboxPage(first.url);
    expect(await registrationOf(game.id, user.id)).toMatchObject({ status: 'confirmed', paymentType: 'mercadopago' });
    expect(await balanceOf(user.id)).toBe(1000);
  });

  it('cancelling a card-paid registration 48 h ahead files a request; refundPayment refunds it once per key', async () => {
    const game = await createGame(db(), { dateTime: new Date(TEST_NOW.getTime() + 5 * DAY_MS), priceCents: 2000 });
    const { user, headers } = await applicant();
    await payOnSandboxPage((await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'card' })).json().url);
    const cancel = await post(`/api/games/${game.id}/cancel`, headers);
    expect(cancel.json()).toMatchObject({ refund: 'request', refundedAmount: 20 });
    const reg = (await registrationOf(game.id, user.id))!;

    const first = await refundPayment(t.app.ctx, { registrationId: reg.id, amountCents: 2000, idempotencyKey: 'cancellation:1' });
    expect(first).toMatchObject({ amountCents: 2000, destination: 'provider', status: 'succeeded' });
    expect(first.providerRefundId).toMatch(/^sbxre_/);
    const again = await refundPayment(t.app.ctx, { registrationId: reg.id, amountCents: 2000, idempotencyKey: 'cancellation:1' });
    expect(again).toEqual(first);
    await expect(refundPayment(t.app.ctx, { registrationId: reg.id, amountCents: 1, idempotencyKey: 'cancellation:2' })).rejects.toThrow(
      'O valor do reembolso é maior que o valor ainda disponível do pagamento.',
    );
    const [row] = await paymentRows(user.id);
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 2000 });
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row!.id))).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('refundPayment as credits goes through the ledger; credited payments are not refundable', async () => {
    const game = await createGame(db(), { priceCents: 3000 });
    const { user, headers } = await applicant();
    await payOnSandboxPage((await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'mercadopago' })).json().initPoint);
    const [gamePayment] = await paymentRows(user.id);
    const partial = await refundPayment(t.app.ctx, {
      paymentId: gamePayment!.id,
      amountCents: 1000,
      idempotencyKey: 'k-credits',
      destination: 'credits',
    });
    expect(partial).toMatchObject({ destination: 'credits', providerRefundId: null });
    await refundPayment(t.app.ctx, { paymentId: gamePayment!.id, amountCents: 1000, idempotencyKey: 'k-credits', destination: 'credits' });
    expect(await balanceOf(user.id)).toBe(1000);
    expect((await paymentRows(user.id))[0]).toMatchObject({ status: 'paid', refundedCents: 1000 });

    await payOnSandboxPage((await post('/api/credits/create-checkout', headers, { amount: 10 })).json().url);
    const topUp = (await paymentRows(user.id)).at(-1)!;
    await expect(refundPayment(t.app.ctx, { paymentId: topUp.id, amountCents: 500, idempotencyKey: 'k-topup' })).rejects.toThrow(
      'Este pagamento não pode ser reembolsado.',
    );
  });
});
