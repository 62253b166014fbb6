import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  startFakeMercadoPago,
  type FakeMercadoPago,
  type FakeMercadoPagoPaymentStatus,
} from '../../../../test-support/server/fake-mercadopago';
import { fixedClock } from '../../lib/clock';
import { createMercadoPagoOAuth } from './mercadopago/mercadopago-oauth';
import { createMercadoPagoProvider } from './mercadopago/mercadopago-provider';
import { PaymentProviderError, WebhookSignatureError, type CheckoutInput, type PaymentProvider, type PaymentStatus } from './provider';

const clock = fixedClock(new Date());
let fake: FakeMercadoPago;
let mp: PaymentProvider;

const input: CheckoutInput = {
  reference: '77',
  amountCents: 2550,
  description: 'Créditos Bora Jogar: R$ 25,50',
  payerEmail: 'bia@example.com',
  successUrl: 'http://bora.test/pagamentos/77/retorno',
  cancelUrl: 'http://bora.test/pagamentos/77/cancelado',
  notificationUrl: 'http://bora.test/api/webhooks/mercadopago',
};

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
const requestsTo = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path);

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  mp = createMercadoPagoProvider({ accessToken: fake.accessToken, webhookSecret: fake.webhookSecret, apiUrl: fake.url, clock });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  clock.set(new Date());
});

describe('createCheckout', () => {
  test('creates a Checkout Pro preference in reais, BRL, with our reference and URLs', async () => {
    const expiresAt = new Date(clock.now().getTime() + 30 * 60_000);
    const checkout = await mp.createCheckout({ ...input, expiresAt });

    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/checkout/preferences');
    expect(request.headers.authorization).toBe(`Bearer ${fake.accessToken}`);
    expect(request.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.body).toMatchObject({
      items: [{ id: '77', title: input.description, quantity: 1, currency_id: 'BRL', unit_price: 25.5 }],
      external_reference: '77',
      notification_url: 'http://bora.test/api/webhooks/mercadopago?source_news=webhooks',
      back_urls: { success: input.successUrl, failure: input.cancelUrl, pending: input.successUrl },
      auto_return: 'approved',
      payer: { email: 'bia@example.com' },
      payment_methods: { excluded_payment_types: [{ id: 'ticket' }, { id: 'atm' }] },
      expires: true,
      expiration_date_to: expiresAt.toISOString(),
    });

    const preference = fake.preferences.get(checkout.sessionId)!;
    expect(checkout).toEqual({ sessionId: preference.id, url: preference.init_point, sandboxUrl: preference.sandbox_init_point });
  });

  test('converts centavos to reais exactly', async () => {
    await mp.createCheckout({ ...input, amountCents: 1999 });
    expect((fake.requests.at(-1)!.body as { items: Array<{ unit_price: number }> }).items[0]!.unit_price).toBe(19.99);
    await mp.createCheckout({ ...input, amountCents: 1 });
    expect((fake.requests.at(-1)!.body as { items: Array<{ unit_price: number }> }).items[0]!.unit_price).toBe(0.01);
  });

  test('a wrong access token becomes a PaymentProviderError 401', async () => {
    const stranger = createMercadoPagoProvider({ accessToken: 'TEST-wrong', webhookSecret: 'x', apiUrl: fake.url, clock });
    await expect(stranger.createCheckout(input)).rejects.toMatchObject({ name: 'PaymentProviderError', status: 401 });
  });
});

