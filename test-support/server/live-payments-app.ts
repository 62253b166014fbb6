import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { creditTransactions, payments, users } from '../../src/server/db/schema';
import type { WebhookDelivery } from './fake-http';
import { startFakeMercadoPago, type FakeMercadoPago } from './fake-mercadopago';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { expectLedgerBalanced } from './ledger';
import { createTestApp, TEST_PAYMENT_ACCOUNTS_KEY, type TestApp } from './test-app';

export type LivePaymentsApp = { t: TestApp; stripe: FakeStripe; mp: FakeMercadoPago; baseUrl: string; close(): Promise<void> };

/**
 * The app with PAYMENTS=live against local fake Stripe and Mercado Pago servers on 127.0.0.1,
 * listening for real so webhook deliveries arrive as real parallel HTTP requests; organisers connect
 * their own accounts through the fakes' OAuth and Connect. The app starts at the real time; both fakes
 * read the app's clock (session expiry, signatures, OAuth codes and tokens), so a test may move it ahead.
 */
export async function startLivePaymentsApp(): Promise<LivePaymentsApp> {
  // Stripe judges a session's expiry by the app's clock, which tests may move ahead of the real time.
  const app: { clock?: TestApp['clock'] } = {};
  const stripe = await startFakeStripe({ now: () => app.clock?.now() ?? new Date() });
  const mp = await startFakeMercadoPago({ now: () => app.clock?.now() ?? new Date() });
  const t = await createTestApp({
    now: new Date(),
    env: {
      PAYMENTS: 'live',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connectWebhookSecret,
      STRIPE_API_URL: stripe.url,
      MERCADOPAGO_ACCESS_TOKEN: mp.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: mp.webhookSecret,
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_CLIENT_ID: mp.clientId,
      MERCADOPAGO_CLIENT_SECRET: mp.clientSecret,
      MERCADOPAGO_AUTH_URL: mp.authUrl,
      PAYMENT_ACCOUNTS_KEY: TEST_PAYMENT_ACCOUNTS_KEY,
    },
  });
  app.clock = t.clock;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return {
    t,
    stripe,
    mp,
    baseUrl,
    async close() {
      await t.close();
      await Promise.all([stripe.close(), mp.close()]);
    },
  };
}

/**
 * The live payments app for one test file: started before its tests (handed to `onStart`), the
 * ledger checked and the clock put back to real time after each test, closed at the end. Returns
 * the helpers most payment tests read and post with.
 */
export function setUpLivePaymentsApp(onStart: (live: LivePaymentsApp) => void) {
  let live: LivePaymentsApp | undefined;
  beforeAll(async () => {
    live = await startLivePaymentsApp();
    onStart(live);
  });
  afterEach(async () => {
    await expectLedgerBalanced(live!.t.app.ctx.db);
    live!.t.clock.set(new Date());
  });
  afterAll(() => live?.close());

  const db = () => live!.t.app.ctx.db;
  return {
    db,
    /** The app's clock in seconds, as webhook signatures are checked against it. */
    nowSeconds: () => Math.floor(live!.t.clock.now().getTime() / 1000),
    post: (url: string, headers: Record<string, string>, payload?: object) =>
      live!.t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
    balanceOf: async (userId: number) => (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b,
    ledgerOf: (userId: number) => db().select().from(creditTransactions).where(eq(creditTransactions.userId, userId)),
    /** The user's newest payment row. */
    paymentOf: async (userId: number) =>
      (await db().select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id)).at(-1)!,
    stripeHook: (delivery: WebhookDelivery) => live!.stripe.deliver(delivery, `${live!.baseUrl}/api/webhooks/stripe`),
    mpHook: (delivery: WebhookDelivery) => live!.mp.deliver(delivery, `${live!.baseUrl}/api/webhooks/mercadopago`),
  };
}
