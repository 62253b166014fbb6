import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../test-support/server/factories';
import type { FakeMercadoPago } from '../../../../test-support/server/fake-mercadopago';
import type { FakeStripe } from '../../../../test-support/server/fake-stripe';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { type LivePaymentsApp, startLivePaymentsApp } from '../../../../test-support/server/live-payments-app';
import type { TestApp } from '../../../../test-support/server/test-app';
import { creditTransactions, payments, users } from '../../db/schema';
import { RECONCILE_AFTER_MS, RECONCILE_EVERY_MS, RECONCILE_WINDOW_MS, reconcilePayments } from './reconcile-payments';

// The webhooks of these payments are never delivered: only the reconciliation can find out.

let t: TestApp;
let stripe: FakeStripe;
let mp: FakeMercadoPago;
let baseUrl: string;
let live: LivePaymentsApp;

beforeAll(async () => {
  live = await startLivePaymentsApp();
  ({ t, stripe, mp, baseUrl } = live);
});
afterEach(async () => {
  await expectLedgerBalanced(db());
  // Every test starts with nothing left to reconcile from the one before.
  t.clock.advance(RECONCILE_WINDOW_MS + 1);
});
afterAll(() => live.close());

const MINUTE_MS = 60_000;
const db = () => t.app.ctx.db;
const balanceOf = async (userId: number) => (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b;
const ledgerOf = (userId: number) => db().select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
const paymentOf = async (userId: number) => (await db().select().from(payments).where(eq(payments.userId, userId)))[0]!;
const stripeCalls = () => stripe.requests.filter((r) => r.path.startsWith('/v1/checkout/sessions/')).length;

async function cardTopUp(amount: number) {
  const signedIn = await createSignedInUser(t.app);
  const res = await t.app.inject({ method: 'POST', url: '/api/credits/create-checkout', headers: signedIn.headers, payload: { amount } });
  expect(res.statusCode).toBe(200);
  return { ...signedIn, sessionId: new URL(res.json().url).pathname.split('/').at(-1)! };
}

async function pixTopUp(amount: number) {
  const signedIn = await createSignedInUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/credits/create-mercadopago-checkout',
    headers: signedIn.headers,
    payload: { amount },
  });
  expect(res.statusCode).toBe(200);
  return { ...signedIn, preferenceId: new URL(res.json().initPoint).searchParams.get('pref_id')! };
}

describe('payment reconciliation', () => {
  it('credits a card payment whose notification never came, once, after waiting long enough to ask', async () => {
    const { user, sessionId } = await cardTopUp(40);
    stripe.markSessionPaid(sessionId);

    const before = stripeCalls();
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 0, unavailable: 0 });
    expect(stripeCalls()).toBe(before);
    expect(await balanceOf(user.id)).toBe(0);

    t.clock.advance(RECONCILE_AFTER_MS + MINUTE_MS);
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 1, unavailable: 0 });
    expect(await balanceOf(user.id)).toBe(4000);
    expect(await paymentOf(user.id)).toMatchObject({ status: 'paid', outcome: 'credited' });

    // Settled: never asked about again.
    t.clock.advance(RECONCILE_EVERY_MS + MINUTE_MS);
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 0, unavailable: 0 });
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('credits once when runs on two servers, the late webhook and the return page all race', async () => {
    const { user, headers, sessionId } = await cardTopUp(25);
    stripe.markSessionPaid(sessionId);
    t.clock.advance(RECONCILE_AFTER_MS + MINUTE_MS);
    await Promise.all([
      reconcilePayments(t.app.ctx),
      reconcilePayments(t.app.ctx),
      stripe.deliver(stripe.webhookFor(sessionId), `${baseUrl}/api/webhooks/stripe`),
      fetch(`${baseUrl}/api/credits/verify-payment?session_id=${sessionId}`, { headers }),
    ]);
    expect(await balanceOf(user.id)).toBe(2500);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('asks again on a later run when the provider could not answer, and not before', async () => {
    const { user, sessionId } = await cardTopUp(30);
    stripe.markSessionPaid(sessionId);
    t.clock.advance(RECONCILE_AFTER_MS + MINUTE_MS);
    // The SDK tries three times in all.
    stripe.failNext(500, 'indisponível', 3);
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 0, unavailable: 1 });
    expect(await paymentOf(user.id)).toMatchObject({ status: 'pending', settledAt: null });

    t.clock.advance(MINUTE_MS);
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 0, unavailable: 0 });
    t.clock.advance(RECONCILE_EVERY_MS);
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 1, unavailable: 0 });
    expect(await balanceOf(user.id)).toBe(3000);
  });

  it('leaves an unpaid checkout pending, stops awaiting an expired one, and forgets checkouts past the window', async () => {
    const unpaid = await cardTopUp(10);
    const expired = await cardTopUp(15);
    stripe.expireSession(expired.sessionId);
    t.clock.advance(RECONCILE_AFTER_MS + MINUTE_MS);
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 2, unavailable: 0 });
    expect(await paymentOf(unpaid.user.id)).toMatchObject({ status: 'pending', settledAt: null });
    expect(await paymentOf(expired.user.id)).toMatchObject({ status: 'failed', settledAt: null });

    t.clock.advance(RECONCILE_WINDOW_MS);
    const before = stripeCalls();
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 0, unavailable: 0 });
    expect(stripeCalls()).toBe(before);
    expect(await balanceOf(unpaid.user.id)).toBe(0);
  });

  it('credits an approved PIX once and leaves a PIX still waiting for the transfer alone', async () => {
    const approved = await pixTopUp(35);
    const waiting = await pixTopUp(20);
    mp.createPayment({ preferenceId: approved.preferenceId });
    mp.createPayment({ preferenceId: waiting.preferenceId }, { status: 'pending' });
    t.clock.advance(RECONCILE_AFTER_MS + MINUTE_MS);
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 2, unavailable: 0 });
    expect(await balanceOf(approved.user.id)).toBe(3500);
    expect(await paymentOf(approved.user.id)).toMatchObject({ status: 'paid', outcome: 'credited' });
    expect(await balanceOf(waiting.user.id)).toBe(0);
    expect(await paymentOf(waiting.user.id)).toMatchObject({ status: 'pending' });

    t.clock.advance(RECONCILE_EVERY_MS + MINUTE_MS);
    expect(await reconcilePayments(t.app.ctx)).toEqual({ checked: 1, unavailable: 0 });
    expect(await ledgerOf(approved.user.id)).toHaveLength(1);
  });
});
