import { createHmac, randomInt, randomUUID } from 'node:crypto';
import {
  deliverWebhook,
  escapeHtml,
  redirect,
  sendHtml,
  sendJson,
  startHttpServer,
  type RecordedRequest,
  type WebhookDelivery,
} from './fake-http';

/**
 * A fake Mercado Pago API on 127.0.0.1 for tests and the Playwright harness: Checkout Pro
 * preferences, payments (read, search), refunds, signed Webhooks notifications and a tiny
 * checkout page; and the marketplace's OAuth: an authorisation page, codes good once for 10
 * minutes, seller tokens of 180 days whose refresh token works once, and sellers who withdraw the
 * application. Point the app at it with MERCADOPAGO_API_URL=fake.url and
 * MERCADOPAGO_ACCESS_TOKEN=fake.accessToken; for OAuth, MERCADOPAGO_AUTH_URL=fake.authUrl,
 * MERCADOPAGO_CLIENT_ID=fake.clientId and MERCADOPAGO_CLIENT_SECRET=fake.clientSecret.
 */

export type FakeMercadoPagoPreference = {
  id: string;
  collector_id: number;
  client_id: string;
  operation_type: 'regular_payment';
  date_created: string;
  init_point: string;
  sandbox_init_point: string;
  items: Array<{ id?: string; title: string; quantity: number; currency_id: string; unit_price: number }>;
  external_reference: string | null;
  notification_url: string | null;
  back_urls: { success?: string; failure?: string; pending?: string };
  auto_return: string | null;
  payer: { email?: string } | null;
  payment_methods: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  expires: boolean;
  expiration_date_to: string | null;
  date_of_expiration: string | null;
  /** The platform's part, in reais, of a preference made with a seller's token (marketplace); null otherwise. */
  marketplace_fee: number | null;
};

export type FakeMercadoPagoPaymentStatus =
  'pending' | 'approved' | 'authorized' | 'in_process' | 'in_mediation' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back';

export type FakeMercadoPagoPayment = {
  id: number;
  status: FakeMercadoPagoPaymentStatus;
  status_detail: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  currency_id: string;
  external_reference: string | null;
  description: string | null;
  payment_method_id: string;
  payment_type_id: string;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  live_mode: false;
  payer: { email: string | null };
  metadata: Record<string, unknown>;
  order: { type: 'mercadopago'; id: number };
  /** Whose account the money is in: the platform's, or the seller's whose token made the preference. */
  collector_id: number;
  /** The platform's part, in reais, of a marketplace payment; 0 otherwise. */
  marketplace_fee: number;
  /** Not in Mercado Pago's reply; kept to tie a fake payment to its preference. */
  preference_id?: string;
};

export type FakeMercadoPagoRefund = {
  id: number;
  payment_id: number;
  amount: number;
  status: 'approved';
  date_created: string;
  /** The collector whose token asked for the refund: the seller's, for a marketplace payment. */
  source: { id: string; name: string; type: 'collector' };
  refund_mode: 'standard';
  unique_sequence_number: null;
};

export type FakeMercadoPagoOptions = {
  accessToken?: string;
  webhookSecret?: string;
  /** The OAuth application's credentials. */
  clientId?: string;
  clientSecret?: string;
  /** Mercado Pago's "now", for codes and tokens: the real time by default; a test on a moved clock hands it here. */
  now?: () => Date;
  /** When true, paying on the checkout page POSTs a signed notification to the preference's notification_url. */
  deliverWebhooks?: boolean;
};

export type FakeMercadoPagoWebhookOptions = {
  /** Seconds since the epoch, default now. */
  ts?: number;
  secret?: string;
  requestId?: string;
  action?: 'payment.created' | 'payment.updated';
};