describe('getPayment', () => {
  test.each<[FakeMercadoPagoPaymentStatus, PaymentStatus]>([
    ['approved', 'paid'],
    ['pending', 'pending'],
    ['in_process', 'pending'],
    ['authorized', 'pending'],
    ['rejected', 'failed'],
    ['cancelled', 'failed'],
    ['refunded', 'refunded'],
    ['charged_back', 'refunded'],
  ])('%s maps to %s', async (providerStatus, status) => {
    const payment = fake.createPayment({ reference: '77', amountCents: 2550 }, { status: providerStatus });
    expect(await mp.getPayment(String(payment.id))).toEqual({
      provider: 'mercadopago',
      providerPaymentId: String(payment.id),
      sessionId: null,
      status,
      providerStatus: `${providerStatus}/${payment.status_detail}`,
      amountCents: 2550,
      currency: 'BRL',
      reference: '77',
    });
    expect(requestsTo('GET', `/v1/payments/${payment.id}`)).toHaveLength(1);
  });

  test('a payment made on a preference carries its amount and reference', async () => {
    const { sessionId } = await mp.createCheckout({ ...input, amountCents: 4990 });
    const payment = fake.createPayment({ preferenceId: sessionId });
    expect(await mp.getPayment(String(payment.id))).toMatchObject({ status: 'paid', amountCents: 4990, reference: '77' });
  });

  test('an unknown id is null; a non-numeric id is null without a request', async () => {
    expect(await mp.getPayment('999')).toBeNull();
    const before = fake.requests.length;
    expect(await mp.getPayment('../../checkout/preferences')).toBeNull();
    expect(fake.requests).toHaveLength(before);
  });
});

describe('findCheckoutPayment', () => {
  test('searches by external_reference and prefers the approved payment', async () => {
    fake.createPayment({ reference: 'find-1', amountCents: 1000 }, { status: 'rejected' });
    const approved = fake.createPayment({ reference: 'find-1', amountCents: 1000 }, { status: 'approved' });
    fake.createPayment({ reference: 'find-1', amountCents: 1000 }, { status: 'pending' });
    fake.createPayment({ reference: 'someone-else', amountCents: 1000 }, { status: 'approved' });

    const found = await mp.findCheckoutPayment({ sessionId: 'pref-ignored', reference: 'find-1' });

    expect(found).toMatchObject({ providerPaymentId: String(approved.id), status: 'paid', reference: 'find-1' });
    expect(fake.requests.at(-1)!.query).toMatchObject({ external_reference: 'find-1' });
  });

  test('without an approved one it is the newest; with none it is null', async () => {
    fake.createPayment({ reference: 'find-2', amountCents: 1000 }, { status: 'rejected' });
    const newest = fake.createPayment({ reference: 'find-2', amountCents: 1000 }, { status: 'pending' });
    expect(await mp.findCheckoutPayment({ sessionId: 'x', reference: 'find-2' })).toMatchObject({
      providerPaymentId: String(newest.id),
      status: 'pending',
    });
    expect(await mp.findCheckoutPayment({ sessionId: 'x', reference: 'nobody' })).toBeNull();
  });
});

