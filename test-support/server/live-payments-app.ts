import type { AddressInfo } from 'node:net';
import { startFakeMercadoPago, type FakeMercadoPago } from './fake-mercadopago';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { createTestApp, type TestApp } from './test-app';

export type LivePaymentsApp = { t: TestApp; stripe: FakeStripe; mp: FakeMercadoPago; baseUrl: string; close(): Promise<void> };

/**
 * The app with PAYMENTS=live against local fake Stripe and Mercado Pago servers on 127.0.0.1,
 * listening for real so webhook deliveries arrive as real parallel HTTP requests. Real time: the
 * fakes sign with Date.now() and check Stripe's session expiry against it.
 */
export async function startLivePaymentsApp(): Promise<LivePaymentsApp> {
  const stripe = await startFakeStripe();
  const mp = await startFakeMercadoPago();
  const t = await createTestApp({
    now: new Date(),
    env: {
      PAYMENTS: 'live',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      MERCADOPAGO_ACCESS_TOKEN: mp.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: mp.webhookSecret,
      MERCADOPAGO_API_URL: mp.url,
    },
  });
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
