import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, DAY_MS, DEFAULT_PASSWORD } from '../../../../test-support/server/factories';
import type { FakeMercadoPago } from '../../../../test-support/server/fake-mercadopago';
import type { FakeStripe } from '../../../../test-support/server/fake-stripe';
import { setUpLivePaymentsApp } from '../../../../test-support/server/live-payments-app';
import { createTestApp, TEST_PAYMENT_ACCOUNTS_KEY, type TestApp } from '../../../../test-support/server/test-app';
import { tokenContext, withoutTokens } from '../../core/payment-accounts/account-changes';
import { emailOutbox, notificationSettings, notifications, paymentAccounts, paymentAccountStates } from '../../db/schema';
import { createTokenCipher, TokenCipherError } from '../../lib/token-cipher';
import { refreshMercadoPagoTokens } from './refresh-mercadopago-tokens';

// PAYMENTS=live against the fake Stripe and Mercado Pago, whose OAuth and Connect behave as the providers document:
// codes good once for 10 minutes, 180-day tokens whose refresh token works once, account links used once, Connect
// events signed, repeated and out of order.

let t: TestApp;
let stripe: FakeStripe;
let mp: FakeMercadoPago;
const { db, stripeHook } = setUpLivePaymentsApp((live) => ({ t, stripe, mp } = live));

const CALLBACK = 'http://bora.test/api/payment-accounts/mercadopago/callback';
const EARNINGS = 'http://bora.test/my-games/earnings';
const MINUTE_MS = 60_000;
type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const accountsOf = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/me/payment-accounts', headers });
const connect = (headers: Record<string, string>, provider: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/me/payment-accounts/${provider}`, headers });
const disconnect = (headers: Record<string, string>, provider: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/me/payment-accounts/${provider}`, headers });

/** Asks to connect Mercado Pago: the state the authorisation page carries, and the cookie this browser got with it. */
async function startMercadoPago(signedIn: SignedIn) {
  const res = await connect(signedIn.headers, 'mercadopago');
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json<{ url: string }>().url);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { url, state: url.searchParams.get('state')!, cookie };
}

/** Mercado Pago sends the browser back: the result the earnings page is given. */
async function callback(query: Record<string, string>, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/payment-accounts/mercadopago/callback?${new URLSearchParams(query)}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(303);
  const location = new URL(String(res.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(EARNINGS);
  expect(location.searchParams.get('conta')).toBe('mercadopago');
  return location.searchParams.get('resultado');
}

/** The whole flow, as the organiser's browser goes through it; `sellerId` picks who authorises on Mercado Pago. */
async function connectMercadoPago(signedIn: SignedIn, sellerId?: number) {
  const { state, cookie } = await startMercadoPago(signedIn);
  const code = mp.authorize({ redirectUri: CALLBACK, sellerId });
  return callback({ code, state }, cookie);
}

const accountRow = async (userId: number, provider: 'mercadopago' | 'stripe') =>
  (
    await db()
      .select()
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.userId, userId), eq(paymentAccounts.provider, provider)))
  )[0];

/** What the payment accounts' tables hold: equal before and after, nothing changed. */
const stored = async () => ({
  accounts: await db().select().from(paymentAccounts).orderBy(paymentAccounts.id),
  states: await db().select().from(paymentAccountStates).orderBy(paymentAccountStates.id),
});

const cipher = createTokenCipher(Buffer.from(TEST_PAYMENT_ACCOUNTS_KEY, 'base64'));
const sellerOf = (userId: number) => accountRow(userId, 'mercadopago').then((row) => mp.sellers.get(Number(row!.externalId))!);
const openToken = (row: typeof paymentAccounts.$inferSelect, field: 'access' | 'refresh') =>
  cipher.open(field === 'access' ? row.accessToken! : row.refreshToken!, tokenContext(row.userId, 'mercadopago', field));

describe('GET /users/me/payment-accounts', () => {
  it('needs a session; starts with nothing connected at either provider, both offered', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/payment-accounts' })).statusCode).toBe(401);
    const organiser = await createSignedInUser(t.app);
    const res = await accountsOf(organiser.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mercadopago: { available: true, status: 'none' },
      stripe: { available: true, status: 'none' },
    });
  });
});