/** A seller who authorised the application, with every token issued to them. */
export type FakeMercadoPagoSeller = {
  id: number;
  /** Access tokens still good, with when each ends. */
  accessTokens: Map<string, Date>;
  /** Refresh tokens issued, true once spent. */
  refreshTokens: Map<string, boolean>;
  /** The seller withdrew the application: every refresh answers `unauthorized_client`. */
  revoked: boolean;
};

export type FakeMercadoPago = {
  url: string;
  accessToken: string;
  webhookSecret: string;
  clientId: string;
  clientSecret: string;
  /** The authorisation page (MERCADOPAGO_AUTH_URL): "Autorizar" sends the browser to redirect_uri with a code. */
  authUrl: string;
  sellers: Map<number, FakeMercadoPagoSeller>;
  /**
   * What the authorisation page does when the seller authorises, without a browser: a code for `redirectUri`, good
   * once for 10 minutes. `sellerId` picks who authorises (a new seller by default).
   */
  authorize(input: { redirectUri: string; sellerId?: number }): string;
  /** The seller withdraws the application from their account. */
  revokeSeller(sellerId: number): void;
  /** Every API call received, oldest first (checkout-page visits excluded). */
  requests: RecordedRequest[];
  /** The platform's own collector id: payments made with the platform's token are in its account. */
  collectorId: number;
  preferences: Map<string, FakeMercadoPagoPreference>;
  payments: Map<number, FakeMercadoPagoPayment>;
  refunds: FakeMercadoPagoRefund[];
  /** A payment as if the payer paid the preference (amount and external_reference from it), or a free-standing one. */
  createPayment(
    from: { preferenceId: string } | { reference: string | null; amountCents: number },
    options?: { status?: FakeMercadoPagoPaymentStatus; statusDetail?: string; paymentMethodId?: string },
  ): FakeMercadoPagoPayment;
  setPaymentStatus(paymentId: number, status: FakeMercadoPagoPaymentStatus, statusDetail?: string): FakeMercadoPagoPayment;
  /** A signed Webhooks notification about a payment: query `data.id` + `type=payment`, headers x-signature and x-request-id. */
  webhookFor(paymentId: number | string, options?: FakeMercadoPagoWebhookOptions): WebhookDelivery;
  /** POSTs a delivery to `url` with its query appended (as Mercado Pago calls notification_url). */
  deliver(delivery: WebhookDelivery, url: string): Promise<{ status: number; body: string }>;
  /** The next API call answers this error instead (once). */
  failNext(status: number, message?: string): void;
  close(): Promise<void>;
};

const COLLECTOR_ID = 123456789;
/** An authorization code lasts 10 minutes; a seller's access token 180 days (15 552 000 s). */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const TOKEN_LIFETIME_SECONDS = 180 * 24 * 60 * 60;
const nowIso = () => new Date().toISOString();

function apiError(status: number, message: string, error = status === 404 ? 'not_found' : 'bad_request') {
  return { status, body: { message, error, status, cause: [] as unknown[] } };
}

