import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendJson, startHttpServer, type RunningFake } from '../../../../test-support/server/fake-http';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../../test-support/server/fake-mercadopago';
import { startFakeStripe, type FakeStripe } from '../../../../test-support/server/fake-stripe';
import { fixedClock } from '../../lib/clock';
import { createMercadoPagoProvider } from './mercadopago/mercadopago-provider';
import type { PaymentProvider, WebhookResult } from './provider';
import { createStripeProvider } from './stripe/stripe-provider';

// The whole loop the Playwright harness relies on: checkout page → pay → signed notification to
// our endpoint → handleWebhook → paid, and the payer redirected to our success URL.

const clock = fixedClock(new Date());
const received: Array<{ provider: string; result: WebhookResult | { error: string } }> = [];
let receiver: RunningFake;
let fakeStripe: FakeStripe;
let fakeMercadoPago: FakeMercadoPago;
let stripe: PaymentProvider;
let mercadoPago: PaymentProvider;

beforeAll(async () => {
  receiver = await startHttpServer(async (request, response) => {
    const provider = request.path === '/api/webhooks/stripe' ? stripe : mercadoPago;
    try {
      const result = await provider.handleWebhook({
        rawBody: Buffer.from(request.rawBody),
        headers: request.headers,
        query: request.query,
      });
      received.push({ provider: provider.name, result });
      sendJson(response, 200, { ok: true });
    } catch (error) {
      received.push({ provider: provider.name, result: { error: (error as Error).name } });
      sendJson(response, 400, { message: 'assinatura inválida' });
    }
  });
  fakeStripe = await startFakeStripe({ webhookUrl: `${receiver.url}/api/webhooks/stripe` });
  fakeMercadoPago = await startFakeMercadoPago({ deliverWebhooks: true });
  stripe = createStripeProvider({
    secretKey: fakeStripe.secretKey,
    webhookSecret: fakeStripe.webhookSecret,
    apiUrl: fakeStripe.url,
    clock,
  });
  mercadoPago = createMercadoPagoProvider({
    accessToken: fakeMercadoPago.accessToken,
    webhookSecret: fakeMercadoPago.webhookSecret,
    apiUrl: fakeMercadoPago.url,
    clock,
  });
});

afterAll(async () => {
  await Promise.all([receiver.close(), fakeStripe.close(), fakeMercadoPago.close()]);
});

const input = (notificationPath: string) => ({
  reference: '321',
  amountCents: 4000,
  description: 'Vôlei de quarta',
  payerEmail: 'dani@example.com',
  successUrl: 'http://bora.test/pagamentos/321/retorno',
  cancelUrl: 'http://bora.test/pagamentos/321/cancelado',
  notificationUrl: `${receiver.url}${notificationPath}`,
});

describe('hosted checkout pages of the fakes', () => {
  test('Stripe: paying on the page delivers a verified checkout.session.completed and returns to our success URL', async () => {
    const checkout = await stripe.createCheckout(input('/api/webhooks/stripe'));
    const page = await fetch(checkout.url);
    expect(await page.text()).toContain('R$');

    const paid = await fetch(checkout.url, { method: 'POST', redirect: 'manual' });

    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://bora.test/pagamentos/321/retorno');
    expect(received.at(-1)).toEqual({
      provider: 'stripe',
      result: expect.objectContaining({
        kind: 'payment',
        payment: expect.objectContaining({ sessionId: checkout.sessionId, status: 'paid', amountCents: 4000, reference: '321' }),
      }),
    });
  });

  test('Mercado Pago: paying with PIX calls notification_url with a verified notification and returns with payment_id', async () => {
    const checkout = await mercadoPago.createCheckout(input('/api/webhooks/mercadopago'));

    const paid = await fetch(checkout.url.replace('/checkout/v1/redirect', '/checkout/v1/pay') + '&outcome=approved', {
      method: 'POST',
      redirect: 'manual',
    });

    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://bora.test/pagamentos/321/retorno');
    expect(back.searchParams.get('status')).toBe('approved');
    expect(back.searchParams.get('external_reference')).toBe('321');
    expect(received.at(-1)).toEqual({
      provider: 'mercadopago',
      result: expect.objectContaining({
        kind: 'payment',
        payment: expect.objectContaining({
          providerPaymentId: back.searchParams.get('payment_id'),
          status: 'paid',
          amountCents: 4000,
          reference: '321',
        }),
      }),
    });
  });
});