describe('Mercado Pago: connecting by OAuth', () => {
  it('gives the authorisation page with the application, a one-time state kept hashed, and the callback; the browser gets the state in a cookie', async () => {
    const organiser = await createSignedInUser(t.app);
    const res = await connect(organiser.headers, 'mercadopago');
    const url = new URL(res.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(mp.authUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: mp.clientId, response_type: 'code', redirect_uri: CALLBACK });
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(res.headers['set-cookie']).toBe(
      `bj_mp_state=${state}; Path=/api/payment-accounts/mercadopago/callback; Max-Age=600; HttpOnly; SameSite=Lax`,
    );
    const [row] = await db().select().from(paymentAccountStates).where(eq(paymentAccountStates.userId, organiser.user.id));
    expect(row!.stateHash).not.toContain(state);
    expect(row!.expiresAt).toEqual(new Date(t.clock.now().getTime() + 10 * MINUTE_MS));
    expect(row!.usedAt).toBeNull();
  });

  it('the callback exchanges the code once and keeps the seller tokens encrypted; the page reads "connected"', async () => {
    const organiser = await createSignedInUser(t.app);
    const { state, cookie } = await startMercadoPago(organiser);
    const code = mp.authorize({ redirectUri: CALLBACK });
    expect(await callback({ code, state }, cookie)).toBe('connected');

    const row = (await accountRow(organiser.user.id, 'mercadopago'))!;
    const seller = mp.sellers.get(Number(row.externalId))!;
    const [accessToken] = [...seller.accessTokens.keys()];
    const [refreshToken] = [...seller.refreshTokens.keys()];
    // Sealed, never the text itself; opened only with the key, for this row and field.
    expect(row.accessToken).not.toContain(accessToken);
    expect(row.refreshToken).not.toContain(refreshToken);
    expect(openToken(row, 'access')).toBe(accessToken);
    expect(openToken(row, 'refresh')).toBe(refreshToken);
    expect(() => cipher.open(row.accessToken!, tokenContext(organiser.user.id + 1, 'mercadopago', 'access'))).toThrow(TokenCipherError);

    const expiresAt = new Date(t.clock.now().getTime() + 180 * DAY_MS).toISOString();
    const reply = (await accountsOf(organiser.headers)).json();
    expect(reply.mercadopago).toEqual({ available: true, status: 'connected', sellerId: String(seller.id), expiresAt });
    expect(JSON.stringify(reply)).not.toContain(accessToken);
    const exchange = mp.requests.filter((request) => request.path === '/oauth/token');
    expect(exchange.at(-1)!.body).toMatchObject({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: mp.clientId });
  });

  it('a forged state, a state without this browser, or someone else’s state is refused and changes nothing', async () => {
    const organiser = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const mine = await startMercadoPago(organiser);
    const theirs = await startMercadoPago(other);
    const before = await stored();
    const code = mp.authorize({ redirectUri: CALLBACK });

    const forged = randomBytes(32).toString('base64url');
    expect(await callback({ code, state: forged }, `bj_mp_state=${forged}`)).toBe('state_invalid');
    expect(await callback({ code, state: mine.state })).toBe('state_invalid');
    // Another person's state, brought to this browser (which holds its own): an attacker's link.
    expect(await callback({ code, state: theirs.state }, mine.cookie)).toBe('state_invalid');
    expect(await callback({ code }, mine.cookie)).toBe('state_invalid');
    expect(await stored()).toEqual(before);
    // The code was never spent: the organiser's own flow still works with it.
    expect(await callback({ code, state: mine.state }, mine.cookie)).toBe('connected');
  });

  it('a state past its 10 minutes, or used already, is refused and changes nothing', async () => {
    const organiser = await createSignedInUser(t.app);
    const late = await startMercadoPago(organiser);
    t.clock.advance(10 * MINUTE_MS + 1000);
    const before = await stored();
    expect(await callback({ code: mp.authorize({ redirectUri: CALLBACK }), state: late.state }, late.cookie)).toBe('state_expired');
    expect(await stored()).toEqual(before);

    const { state, cookie } = await startMercadoPago(organiser);
    expect(await callback({ code: mp.authorize({ redirectUri: CALLBACK }), state }, cookie)).toBe('connected');
    const connected = await stored();
    expect(await callback({ code: mp.authorize({ redirectUri: CALLBACK }), state }, cookie)).toBe('state_used');
    expect(await stored()).toEqual(connected);
  });

  it('a code Mercado Pago refuses (used, or past its 10 minutes) stores nothing and leaves the state for a new try', async () => {
    const organiser = await createSignedInUser(t.app);
    const { state, cookie } = await startMercadoPago(organiser);
    const used = mp.authorize({ redirectUri: CALLBACK });
    const spent = await fetch(`${mp.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: mp.clientId,
        client_secret: mp.clientSecret,
        grant_type: 'authorization_code',
        code: used,
        redirect_uri: CALLBACK,
      }),
    });
    expect(spent.status).toBe(200);
    const before = await stored();
    expect(await callback({ code: used, state }, cookie)).toBe('code_refused');
    expect(await stored()).toEqual(before);

    const stale = mp.authorize({ redirectUri: CALLBACK });
    t.clock.advance(9 * MINUTE_MS);
    const fresh = await startMercadoPago(organiser);
    t.clock.advance(2 * MINUTE_MS);
    expect(await callback({ code: stale, state: fresh.state }, fresh.cookie)).toBe('code_refused');
    expect(await accountRow(organiser.user.id, 'mercadopago')).toBeUndefined();
    expect(await callback({ code: mp.authorize({ redirectUri: CALLBACK }), state: fresh.state }, fresh.cookie)).toBe('connected');
  });

  it('a seller who cancels on Mercado Pago, or one already connected to someone else, changes nothing', async () => {
    const first = await createSignedInUser(t.app);
    expect(await connectMercadoPago(first)).toBe('connected');
    const sellerId = Number((await accountRow(first.user.id, 'mercadopago'))!.externalId);

    const second = await createSignedInUser(t.app);
    const { state, cookie } = await startMercadoPago(second);
    const before = await stored();
    expect(await callback({ error: 'access_denied', state }, cookie)).toBe('denied');
    expect(await callback({ code: mp.authorize({ redirectUri: CALLBACK, sellerId }), state }, cookie)).toBe('seller_taken');
    expect(await stored()).toEqual(before);
  });

  it('DELETE disconnects: status none, tokens and seller erased; again, it says nothing was connected', async () => {
    const organiser = await createSignedInUser(t.app);
    expect(await connectMercadoPago(organiser)).toBe('connected');
    const res = await disconnect(organiser.headers, 'mercadopago');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Conta do Mercado Pago desconectada. Os pagamentos voltam a passar pela plataforma.');
    expect(await accountRow(organiser.user.id, 'mercadopago')).toMatchObject({
      status: 'none',
      externalId: null,
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
    });
    expect((await accountsOf(organiser.headers)).json().mercadopago).toEqual({ available: true, status: 'none' });
    expect((await disconnect(organiser.headers, 'mercadopago')).json().message).toBe('Nenhuma conta do Mercado Pago estava conectada.');
    expect((await disconnect(organiser.headers, 'paypal')).statusCode).toBe(400);
  });

  it('deleting the account erases its tokens and states', async () => {
    const organiser = await createSignedInUser(t.app);
    expect(await connectMercadoPago(organiser)).toBe('connected');
    await startMercadoPago(organiser);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: organiser.headers,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await accountRow(organiser.user.id, 'mercadopago')).toMatchObject({
      status: 'none',
      externalId: null,
      accessToken: null,
      refreshToken: null,
    });
    expect(await db().select().from(paymentAccountStates).where(eq(paymentAccountStates.userId, organiser.user.id))).toEqual([]);
  });
});

describe('Mercado Pago: the tokens kept fresh', () => {
  // Each test's clock runs months ahead: the accounts of earlier tests are let go first, so each refreshes only its own.
  beforeEach(async () => {
    await db()
      .update(paymentAccounts)
      .set({ ...withoutTokens, status: 'none', externalId: null });
  });

  /** An organiser connected now whose token then ages until `daysLeft` remain. */
  async function connectedWithDaysLeft(daysLeft: number) {
    const organiser = await createSignedInUser(t.app);
    expect(await connectMercadoPago(organiser)).toBe('connected');
    t.clock.advance((180 - daysLeft) * DAY_MS);
    return organiser;
  }

  const refreshCalls = () =>
    mp.requests.filter((request) => (request.body as { grant_type?: string }).grant_type === 'refresh_token').length;

  it('renews a token with less than 30 days left, once, storing the new refresh token; the old one is spent', async () => {
    const organiser = await connectedWithDaysLeft(29);
    const before = (await accountRow(organiser.user.id, 'mercadopago'))!;
    const oldRefresh = openToken(before, 'refresh');
    const calls = refreshCalls();

    expect(await refreshMercadoPagoTokens(t.app.ctx)).toBe(1);
    const after = (await accountRow(organiser.user.id, 'mercadopago'))!;
    const seller = await sellerOf(organiser.user.id);
    expect(seller.refreshTokens.get(oldRefresh)).toBe(true);
    expect(seller.refreshTokens.get(openToken(after, 'refresh'))).toBe(false);
    expect(openToken(after, 'access')).not.toBe(openToken(before, 'access'));
    expect(after.tokenExpiresAt).toEqual(new Date(t.clock.now().getTime() + 180 * DAY_MS));
    expect(refreshCalls()).toBe(calls + 1);

    expect(await refreshMercadoPagoTokens(t.app.ctx)).toBe(0);
    expect(refreshCalls()).toBe(calls + 1);
  });

  it('leaves a token with more than 30 days alone', async () => {
    const organiser = await connectedWithDaysLeft(31);
    const before = await accountRow(organiser.user.id, 'mercadopago');
    expect(await refreshMercadoPagoTokens(t.app.ctx)).toBe(0);
    expect(await accountRow(organiser.user.id, 'mercadopago')).toEqual(before);
  });

  it('two runs at once (two instances) refresh each account once', async () => {
    const organisers = [await connectedWithDaysLeft(10), await createSignedInUser(t.app)];
    expect(await connectMercadoPago(organisers[1]!)).toBe('connected');
    t.clock.advance(160 * DAY_MS);
    const calls = refreshCalls();
    const runs = await Promise.all([refreshMercadoPagoTokens(t.app.ctx), refreshMercadoPagoTokens(t.app.ctx)]);
    expect(runs[0]! + runs[1]!).toBe(2);
    expect(refreshCalls()).toBe(calls + 2);
    for (const organiser of organisers) {
      const row = (await accountRow(organiser.user.id, 'mercadopago'))!;
      expect((await sellerOf(organiser.user.id)).refreshTokens.get(openToken(row, 'refresh'))).toBe(false);
    }
  });

  it('a refresh token refused as spent leaves the account expired, its tokens erased, and tells the organiser', async () => {
    const organiser = await connectedWithDaysLeft(20);
    const stale = (await accountRow(organiser.user.id, 'mercadopago'))!;
    expect(await refreshMercadoPagoTokens(t.app.ctx)).toBe(1);
    // As if the renewal had been lost: the spent refresh token is what is stored again.
    await db()
      .update(paymentAccounts)
      .set({ refreshToken: stale.refreshToken, tokenExpiresAt: stale.tokenExpiresAt })
      .where(eq(paymentAccounts.id, stale.id));

    expect(await refreshMercadoPagoTokens(t.app.ctx)).toBe(0);
    expect(await accountRow(organiser.user.id, 'mercadopago')).toMatchObject({ status: 'expired', accessToken: null, refreshToken: null });
    // Months later, a new session reads it.
    const headers = { authorization: `Bearer ${await t.app.ctx.tokens.issue({ userId: organiser.user.id, tokenVersion: 0 })}` };
    expect((await accountsOf(headers)).json().mercadopago).toMatchObject({ status: 'expired' });
    const [notice] = await db().select().from(notifications).where(eq(notifications.userId, organiser.user.id));
    expect(notice).toMatchObject({ type: 'payment_account_lost' });
    expect(notice!.message).toContain('Sua conta do Mercado Pago foi desconectada');
    expect(notice!.message).toContain(
      'Até você conectar de novo em Recebimentos, os pagamentos dos seus jogos entram na conta da plataforma e chegam a você por PIX.',
    );
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, organiser.user.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Reconecte sua conta do Mercado Pago']);
  });

  it('a seller who withdrew the application is revoked; the e-mail follows the organiser kind’s preference', async () => {
    const organiser = await connectedWithDaysLeft(5);
    await db().insert(notificationSettings).values({ userId: organiser.user.id, kind: 'organiser', email: false });
    mp.revokeSeller((await sellerOf(organiser.user.id)).id);
    expect(await refreshMercadoPagoTokens(t.app.ctx)).toBe(0);
    expect(await accountRow(organiser.user.id, 'mercadopago')).toMatchObject({ status: 'revoked', accessToken: null });
    expect(await db().select().from(notifications).where(eq(notifications.userId, organiser.user.id))).toHaveLength(1);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.to, organiser.user.email))).toEqual([]);
  });

  it('a token sealed with another key is left for the right key and does not stop the others', async () => {
    const unreadable = await connectedWithDaysLeft(3);
    const other = createTokenCipher(randomBytes(32));
    const forged = other.seal('TG-outra-chave', tokenContext(unreadable.user.id, 'mercadopago', 'refresh'));
    expect(() => cipher.open(forged, tokenContext(unreadable.user.id, 'mercadopago', 'refresh'))).toThrow(
      /PAYMENT_ACCOUNTS_KEY não é a chave com que ele foi cifrado/,
    );
    await db().update(paymentAccounts).set({ refreshToken: forged }).where(eq(paymentAccounts.userId, unreadable.user.id));
    const readable = await createSignedInUser(t.app);
    expect(await connectMercadoPago(readable)).toBe('connected');
    t.clock.advance(170 * DAY_MS);

    expect(await refreshMercadoPagoTokens(t.app.ctx)).toBe(1);
    expect(await accountRow(unreadable.user.id, 'mercadopago')).toMatchObject({ status: 'connected', refreshToken: forged });
  });
});

describe('Stripe Connect: an Express account', () => {
  async function startStripe(organiser: SignedIn) {
    const res = await connect(organiser.headers, 'stripe');
    expect(res.statusCode).toBe(200);
    const link = stripe.accountLinks.get(new URL(res.json<{ url: string }>().url).pathname.split('/').at(-1)!)!;
    return link;
  }

  it('makes the organiser’s Express account once and gives a fresh onboarding link each time', async () => {
    const organiser = await createSignedInUser(t.app);
    const first = await startStripe(organiser);
    const account = stripe.accounts.get(first.account)!;
    expect(account).toMatchObject({
      type: 'express',
      country: 'BR',
      email: organiser.user.email,
      metadata: { user_id: String(organiser.user.id) },
    });
    expect(first).toMatchObject({
      refresh_url: `${EARNINGS}?conta=stripe&resultado=stripe_link_expired`,
      return_url: `${EARNINGS}?conta=stripe&resultado=stripe_returned`,
    });
    const again = await startStripe(organiser);
    expect(again.account).toBe(first.account);
    expect(again.url).not.toBe(first.url);
    expect((await accountsOf(organiser.headers)).json().stripe).toEqual({
      available: true,
      status: 'connected',
      accountId: first.account,
      chargesEnabled: false,
    });
  });

  it('account.updated keeps chargesEnabled; repeated and out-of-order events are harmless; a forged one changes nothing', async () => {
    const organiser = await createSignedInUser(t.app);
    const { account } = await startStripe(organiser);
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    const older = stripe.accountWebhookFor(account, { created: nowSeconds - 60 });
    stripe.completeOnboarding(account);
    const newer = stripe.accountWebhookFor(account, { created: nowSeconds });

    expect((await stripeHook(newer)).status).toBe(200);
    expect((await stripeHook(newer)).status).toBe(200);
    expect((await stripeHook(older)).status).toBe(200);
    expect((await accountsOf(organiser.headers)).json().stripe).toMatchObject({ status: 'connected', chargesEnabled: true });

    const before = await stored();
    const forged = { ...newer, rawBody: newer.rawBody.replace('"charges_enabled": true', '"charges_enabled": false') };
    expect((await stripeHook(forged)).status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('deauthorised: revoked and the organiser told; connecting again makes a new account', async () => {
    const organiser = await createSignedInUser(t.app);
    const { account } = await startStripe(organiser);
    expect((await stripeHook(stripe.accountWebhookFor(account, { type: 'account.application.deauthorized' }))).status).toBe(200);
    expect((await accountsOf(organiser.headers)).json().stripe).toMatchObject({ status: 'revoked' });
    expect(await db().select().from(notifications).where(eq(notifications.userId, organiser.user.id))).toMatchObject([
      { type: 'payment_account_lost' },
    ]);
    const again = await startStripe(organiser);
    expect(again.account).not.toBe(account);
    expect((await accountsOf(organiser.headers)).json().stripe).toMatchObject({ status: 'connected', accountId: again.account });
  });

  it('DELETE disconnects and keeps the account for the next connection', async () => {
    const organiser = await createSignedInUser(t.app);
    const { account } = await startStripe(organiser);
    expect((await disconnect(organiser.headers, 'stripe')).json().message).toBe(
      'Conta da Stripe desconectada. Os pagamentos voltam a passar pela plataforma.',
    );
    expect((await accountsOf(organiser.headers)).json().stripe).toEqual({ available: true, status: 'none' });
    expect((await startStripe(organiser)).account).toBe(account);
  });

  it('Stripe unreachable: a clear 503 and nothing stored', async () => {
    const organiser = await createSignedInUser(t.app);
    stripe.failNext(500, 'fora do ar', 3);
    const res = await connect(organiser.headers, 'stripe');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'payment_provider_unavailable',
      message: 'Não foi possível falar com a Stripe agora. Tente de novo em alguns minutos.',
    });
    expect(await accountRow(organiser.user.id, 'stripe')).toBeUndefined();
  });
});

describe('starting connections, counted', () => {
  it('per account: the 21st start in 15 minutes is a 429 and writes no state', async () => {
    const limited = await createTestApp({
      env: {
        RATE_LIMITS: 'on',
        MERCADOPAGO_CLIENT_ID: mp.clientId,
        MERCADOPAGO_CLIENT_SECRET: mp.clientSecret,
        MERCADOPAGO_AUTH_URL: mp.authUrl,
        MERCADOPAGO_API_URL: mp.url,
        PAYMENT_ACCOUNTS_KEY: TEST_PAYMENT_ACCOUNTS_KEY,
      },
    });
    try {
      const organiser = await createSignedInUser(limited.app);
      const start = () =>
        limited.app.inject({ method: 'POST', url: '/api/users/me/payment-accounts/mercadopago', headers: organiser.headers });
      for (let i = 0; i < 20; i += 1) expect((await start()).statusCode).toBe(200);
      const refused = await start();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      const states = await limited.app.ctx.db.select().from(paymentAccountStates).where(eq(paymentAccountStates.userId, organiser.user.id));
      expect(states).toHaveLength(20);
      // Someone else is counted apart.
      const other = await createSignedInUser(limited.app);
      expect(
        (await limited.app.inject({ method: 'POST', url: '/api/users/me/payment-accounts/mercadopago', headers: other.headers }))
          .statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('an environment without the providers’ applications', () => {
  it('offers neither, refuses to connect with a clear 404, and its callback says so', async () => {
    const sandbox = await createTestApp();
    try {
      const organiser = await createSignedInUser(sandbox.app);
      const headers = organiser.headers;
      const reply = await sandbox.app.inject({ method: 'GET', url: '/api/users/me/payment-accounts', headers });
      expect(reply.json()).toEqual({ mercadopago: { available: false, status: 'none' }, stripe: { available: false, status: 'none' } });
      for (const [provider, by] of [
        ['mercadopago', 'pelo Mercado Pago'],
        ['stripe', 'pela Stripe'],
      ]) {
        const res = await sandbox.app.inject({ method: 'POST', url: `/api/users/me/payment-accounts/${provider}`, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          code: 'payment_account_unavailable',
          message: `Receber ${by} não está disponível neste ambiente.`,
        });
      }
      const back = await sandbox.app.inject({ method: 'GET', url: '/api/payment-accounts/mercadopago/callback?code=x&state=y' });
      expect(back.headers.location).toBe('http://bora.test/my-games/earnings?conta=mercadopago&resultado=provider_unavailable');
    } finally {
      await sandbox.close();
    }
  });
});