export async function startFakeMercadoPago(options: FakeMercadoPagoOptions = {}): Promise<FakeMercadoPago> {
  const accessToken = options.accessToken ?? 'TEST-0000000000000000-000000-fakebora-123456789';
  const webhookSecret = options.webhookSecret ?? 'mp_webhook_secret_fake_bora_jogar';
  const requests: RecordedRequest[] = [];
  const preferences = new Map<string, FakeMercadoPagoPreference>();
  const payments = new Map<number, FakeMercadoPagoPayment>();
  const refunds: FakeMercadoPagoRefund[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let nextFailure: { status: number; message: string } | undefined;
  let nextPaymentId = 1_300_000_000 + randomInt(1_000_000);
  let baseUrl = '';
  const clientId = options.clientId ?? '1234567890123456';
  const clientSecret = options.clientSecret ?? 'fake-client-secret-bora-jogar';
  const now = () => options.now?.() ?? new Date();
  const sellers = new Map<number, FakeMercadoPagoSeller>();
  const codes = new Map<string, { sellerId: number; redirectUri: string; expiresAt: Date; used: boolean }>();
  let nextSellerId = 200_000_000 + randomInt(1_000_000);

  function authorize(input: { redirectUri: string; sellerId?: number }): string {
    const sellerId = input.sellerId ?? nextSellerId++;
    if (!sellers.has(sellerId)) sellers.set(sellerId, { id: sellerId, accessTokens: new Map(), refreshTokens: new Map(), revoked: false });
    sellers.get(sellerId)!.revoked = false;
    const code = `TG-${randomUUID()}-${sellerId}`;
    codes.set(code, { sellerId, redirectUri: input.redirectUri, expiresAt: new Date(now().getTime() + CODE_LIFETIME_MS), used: false });
    return code;
  }

  function issueTokens(seller: FakeMercadoPagoSeller): { status: number; body: unknown } {
    const access = `APP_USR-${randomUUID()}-${seller.id}`;
    const refresh = `TG-${randomUUID()}-${seller.id}`;
    seller.accessTokens.set(access, new Date(now().getTime() + TOKEN_LIFETIME_SECONDS * 1000));
    seller.refreshTokens.set(refresh, false);
    const body = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope: 'offline_access payments read write',
      user_id: seller.id,
      refresh_token: refresh,
      public_key: `APP_USR-${randomUUID()}`,
      live_mode: false,
    };
    return { status: 200, body };
  }

  const grantError = (error: string, message: string) => ({ status: 400, body: { error, message, status: 400, cause: [] as unknown[] } });

  /** POST /oauth/token, as documented: authorization_code once within its minutes, refresh_token once. */
  function oauthToken(body: Record<string, unknown>): { status: number; body: unknown } {
    if (body.client_id !== clientId || body.client_secret !== clientSecret)
      return grantError('invalid_client', 'invalid client_id or client_secret');
    if (body.grant_type === 'authorization_code') {
      const grant = typeof body.code === 'string' ? codes.get(body.code) : undefined;
      if (!grant || grant.used || grant.expiresAt <= now() || grant.redirectUri !== body.redirect_uri)
        return grantError('invalid_grant', 'invalid_grant');
      grant.used = true;
      return issueTokens(sellers.get(grant.sellerId)!);
    }
    if (body.grant_type === 'refresh_token') {
      const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
      const seller = [...sellers.values()].find((candidate) => candidate.refreshTokens.has(token));
      if (!seller) return grantError('invalid_grant', 'invalid_grant');
      if (seller.revoked) return grantError('unauthorized_client', 'the seller revoked the application');
      if (seller.refreshTokens.get(token)) return grantError('invalid_grant', 'invalid_grant');
      seller.refreshTokens.set(token, true);
      return issueTokens(seller);
    }
    return grantError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }

  function authorizationPage(query: Record<string, string>): string {
    const approve = `/authorization/approve?${new URLSearchParams(query)}`;
    const deny = `/authorization/deny?${new URLSearchParams(query)}`;
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Fake Mercado Pago</title></head><body>
<h1>Fake Mercado Pago</h1><p>Bora Jogar quer receber pagamentos na sua conta.</p>
<form method="post" action="${escapeHtml(approve)}"><button type="submit">Autorizar</button></form>
<form method="post" action="${escapeHtml(deny)}"><button type="submit">Cancelar</button></form>
</body></html>`;
  }

  /**
   * The account a bearer token acts for: the platform's, or a seller's (a token still good, of a seller who did not
   * withdraw the application); undefined for any other.
   */
  function collectorOf(authorization: string | undefined): number | undefined {
    if (authorization === `Bearer ${accessToken}`) return COLLECTOR_ID;
    const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
    for (const seller of sellers.values()) {
      const endsAt = token === undefined ? undefined : seller.accessTokens.get(token);
      if (endsAt && endsAt > now() && !seller.revoked) return seller.id;
    }
    return undefined;
  }

  function getPayment(paymentId: number): FakeMercadoPagoPayment {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`fake Mercado Pago: no payment ${paymentId}`);
    return payment;
  }

  function createPreference(body: Record<string, unknown>, collectorId: number): { status: number; body: unknown } {
    const items = body.items as FakeMercadoPagoPreference['items'] | undefined;
    if (!Array.isArray(items) || items.length === 0) return apiError(400, 'items needed');
    for (const item of items) {
      if (typeof item.unit_price !== 'number' || !(item.unit_price > 0)) return apiError(400, 'unit_price invalid');
      if (!Number.isInteger(item.quantity) || item.quantity < 1) return apiError(400, 'quantity invalid');
      if (item.currency_id !== undefined && item.currency_id !== 'BRL') return apiError(400, 'currency_id invalid');
      if (typeof item.title !== 'string' || item.title === '') return apiError(400, 'title needed');
    }
    const backUrls = (body.back_urls as FakeMercadoPagoPreference['back_urls'] | undefined) ?? {};
    if (body.auto_return && !backUrls.success)
      return apiError(400, 'auto_return invalid. back_url.success must be defined', 'invalid_auto_return');
    const total = items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
    const fee = body.marketplace_fee;
    if (fee !== undefined && (typeof fee !== 'number' || !(fee >= 0) || fee >= total)) return apiError(400, 'marketplace_fee invalid');
    if (fee !== undefined && collectorId === COLLECTOR_ID) return apiError(400, "marketplace_fee needs a seller's access token");
    const id = `${collectorId}-${randomUUID()}`;
    const preference: FakeMercadoPagoPreference = {
      id,
      collector_id: collectorId,
      client_id: '1234567890123456',
      operation_type: 'regular_payment',
      date_created: nowIso(),
      init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`,
      sandbox_init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}&sandbox=1`,
      items: items.map((item) => ({ ...item, currency_id: item.currency_id ?? 'BRL' })),
      external_reference: typeof body.external_reference === 'string' ? body.external_reference : null,
      notification_url: typeof body.notification_url === 'string' ? body.notification_url : null,
      back_urls: backUrls,
      auto_return: typeof body.auto_return === 'string' ? body.auto_return : null,
      payer: (body.payer as FakeMercadoPagoPreference['payer']) ?? null,
      payment_methods: (body.payment_methods as Record<string, unknown>) ?? null,
      metadata: (body.metadata as Record<string, unknown>) ?? {},
      expires: body.expires === true,
      expiration_date_to: typeof body.expiration_date_to === 'string' ? body.expiration_date_to : null,
      date_of_expiration: typeof body.date_of_expiration === 'string' ? body.date_of_expiration : null,
      marketplace_fee: typeof fee === 'number' ? fee : null,
    };
    preferences.set(id, preference);
    return { status: 201, body: preference };
  }

  function createPayment(
    from: { preferenceId: string } | { reference: string | null; amountCents: number },
    paymentOptions: { status?: FakeMercadoPagoPaymentStatus; statusDetail?: string; paymentMethodId?: string } = {},
  ): FakeMercadoPagoPayment {
    let amount: number;
    let reference: string | null;
    let preference: FakeMercadoPagoPreference | undefined;
    if ('preferenceId' in from) {
      preference = preferences.get(from.preferenceId);
      if (!preference) throw new Error(`fake Mercado Pago: no preference ${from.preferenceId}`);
      amount = Math.round(preference.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0) * 100) / 100;
      reference = preference.external_reference;
    } else {
      amount = from.amountCents / 100;
      reference = from.reference;
    }
    const status = paymentOptions.status ?? 'approved';
    const method = paymentOptions.paymentMethodId ?? 'pix';
    const id = nextPaymentId++;
    const payment: FakeMercadoPagoPayment = {
      id,
      status,
      status_detail:
        paymentOptions.statusDetail ?? (status === 'approved' ? 'accredited' : status === 'pending' ? 'pending_waiting_transfer' : status),
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      currency_id: 'BRL',
      external_reference: reference,
      description: preference?.items[0]?.title ?? null,
      payment_method_id: method,
      payment_type_id: method === 'pix' ? 'bank_transfer' : 'credit_card',
      date_created: nowIso(),
      date_approved: status === 'approved' ? nowIso() : null,
      date_last_updated: nowIso(),
      live_mode: false,
      payer: { email: preference?.payer?.email ?? null },
      metadata: preference?.metadata ?? {},
      order: { type: 'mercadopago', id: randomInt(1_000_000_000, 2_000_000_000) },
      collector_id: preference?.collector_id ?? COLLECTOR_ID,
      marketplace_fee: preference?.marketplace_fee ?? 0,
      preference_id: preference?.id,
    };
    payments.set(id, payment);
    return payment;
  }

  function publicPayment(payment: FakeMercadoPagoPayment): Omit<FakeMercadoPagoPayment, 'preference_id'> {
    const { preference_id: _hidden, ...rest } = payment;
    return rest;
  }

  /** A payment of the caller's account; another account's is not found, as Mercado Pago answers. */
  function paymentOf(paymentId: number, collectorId: number): FakeMercadoPagoPayment | undefined {
    const payment = payments.get(paymentId);
    return payment?.collector_id === collectorId ? payment : undefined;
  }

  function refund(paymentId: number, body: Record<string, unknown>, collectorId: number): { status: number; body: unknown } {
    const payment = paymentOf(paymentId, collectorId);
    if (!payment) return apiError(404, 'Payment not found');
    if (payment.status !== 'approved') return apiError(400, `Invalid status ${payment.status} for refund`, 'invalid_status');
    const remaining = Math.round((payment.transaction_amount - payment.transaction_amount_refunded) * 100);
    const amountCents = body.amount === undefined ? remaining : Math.round(Number(body.amount) * 100);
    if (!Number.isInteger(amountCents) || amountCents <= 0) return apiError(400, 'Invalid refund amount');
    if (amountCents > remaining) return apiError(400, 'The amount to refund exceeds the available amount', 'invalid_refund_amount');
    payment.transaction_amount_refunded = Math.round(payment.transaction_amount_refunded * 100 + amountCents) / 100;
    if (amountCents === remaining) Object.assign(payment, { status: 'refunded', status_detail: 'refunded' });
    payment.date_last_updated = nowIso();
    const created: FakeMercadoPagoRefund = {
      id: randomInt(1_000_000_000, 2_000_000_000),
      payment_id: paymentId,
      amount: amountCents / 100,
      status: 'approved',
      date_created: nowIso(),
      source: { id: String(collectorId), name: collectorId === COLLECTOR_ID ? 'Bora Jogar' : `Vendedor ${collectorId}`, type: 'collector' },
      refund_mode: 'standard',
      unique_sequence_number: null,
    };
    refunds.push(created);
    return { status: 201, body: created };
  }

  function webhookFor(paymentId: number | string, webhookOptions: FakeMercadoPagoWebhookOptions = {}): WebhookDelivery {
    const dataId = String(paymentId);
    const ts = String(webhookOptions.ts ?? Math.floor(Date.now() / 1000));
    const requestId = webhookOptions.requestId ?? randomUUID();
    // Written out here rather than imported, so the provider's own manifest is checked against it.
    const manifest = `id:${/^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId};request-id:${requestId};ts:${ts};`;
    const v1 = createHmac('sha256', webhookOptions.secret ?? webhookSecret)
      .update(manifest)
      .digest('hex');
    const rawBody = JSON.stringify({
      action: webhookOptions.action ?? 'payment.updated',
      api_version: 'v1',
      data: { id: dataId },
      date_created: nowIso(),
      id: randomInt(10_000_000_000, 20_000_000_000),
      live_mode: false,
      type: 'payment',
      user_id: String(COLLECTOR_ID),
    });
    return {
      rawBody,
      headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      query: { 'data.id': dataId, type: 'payment' },
    };
  }

  function checkoutPage(preference: FakeMercadoPagoPreference): string {
    const total = preference.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
    const amount = total.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
    const action = (outcome: string) => `/checkout/v1/pay?pref_id=${encodeURIComponent(preference.id)}&amp;outcome=${outcome}`;
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fake Mercado Pago</title></head><body>
<h1>Fake Mercado Pago</h1><p data-testid="amount">${escapeHtml(amount)}</p><p>${escapeHtml(preference.items[0]?.title ?? '')}</p>
<form method="post" action="${action('approved')}"><button type="submit">Pagar com PIX</button></form>
<form method="post" action="${action('pending')}"><button type="submit">Gerar PIX e não pagar</button></form>
<form method="post" action="${action('rejected')}"><button type="submit">Recusar</button></form>
</body></html>`;
  }

  function backUrl(preference: FakeMercadoPagoPreference, payment: FakeMercadoPagoPayment): string {
    const target =
      payment.status === 'approved'
        ? preference.back_urls.success
        : payment.status === 'rejected'
          ? preference.back_urls.failure
          : preference.back_urls.pending;
    const url = new URL(target ?? preference.back_urls.success ?? `${baseUrl}/`);
    const params: Record<string, string> = {
      collection_id: String(payment.id),
      collection_status: payment.status,
      payment_id: String(payment.id),
      status: payment.status,
      external_reference: payment.external_reference ?? 'null',
      payment_type: payment.payment_type_id,
      merchant_order_id: String(payment.order.id),
      preference_id: preference.id,
      site_id: 'MLB',
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  const server = await startHttpServer(async (request, response) => {
    if (request.path === '/authorization' && request.method === 'GET') {
      if (request.query.client_id !== clientId || request.query.response_type !== 'code' || !request.query.redirect_uri)
        return sendHtml(response, 400, '<p>Aplicação inválida</p>');
      return sendHtml(response, 200, authorizationPage(request.query));
    }
    const decision = /^\/authorization\/(approve|deny)$/.exec(request.path);
    if (decision && request.method === 'POST') {
      const target = new URL(request.query.redirect_uri ?? '');
      if (decision[1] === 'approve') target.searchParams.set('code', authorize({ redirectUri: request.query.redirect_uri! }));
      else target.searchParams.set('error', 'access_denied');
      if (request.query.state !== undefined) target.searchParams.set('state', request.query.state);
      return redirect(response, target.toString());
    }
    if (request.path === '/checkout/v1/redirect' || request.path === '/checkout/v1/pay') {
      const preference = preferences.get(request.query.pref_id ?? '');
      if (!preference) return sendHtml(response, 404, '<p>Preferência não encontrada</p>');
      if (request.method === 'GET') return sendHtml(response, 200, checkoutPage(preference));
      const outcome = request.query.outcome;
      const status: FakeMercadoPagoPaymentStatus = outcome === 'rejected' ? 'rejected' : outcome === 'pending' ? 'pending' : 'approved';
      const payment = createPayment(
        { preferenceId: preference.id },
        { status, statusDetail: status === 'rejected' ? 'cc_rejected_other_reason' : undefined },
      );
      if (options.deliverWebhooks && preference.notification_url) {
        await deliverWebhook(preference.notification_url, webhookFor(payment.id, { action: 'payment.created' })).catch(() => undefined);
      }
      return redirect(response, backUrl(preference, payment));
    }

    let body: unknown = {};
    if (request.rawBody) {
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        requests.push({
          method: request.method,
          path: request.path,
          query: request.query,
          headers: request.headers,
          rawBody: request.rawBody,
          body: undefined,
        });
        const error = apiError(400, 'invalid JSON body');
        return sendJson(response, error.status, error.body);
      }
    }
    requests.push({
      method: request.method,
      path: request.path,
      query: request.query,
      headers: request.headers,
      rawBody: request.rawBody,
      body,
    });

    if (request.method === 'POST' && request.path === '/oauth/token') {
      const result = oauthToken((body ?? {}) as Record<string, unknown>);
      return sendJson(response, result.status, result.body);
    }
    const collectorId = collectorOf(request.headers.authorization);
    if (collectorId === undefined) {
      const error = apiError(401, 'invalid access token', 'unauthorized');
      return sendJson(response, error.status, error.body);
    }
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = undefined;
      const error = apiError(failure.status, failure.message, 'internal_error');
      return sendJson(response, error.status, error.body);
    }
    const key = request.method === 'POST' ? request.headers['x-idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? idempotent.get(`${request.path}:${key}`) : undefined;
    if (replay) return sendJson(response, replay.status, replay.body);

    let result: { status: number; body: unknown };
    const input = (body ?? {}) as Record<string, unknown>;
    const paymentPath = /^\/v1\/payments\/(\d+)$/.exec(request.path);
    const refundPath = /^\/v1\/payments\/(\d+)\/refunds$/.exec(request.path);
    const preferencePath = /^\/checkout\/preferences\/([^/]+)$/.exec(request.path);
    if (request.method === 'POST' && /^\/checkout\/preferences\/?$/.test(request.path)) result = createPreference(input, collectorId);
    else if (request.method === 'GET' && preferencePath) {
      const preference = preferences.get(preferencePath[1]!);
      result = preference?.collector_id === collectorId ? { status: 200, body: preference } : apiError(404, 'preference not found');
    } else if (request.method === 'GET' && request.path === '/v1/payments/search') {
      const reference = request.query.external_reference;
      const found = [...payments.values()]
        .filter((payment) => payment.collector_id === collectorId && (reference === undefined || payment.external_reference === reference))
        .sort((a, b) => (request.query.criteria === 'asc' ? a.id - b.id : b.id - a.id));
      const limit = Number(request.query.limit ?? 30);
      const offset = Number(request.query.offset ?? 0);
      result = {
        status: 200,
        body: { paging: { total: found.length, limit, offset }, results: found.slice(offset, offset + limit).map(publicPayment) },
      };
    } else if (request.method === 'GET' && paymentPath) {
      const payment = paymentOf(Number(paymentPath[1]), collectorId);
      result = payment ? { status: 200, body: publicPayment(payment) } : apiError(404, 'Payment not found');
    } else if (request.method === 'POST' && refundPath) result = refund(Number(refundPath[1]), input, collectorId);
    else result = apiError(404, `resource not found: ${request.method} ${request.path}`);

    if (typeof key === 'string' && result.status < 500) idempotent.set(`${request.path}:${key}`, result);
    return sendJson(response, result.status, result.body);
  });
  baseUrl = server.url;

  return {
    url: server.url,
    accessToken,
    webhookSecret,
    clientId,
    clientSecret,
    authUrl: `${server.url}/authorization`,
    sellers,
    authorize,
    collectorId: COLLECTOR_ID,
    revokeSeller(sellerId) {
      const seller = sellers.get(sellerId);
      if (!seller) throw new Error(`fake Mercado Pago: no seller ${sellerId}`);
      seller.revoked = true;
      seller.accessTokens.clear();
    },
    requests,
    preferences,
    payments,
    refunds,
    createPayment,
    setPaymentStatus(paymentId, status, statusDetail) {
      const payment = getPayment(paymentId);
      Object.assign(payment, { status, status_detail: statusDetail ?? status, date_last_updated: nowIso() });
      if (status === 'approved') payment.date_approved ??= nowIso();
      return payment;
    },
    webhookFor,
    deliver: (delivery, url) => deliverWebhook(url, delivery),
    failNext(status, message = 'fake failure') {
      nextFailure = { status, message };
    },
    close: server.close,
  };
}
