import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../test-support/server/fake-stripe';
import { fixedClock } from '../../lib/clock';
import { PaymentProviderError, WebhookSignatureError, type CheckoutInput, type PaymentProvider } from './provider';
import { createStripeConnect } from './stripe/stripe-connect';
import { createStripeProvider } from './stripe/stripe-provider';

const clock = fixedClock(new Date());
let fake: FakeStripe;
let stripe: PaymentProvider;

const input: CheckoutInput = {
  reference: '42',
  amountCents: 2550,
  description: 'Vôlei de sábado: 1 vaga',
  payerEmail: 'ana@example.com',
  successUrl: 'http://bora.test/pagamentos/42/retorno',
  cancelUrl: 'http://bora.test/pagamentos/42/cancelado',
  notificationUrl: 'http://bora.test/api/webhooks/stripe',
};

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url, clock });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  clock.set(new Date());
});

describe('createCheckout', () => {
  test('creates a card-only BRL Checkout Session for the amount in centavos, tagged with our reference', async () => {
    const expiresAt = new Date(clock.now().getTime() + 45 * 60_000);
    const checkout = await stripe.createCheckout({ ...input, expiresAt });

    expect(checkout.sessionId).toMatch(/^cs_test_/);
    expect(checkout.url).toBe(`${fake.url}/c/pay/${checkout.sessionId}`);
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(request.body).toMatchObject({
      mode: 'payment',
      allowed_payment_method_types: ['card'],
      line_items: [{ quantity: '1', price_data: { currency: 'brl', unit_amount: '2550', product_data: { name: input.description } } }],
      client_reference_id: '42',
      metadata: { reference: '42' },
      payment_intent_data: { metadata: { reference: '42' } },
      customer_email: 'ana@example.com',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: String(Math.floor(expiresAt.getTime() / 1000)),
    });
    expect(fake.sessions.get(checkout.sessionId)).toMatchObject({ amount_total: 2550, currency: 'brl', client_reference_id: '42' });
  });

  test('never asks Stripe for an expiry sooner than its 30-minute minimum', async () => {
    await stripe.createCheckout({ ...input, expiresAt: new Date(clock.now().getTime() + 5 * 60_000) });
    const body = fake.requests.at(-1)!.body as { expires_at: string };
    expect(Number(body.expires_at)).toBe(nowSeconds() + 31 * 60);
  });

  test('refuses an amount that is not a positive integer of centavos, without calling Stripe', async () => {
    const before = fake.requests.length;
    await expect(stripe.createCheckout({ ...input, amountCents: 25.5 })).rejects.toThrow(RangeError);
    await expect(stripe.createCheckout({ ...input, amountCents: 0 })).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(before);
  });

  test('a refusal from Stripe becomes a PaymentProviderError with its status', async () => {
    fake.failNext(400, 'Invalid currency');
    const error = await stripe.createCheckout(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ provider: 'stripe', status: 400 });
  });
});

describe('getPayment and findCheckoutPayment', () => {
  test('an open session is pending, with no payment id yet', async () => {
    const { sessionId } = await stripe.createCheckout(input);
    expect(await stripe.getPayment(sessionId)).toEqual({
      provider: 'stripe',
      providerPaymentId: null,
      sessionId,
      status: 'pending',
      providerStatus: 'open/unpaid',
      amountCents: 2550,
      currency: 'BRL',
      reference: '42',
    });
  });

  test('a paid session is paid, with the PaymentIntent as the payment id', async () => {
    const { sessionId } = await stripe.createCheckout(input);
    const session = fake.markSessionPaid(sessionId);
    const payment = await stripe.getPayment(sessionId);
    expect(payment).toMatchObject({
      status: 'paid',
      providerPaymentId: session.payment_intent,
      amountCents: 2550,
      currency: 'BRL',
      reference: '42',
    });
    expect(await stripe.findCheckoutPayment({ sessionId, reference: '42' })).toEqual(payment);
  });

  test('an expired session is failed', async () => {
    const { sessionId } = await stripe.createCheckout(input);
    fake.expireSession(sessionId);
    expect(await stripe.getPayment(sessionId)).toMatchObject({ status: 'failed', providerStatus: 'expired/unpaid' });
  });

  test('an unknown session is null', async () => {
    expect(await stripe.getPayment('cs_test_doesnotexist')).toBeNull();
  });
});