describe('handleWebhook', () => {
  test('verifies the signature, then reads the payment from the API (never from the body)', async () => {
    const payment = fake.createPayment({ reference: '77', amountCents: 2550 });
    const delivery = fake.webhookFor(payment.id);
    const before = requestsTo('GET', `/v1/payments/${payment.id}`).length;

    const result = await mp.handleWebhook(delivery);

    expect(result).toEqual({
      kind: 'payment',
      eventId: delivery.headers['x-request-id'],
      payment: expect.objectContaining({ providerPaymentId: String(payment.id), status: 'paid', amountCents: 2550, reference: '77' }),
    });
    expect(requestsTo('GET', `/v1/payments/${payment.id}`)).toHaveLength(before + 1);
  });

  test('reports the state the API has now, whatever the body says', async () => {
    const payment = fake.createPayment({ reference: '77', amountCents: 2550 }, { status: 'pending' });
    const delivery = fake.webhookFor(payment.id);
    const lyingBody = delivery.rawBody.replace('"payment.updated"', '"payment.approved"').replace(`"id":"${payment.id}"`, '"id":"1"');
    expect(lyingBody).not.toContain(String(payment.id));
    const result = await mp.handleWebhook({ ...delivery, rawBody: lyingBody });
    expect(result).toMatchObject({ kind: 'payment', payment: { providerPaymentId: String(payment.id), status: 'pending' } });
  });

  test('a tampered data.id fails the signature', async () => {
    const mine = fake.createPayment({ reference: '77', amountCents: 100 });
    const other = fake.createPayment({ reference: 'other', amountCents: 99900 });
    const delivery = fake.webhookFor(mine.id);
    await expect(mp.handleWebhook({ ...delivery, query: { ...delivery.query, 'data.id': String(other.id) } })).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  test('a tampered x-request-id fails the signature', async () => {
    const delivery = fake.webhookFor(fake.createPayment({ reference: '77', amountCents: 100 }).id);
    await expect(mp.handleWebhook({ ...delivery, headers: { ...delivery.headers, 'x-request-id': 'another-request' } })).rejects.toThrow(
      WebhookSignatureError,
    );
  });

  test('a ts older than 5 minutes (or as far ahead) is refused; a fresh one in milliseconds is accepted', async () => {
    const id = fake.createPayment({ reference: '77', amountCents: 100 }).id;
    await expect(mp.handleWebhook(fake.webhookFor(id, { ts: nowSeconds() - 301 }))).rejects.toThrow(/tolerance/);
    await expect(mp.handleWebhook(fake.webhookFor(id, { ts: nowSeconds() + 301 }))).rejects.toThrow(/tolerance/);
    expect((await mp.handleWebhook(fake.webhookFor(id, { ts: nowSeconds() - 299 }))).kind).toBe('payment');
    expect((await mp.handleWebhook(fake.webhookFor(id, { ts: clock.now().getTime() }))).kind).toBe('payment');
  });

  test('a signature made with another secret is refused', async () => {
    const delivery = fake.webhookFor(fake.createPayment({ reference: '77', amountCents: 100 }).id, { secret: 'not-our-secret' });
    await expect(mp.handleWebhook(delivery)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  test('missing or malformed signature headers are refused before any API call', async () => {
    const delivery = fake.webhookFor(fake.createPayment({ reference: '77', amountCents: 100 }).id);
    const before = fake.requests.length;
    const { 'x-signature': _signature, ...withoutSignature } = delivery.headers;
    const { 'x-request-id': _requestId, ...withoutRequestId } = delivery.headers;
    await expect(mp.handleWebhook({ ...delivery, headers: withoutSignature })).rejects.toThrow(/missing x-signature/);
    await expect(mp.handleWebhook({ ...delivery, headers: withoutRequestId })).rejects.toThrow(/missing x-request-id/);
    await expect(mp.handleWebhook({ ...delivery, headers: { ...delivery.headers, 'x-signature': 'v1=abc' } })).rejects.toThrow(/malformed/);
    expect(fake.requests).toHaveLength(before);
  });

  test('the older ?id=…&topic=payment query works when signed', async () => {
    const payment = fake.createPayment({ reference: '77', amountCents: 100 });
    const delivery = fake.webhookFor(payment.id);
    const result = await mp.handleWebhook({ ...delivery, query: { id: String(payment.id), topic: 'payment' } });
    expect(result).toMatchObject({ kind: 'payment', payment: { providerPaymentId: String(payment.id) } });
  });

  test('other notification types and unknown payments are ignored', async () => {
    const delivery = fake.webhookFor(fake.createPayment({ reference: '77', amountCents: 100 }).id);
    expect(await mp.handleWebhook({ ...delivery, query: { ...delivery.query, type: 'merchant_order' } })).toMatchObject({
      kind: 'ignored',
      reason: 'notification type merchant_order',
    });
    expect(await mp.handleWebhook(fake.webhookFor(123456))).toMatchObject({ kind: 'ignored', reason: 'payment 123456 not found' });
  });

  test('when the API fails, the webhook fails with PaymentProviderError (so Mercado Pago retries)', async () => {
    const delivery = fake.webhookFor(fake.createPayment({ reference: '77', amountCents: 100 }).id);
    fake.failNext(500);
    await expect(mp.handleWebhook(delivery)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('refund', () => {
  test('POSTs the amount in reais to the payment refunds endpoint, with our idempotency key', async () => {
    const payment = fake.createPayment({ reference: '77', amountCents: 2550 });

    const result = await mp.refund(String(payment.id), 1000, { idempotencyKey: 'refund-9' });

    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v1/payments/${payment.id}/refunds`);
    expect(request.body).toEqual({ amount: 10 });
    expect(request.headers['x-idempotency-key']).toBe('refund-9');
    expect(fake.refunds.at(-1)).toMatchObject({ id: Number(result.refundId), payment_id: payment.id, amount: 10 });
    expect(result.providerStatus).toBe('approved');
    expect(payment.transaction_amount_refunded).toBe(10);
  });

  test('the same idempotency key refunds once', async () => {
    const payment = fake.createPayment({ reference: '77', amountCents: 2550 });
    const first = await mp.refund(String(payment.id), 550, { idempotencyKey: `refund-${payment.id}` });
    const second = await mp.refund(String(payment.id), 550, { idempotencyKey: `refund-${payment.id}` });
    expect(second.refundId).toBe(first.refundId);
    expect(payment.transaction_amount_refunded).toBe(5.5);
  });

  test('a full refund leaves the payment refunded; more than was paid is refused', async () => {
    const payment = fake.createPayment({ reference: '77', amountCents: 2550 });
    await expect(mp.refund(String(payment.id), 2551)).rejects.toMatchObject({ name: 'PaymentProviderError', status: 400 });
    await mp.refund(String(payment.id), 2550);
    expect(await mp.getPayment(String(payment.id))).toMatchObject({ status: 'refunded' });
  });
});

describe("payments on a seller's account (marketplace)", () => {
  const redirectUri = 'http://bora.test/api/payment-accounts/mercadopago/callback';

  async function connectSeller() {
    const oauth = createMercadoPagoOAuth({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      authUrl: fake.authUrl,
      apiUrl: fake.url,
    });
    const tokens = await oauth.exchangeCode({ code: fake.authorize({ redirectUri }), redirectUri });
    return { accountId: tokens.sellerId, accessToken: tokens.accessToken };
  }

  test("the preference is made with the seller's token and carries the platform's fee in reais", async () => {
    const payee = await connectSeller();

    const checkout = await mp.createCheckout({ ...input, amountCents: 2550, payee: { ...payee, feeCents: 255 } });

    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${payee.accessToken}`);
    expect(request.body).toMatchObject({ marketplace_fee: 2.55, items: [{ unit_price: 25.5 }] });
    const payment = fake.createPayment({ preferenceId: checkout.sessionId });
    expect(payment).toMatchObject({ collector_id: Number(payee.accountId), marketplace_fee: 2.55, transaction_amount: 25.5 });
  });

  test("the seller's payment is found and refunded with the seller's token only", async () => {
    const payee = await connectSeller();
    const checkout = await mp.createCheckout({ ...input, reference: '78', payee: { ...payee, feeCents: 255 } });
    const payment = fake.createPayment({ preferenceId: checkout.sessionId });

    // The platform's token sees nothing of the seller's account.
    expect(await mp.findCheckoutPayment({ sessionId: checkout.sessionId, reference: '78' })).toBeNull();
    await expect(mp.refund(String(payment.id), 1000)).rejects.toMatchObject({ name: 'PaymentProviderError', status: 404 });

    expect(await mp.findCheckoutPayment({ sessionId: checkout.sessionId, reference: '78', payee })).toMatchObject({
      providerPaymentId: String(payment.id),
      status: 'paid',
      amountCents: 2550,
    });
    await mp.refund(String(payment.id), 1000, { payee, idempotencyKey: 'refund-78' });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${payee.accessToken}`);
    expect(fake.refunds.at(-1)).toMatchObject({ payment_id: payment.id, amount: 10, source: { id: payee.accountId } });
    expect(payment.transaction_amount_refunded).toBe(10);
  });

  test('a seller who withdrew the application can no longer be charged', async () => {
    const payee = await connectSeller();
    fake.revokeSeller(Number(payee.accountId));
    await expect(mp.createCheckout({ ...input, payee: { ...payee, feeCents: 255 } })).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 401,
    });
  });
});
