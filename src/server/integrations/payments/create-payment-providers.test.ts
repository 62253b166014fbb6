import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../../test-support/server/fake-mercadopago';
import { startFakeStripe, type FakeStripe } from '../../../../test-support/server/fake-stripe';
import { TEST_PAYMENT_ACCOUNTS_KEY } from '../../../../test-support/server/test-app';
import { fixedClock } from '../../lib/clock';
import { ConfigError, loadConfig } from '../../lib/config';
import { createPaymentProviders } from './create-payment-providers';

const LIVE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  MERCADOPAGO_ACCESS_TOKEN: 'TEST-123',
  MERCADOPAGO_WEBHOOK_SECRET: 'mp-secret',
  PAYMENT_ACCOUNTS_KEY: TEST_PAYMENT_ACCOUNTS_KEY,
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('payment configuration', () => {
  test('defaults: sandbox with no provider keys, a 30-minute hold', () => {
    expect(loadConfig({}).payments).toEqual({ mode: 'sandbox', holdMinutes: 30 });
  });

  test('live when every provider key is set, with the real Mercado Pago API by default', () => {
    expect(loadConfig(LIVE_KEYS).payments).toEqual({
      mode: 'live',
      holdMinutes: 30,
      stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', connectWebhookSecret: undefined, apiUrl: undefined },
      mercadoPago: { accessToken: 'TEST-123', webhookSecret: 'mp-secret', apiUrl: 'https://api.mercadopago.com' },
    });
  });

  test('API URLs can point elsewhere (trailing slash dropped)', () => {
    const { payments } = loadConfig({
      ...LIVE_KEYS,
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
      MERCADOPAGO_API_URL: 'http://127.0.0.1:12112',
    });
    expect(payments).toMatchObject({ stripe: { apiUrl: 'http://127.0.0.1:12111' }, mercadoPago: { apiUrl: 'http://127.0.0.1:12112' } });
    expect(configError({ STRIPE_API_URL: 'ftp://example.com' })).toMatch(/STRIPE_API_URL: deve ser uma URL http/);
  });

  test('PAYMENTS=live without keys fails, naming every missing variable', () => {
    const message = configError({ PAYMENTS: 'live' });
    for (const name of Object.keys(LIVE_KEYS)) expect(message).toContain(`${name}: obrigatória com PAYMENTS=live`);
  });

  test('PAYMENTS=live with only Stripe set names only the Mercado Pago variables', () => {
    const message = configError({ PAYMENTS: 'live', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(message).toContain('MERCADOPAGO_ACCESS_TOKEN');
    expect(message).toContain('MERCADOPAGO_WEBHOOK_SECRET');
    expect(message).not.toContain('STRIPE_SECRET_KEY');
  });

  test('some keys without PAYMENTS is a mistake, not a silent sandbox', () => {
    const message = configError({ STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(message).toContain(
      'STRIPE_WEBHOOK_SECRET: necessária para pagamentos reais (já há STRIPE_SECRET_KEY); defina-a ou use PAYMENTS=sandbox',
    );
    expect(message).toContain('MERCADOPAGO_ACCESS_TOKEN');
  });

  test('PAYMENTS=sandbox wins over keys', () => {
    expect(loadConfig({ ...LIVE_KEYS, PAYMENTS: 'sandbox' }).payments.mode).toBe('sandbox');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', PAYMENTS: 'sandbox' }).payments.mode).toBe('sandbox');
  });

  test('wrong values are refused with the variable named', () => {
    expect(configError({ PAYMENTS: 'production' })).toContain('PAYMENTS: use sandbox ou live');
    expect(configError({ ...LIVE_KEYS, STRIPE_SECRET_KEY: 'pk_test_abc' })).toContain('STRIPE_SECRET_KEY: deve ser a chave secreta');
    expect(configError({ ...LIVE_KEYS, STRIPE_WEBHOOK_SECRET: 'abc' })).toContain('STRIPE_WEBHOOK_SECRET: deve ser o segredo');
  });

  test('PAYMENT_ACCOUNTS_KEY: 32 bytes in base64, needed with real payments and with a Mercado Pago application', () => {
    expect(loadConfig(LIVE_KEYS).paymentAccounts.key).toEqual(Buffer.from(TEST_PAYMENT_ACCOUNTS_KEY, 'base64'));
    const { PAYMENT_ACCOUNTS_KEY: _key, ...withoutKey } = LIVE_KEYS;
    expect(configError(withoutKey)).toContain('PAYMENT_ACCOUNTS_KEY: obrigatória com PAYMENTS=live');
    expect(configError({ ...withoutKey, PAYMENTS: 'live' })).toContain('PAYMENT_ACCOUNTS_KEY: obrigatória com PAYMENTS=live');
    const application = { MERCADOPAGO_CLIENT_ID: '123', MERCADOPAGO_CLIENT_SECRET: 'segredo' };
    expect(configError(application)).toContain('PAYMENT_ACCOUNTS_KEY: obrigatória com MERCADOPAGO_CLIENT_ID');
    expect(configError({ MERCADOPAGO_CLIENT_ID: '123', PAYMENT_ACCOUNTS_KEY: TEST_PAYMENT_ACCOUNTS_KEY })).toContain(
      'MERCADOPAGO_CLIENT_SECRET: MERCADOPAGO_CLIENT_ID e MERCADOPAGO_CLIENT_SECRET devem ser definidos juntos',
    );
    for (const value of ['curta', Buffer.alloc(16).toString('base64'), 'a'.repeat(64)]) {
      expect(configError({ ...LIVE_KEYS, PAYMENT_ACCOUNTS_KEY: value })).toContain('PAYMENT_ACCOUNTS_KEY: deve ter 32 bytes em base64');
    }
    // The sandbox without an application needs no key; with one, Mercado Pago's page is the one configured.
    expect(loadConfig({}).paymentAccounts).toEqual({ key: undefined, mercadoPago: undefined, stripe: undefined });
    expect(loadConfig({ ...application, PAYMENT_ACCOUNTS_KEY: TEST_PAYMENT_ACCOUNTS_KEY }).paymentAccounts.mercadoPago).toEqual({
      clientId: '123',
      clientSecret: 'segredo',
      authUrl: 'https://auth.mercadopago.com/authorization',
      apiUrl: 'https://api.mercadopago.com',
    });
  });

  test('PAYMENT_HOLD_MINUTES: an integer from 1 to 1440, empty means the default', () => {
    expect(loadConfig({ PAYMENT_HOLD_MINUTES: '45' }).payments.holdMinutes).toBe(45);
    expect(loadConfig({ PAYMENT_HOLD_MINUTES: '1440' }).payments.holdMinutes).toBe(1440);
    expect(loadConfig({ PAYMENT_HOLD_MINUTES: ' ' }).payments.holdMinutes).toBe(30);
    for (const value of ['0', '1441', '1.5', 'meia hora']) {
      expect(configError({ PAYMENT_HOLD_MINUTES: value })).toMatch(/PAYMENT_HOLD_MINUTES: deve ser/);
    }
  });
});

describe('createPaymentProviders', () => {
  const clock = fixedClock(new Date());
  const common = { publicUrl: 'http://localhost:3000', clock, sandboxStore: { find: async () => null }, sandboxSecret: 'sandbox-secret' };
  let stripe: FakeStripe;
  let mercadoPago: FakeMercadoPago;

  beforeAll(async () => {
    [stripe, mercadoPago] = await Promise.all([startFakeStripe(), startFakeMercadoPago()]);
  });

  afterAll(async () => {
    await Promise.all([stripe.close(), mercadoPago.close()]);
  });

  test('sandbox mode: both methods are the sandbox and no real provider exists', async () => {
    const providers = createPaymentProviders({ ...common, config: loadConfig({ PAYMENT_HOLD_MINUTES: '20' }).payments });
    expect(providers).toMatchObject({
      mode: 'sandbox',
      holdMinutes: 20,
      card: { name: 'sandbox', method: 'card' },
      pix: { name: 'sandbox', method: 'pix' },
    });
    expect(providers.byName('stripe')).toBeUndefined();
    expect(providers.byName('mercadopago')).toBeUndefined();
    expect(providers.byName('sandbox')).toBe(providers.sandbox);
    expect(
      (
        await providers.pix.createCheckout({
          reference: '1',
          amountCents: 100,
          description: 'x',
          payerEmail: 'a@b.co',
          successUrl: 'http://localhost:3000/ok',
          cancelUrl: 'http://localhost:3000/no',
          notificationUrl: 'http://localhost:3000/hook',
        })
      ).url,
    ).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\/sbx_/);
  });

  test('live mode: Stripe for card, Mercado Pago for PIX, at the configured API URLs; never the sandbox', async () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.webhookSecret,
      MERCADOPAGO_API_URL: mercadoPago.url,
      PAYMENT_ACCOUNTS_KEY: TEST_PAYMENT_ACCOUNTS_KEY,
    });
    const providers = createPaymentProviders({ ...common, config: config.payments });
    expect(providers).toMatchObject({
      mode: 'live',
      card: { name: 'stripe', method: 'card' },
      pix: { name: 'mercadopago', method: 'pix' },
    });
    expect(providers.sandbox).toBeUndefined();
    expect(providers.byName('sandbox')).toBeUndefined();
    expect(providers.byName('stripe')).toBe(providers.card);
    expect(providers.byName('mercadopago')).toBe(providers.pix);

    const input = {
      reference: '9',
      amountCents: 1500,
      description: 'Créditos',
      payerEmail: 'a@b.co',
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/no',
      notificationUrl: 'http://localhost:3000/hook',
    };
    const card = await providers.card.createCheckout(input);
    const pix = await providers.pix.createCheckout(input);
    expect(stripe.sessions.get(card.sessionId)).toMatchObject({ amount_total: 1500, client_reference_id: '9' });
    expect(mercadoPago.preferences.get(pix.sessionId)).toMatchObject({ external_reference: '9', items: [{ unit_price: 15 }] });
  });
});