describe('handleWebhook', () => {
  async function paidSession() {
    const { sessionId } = await stripe.createCheckout(input);
    fake.markSessionPaid(sessionId);
    return sessionId;
  }

  test('checkout.session.completed with a valid signature reports the paid payment', async () => {
    const sessionId = await paidSession();
    const delivery = fake.webhookFor(sessionId);
    const result = await stripe.handleWebhook(delivery);
    expect(result).toEqual({
      kind: 'payment',
      eventId: delivery.event.id,
      payment: expect.objectContaining({
        sessionId,
        status: 'paid',
        amountCents: 2550,
        currency: 'BRL',
        reference: '42',
        providerPaymentId: expect.stringMatching(/^pi_/),
      }),
    });
  });

  test('accepts the raw body as a Buffer too', async () => {
    const delivery = fake.webhookFor(await paidSession());
    const result = await stripe.handleWebhook({ ...delivery, rawBody: Buffer.from(delivery.rawBody) });
    expect(result.kind).toBe('payment');
  });

  test('checkout.session.async_payment_succeeded is a payment; async_payment_failed and expired say failed', async () => {
    const sessionId = await paidSession();
    expect(await stripe.handleWebhook(fake.webhookFor(sessionId, { type: 'checkout.session.async_payment_succeeded' }))).toMatchObject({
      kind: 'payment',
      payment: { status: 'paid' },
    });

    const { sessionId: unpaid } = await stripe.createCheckout(input);
    Object.assign(fake.sessions.get(unpaid)!, { status: 'complete' });
    expect(await stripe.handleWebhook(fake.webhookFor(unpaid, { type: 'checkout.session.async_payment_failed' }))).toMatchObject({
      kind: 'payment',
      payment: { status: 'failed' },
    });

    fake.expireSession(unpaid);
    expect(await stripe.handleWebhook(fake.webhookFor(unpaid, { type: 'checkout.session.expired' }))).toMatchObject({
      kind: 'payment',
      payment: { status: 'failed' },
    });
  });

  test('other event types are ignored', async () => {
    const delivery = fake.webhookFor(await paidSession(), { type: 'payment_intent.succeeded' });
    expect(await stripe.handleWebhook(delivery)).toEqual({
      kind: 'ignored',
      eventId: delivery.event.id,
      reason: 'event type payment_intent.succeeded',
    });
  });

  test('a tampered body fails the signature', async () => {
    const delivery = fake.webhookFor(await paidSession());
    const tampered = delivery.rawBody.replace('"amount_total": 2550', '"amount_total": 255000');
    expect(tampered).not.toBe(delivery.rawBody);
    await expect(stripe.handleWebhook({ ...delivery, rawBody: tampered })).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  test('a signature older than 300 s is refused; one just inside is accepted', async () => {
    const sessionId = await paidSession();
    await expect(stripe.handleWebhook(fake.webhookFor(sessionId, { timestamp: nowSeconds() - 301 }))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    expect((await stripe.handleWebhook(fake.webhookFor(sessionId, { timestamp: nowSeconds() - 299 }))).kind).toBe('payment');
  });

  test('a signature made with another secret is refused', async () => {
    const delivery = fake.webhookFor(await paidSession(), { secret: 'whsec_someone_else' });
    await expect(stripe.handleWebhook(delivery)).rejects.toThrow(WebhookSignatureError);
  });

  test('a missing stripe-signature header is refused', async () => {
    const delivery = fake.webhookFor(await paidSession());
    await expect(stripe.handleWebhook({ ...delivery, headers: { 'content-type': 'application/json' } })).rejects.toThrow(
      /missing stripe-signature/,
    );
  });
});

describe('expireCheckout', () => {
  test('expires an open session (true); a paid or unknown one is left alone (false); an outage throws', async () => {
    const open = await stripe.createCheckout(input);
    expect(await stripe.expireCheckout(open.sessionId)).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${open.sessionId}/expire` });
    expect(fake.sessions.get(open.sessionId)).toMatchObject({ status: 'expired' });
    expect(await stripe.expireCheckout(open.sessionId)).toBe(false);

    const paid = await stripe.createCheckout(input);
    fake.markSessionPaid(paid.sessionId);
    expect(await stripe.expireCheckout(paid.sessionId)).toBe(false);
    expect(fake.sessions.get(paid.sessionId)).toMatchObject({ status: 'complete' });
    expect(await stripe.expireCheckout('cs_test_nao_existe')).toBe(false);

    const later = await stripe.createCheckout(input);
    fake.failNext(500, 'fora do ar', 3);
    await expect(stripe.expireCheckout(later.sessionId)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('refund', () => {
  test('refunds part of the PaymentIntent in centavos, with our idempotency key', async () => {
    const { sessionId } = await stripe.createCheckout(input);
    const intent = fake.markSessionPaid(sessionId).payment_intent!;

    const result = await stripe.refund(intent, 1000, { idempotencyKey: 'refund-7' });

    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/v1/refunds');
    expect(request.body).toEqual({ payment_intent: intent, amount: '1000' });
    expect(request.headers['idempotency-key']).toBe('refund-7');
    expect(result.refundId).toMatch(/^re_test_/);
    expect(fake.refunds.at(-1)).toMatchObject({ id: result.refundId, amount: 1000, payment_intent: intent });
    expect(fake.paymentIntents.get(intent)!.amount_refunded).toBe(1000);
  });

  test('retrying with the same idempotency key refunds once', async () => {
    const { sessionId } = await stripe.createCheckout(input);
    const intent = fake.markSessionPaid(sessionId).payment_intent!;
    const first = await stripe.refund(intent, 500, { idempotencyKey: `refund-${intent}` });
    const second = await stripe.refund(intent, 500, { idempotencyKey: `refund-${intent}` });
    expect(second.refundId).toBe(first.refundId);
    expect(fake.paymentIntents.get(intent)!.amount_refunded).toBe(500);
  });

  test('more than was paid is refused by Stripe as a PaymentProviderError', async () => {
    const { sessionId } = await stripe.createCheckout(input);
    const intent = fake.markSessionPaid(sessionId).payment_intent!;
    await expect(stripe.refund(intent, 2551)).rejects.toMatchObject({ name: 'PaymentProviderError', status: 400 });
  });
});

describe('Connect events', () => {
  const toRequest = (delivery: { rawBody: string; headers: Record<string, string> }) => ({
    rawBody: delivery.rawBody,
    headers: delivery.headers,
    query: {},
  });

  test('an account event signed by the Connect endpoint is read as a report on that account, in its time', async () => {
    const connect = createStripeProvider({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      connectWebhookSecret: fake.connectWebhookSecret,
      apiUrl: fake.url,
      clock,
    });
    const account = fake.completeOnboarding((await createAccount()).id);
    const delivery = fake.accountWebhookFor(account.id, { created: nowSeconds() - 30 });
    expect(await connect.handleWebhook(toRequest(delivery))).toEqual({
      kind: 'account',
      eventId: delivery.event.id,
      account: {
        provider: 'stripe',
        accountId: account.id,
        isRevoked: false,
        chargesEnabled: true,
        at: new Date((nowSeconds() - 30) * 1000),
      },
    });
    const gone = fake.accountWebhookFor(account.id, { type: 'account.application.deauthorized' });
    expect(await connect.handleWebhook(toRequest(gone))).toMatchObject({
      kind: 'account',
      account: { accountId: account.id, isRevoked: true },
    });
    // Without the Connect endpoint's secret, its events are not authentic.
    await expect(stripe.handleWebhook(toRequest(delivery))).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  /** An Express account made through the fake's API, as the app makes it. */
  async function createAccount(): Promise<{ id: string }> {
    const res = await fetch(`${fake.url}/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=express&country=BR',
    });
    return (await res.json()) as { id: string };
  }
});

describe("destination charges on an organiser's connected account", () => {
  async function connectedAccount(): Promise<string> {
    const connect = createStripeConnect({ secretKey: fake.secretKey, apiUrl: fake.url });
    const { accountId } = await connect.createExpressAccount({
      email: 'org@example.com',
      userId: 7,
      idempotencyKey: `acct-${Math.random()}`,
    });
    fake.completeOnboarding(accountId);
    return accountId;
  }

  test('the session names the account as the destination and keeps the platform fee', async () => {
    const accountId = await connectedAccount();

    const { sessionId } = await stripe.createCheckout({ ...input, payee: { accountId, feeCents: 255 } });

    expect(fake.requests.at(-1)!.body).toMatchObject({
      payment_intent_data: { transfer_data: { destination: accountId }, application_fee_amount: '255' },
    });
    const intent = fake.paymentIntents.get(fake.markSessionPaid(sessionId).payment_intent!)!;
    expect(intent).toMatchObject({ amount: 2550, application_fee_amount: 255, transfer_data: { destination: accountId } });
  });

  test('an account that cannot take charges yet is refused by Stripe', async () => {
    const connect = createStripeConnect({ secretKey: fake.secretKey, apiUrl: fake.url });
    const { accountId } = await connect.createExpressAccount({ email: 'org@example.com', userId: 8, idempotencyKey: 'acct-pending' });
    await expect(stripe.createCheckout({ ...input, payee: { accountId, feeCents: 255 } })).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 400,
    });
  });

  test("a refund reverses the payee's transfer and gives back the fee, in proportion, all of it in the end", async () => {
    const accountId = await connectedAccount();
    const { sessionId } = await stripe.createCheckout({ ...input, payee: { accountId, feeCents: 255 } });
    const intentId = fake.markSessionPaid(sessionId).payment_intent!;

    await stripe.refund(intentId, 1000, { payee: { accountId }, idempotencyKey: 'refund-split-1' });

    expect(fake.requests.at(-1)!.body).toEqual({
      payment_intent: intentId,
      amount: '1000',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });
    const intent = fake.paymentIntents.get(intentId)!;
    expect(intent).toMatchObject({ amount_refunded: 1000, transfer_reversed: 900, application_fee_refunded: 100 });

    await stripe.refund(intentId, 1550, { payee: { accountId } });
    expect(intent).toMatchObject({ amount_refunded: 2550, transfer_reversed: 2295, application_fee_refunded: 255 });
  });

  test("a platform payment's refund asks for no reversal", async () => {
    const { sessionId } = await stripe.createCheckout(input);
    const intentId = fake.markSessionPaid(sessionId).payment_intent!;
    await stripe.refund(intentId, 500);
    expect(fake.requests.at(-1)!.body).toEqual({ payment_intent: intentId, amount: '500' });
  });
});
