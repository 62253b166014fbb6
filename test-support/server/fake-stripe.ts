import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
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
 * A fake Stripe API on 127.0.0.1 for tests and the Playwright harness: Checkout Sessions
 * (create, retrieve), refunds, signed webhook events and a tiny hosted checkout page; and Connect:
 * Express accounts, single-use account links to a tiny onboarding page, and the `account.updated` and
 * `account.application.deauthorized` events. Point the SDK at it with STRIPE_API_URL=fake.url and
 * STRIPE_SECRET_KEY=fake.secretKey.
 */

export type FakeStripeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  payment_intent: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  locale: string | null;
};

export type FakeStripePaymentIntent = {
  id: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  metadata: Record<string, string>;
  /** A destination charge's: the platform's fee, and the connected account its transfer goes to. */
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
  /** Not in Stripe's PaymentIntent: its transfer's `amount_reversed` and its application fee's `amount_refunded`. */
  transfer_reversed: number;
  application_fee_refunded: number;
};

export type FakeStripeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
  /** As asked: take the payee's share back, give the platform's fee back. */
  reverse_transfer: boolean;
  refund_application_fee: boolean;
};

/** A Connect account as Stripe answers it (the fields we read and a few around them). */
export type FakeStripeAccount = {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  metadata: Record<string, string>;
  created: number;
};

export type FakeStripeAccountLink = {
  object: 'account_link';
  url: string;
  created: number;
  expires_at: number;
  account: string;
  refresh_url: string;
  return_url: string;
  used: boolean;
};

export type FakeStripeAccountEventType = 'account.updated' | 'account.application.deauthorized';

export type FakeStripeEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'payment_intent.succeeded';

export type FakeStripeOptions = {
  secretKey?: string;
  webhookSecret?: string;
  /** The Connect endpoint's own signing secret: Stripe signs connected accounts' events with it. */
  connectWebhookSecret?: string;
  /** When set, paying on the hosted page POSTs checkout.session.completed here (our webhook route). */
  webhookUrl?: string;
  /**
   * Stripe's "now", for session expiry, timestamps and webhook signatures: the real time by default. A test whose app
   * runs on a clock moved ahead hands that clock here, as in production both read the same real time.
   */
  now?: () => Date;
};

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  connectWebhookSecret: string;
  /** Every API call received, oldest first (hosted-page visits excluded). */
  requests: RecordedRequest[];
  sessions: Map<string, FakeStripeSession>;
  paymentIntents: Map<string, FakeStripePaymentIntent>;
  refunds: FakeStripeRefund[];
  accounts: Map<string, FakeStripeAccount>;
  accountLinks: Map<string, FakeStripeAccountLink>;
  /** Stripe's onboarding finished for the account: it takes charges and pays out. */
  completeOnboarding(accountId: string): FakeStripeAccount;
  /**
   * A Connect event about the account as it is now, signed as the Connect endpoint's (`created` in seconds, default
   * now; older values make deliveries out of order).
   */
  accountWebhookFor(
    accountId: string,
    options?: { type?: FakeStripeAccountEventType; created?: number },
  ): WebhookDelivery & { event: Record<string, unknown> };
  /** Completes the session as a successful card payment; returns the updated session. */
  markSessionPaid(sessionId: string): FakeStripeSession;
  expireSession(sessionId: string): FakeStripeSession;
  /** A signed event about the session's current state. `timestamp` in seconds, default now. */
  webhookFor(
    sessionId: string,
    options?: { type?: FakeStripeEventType; timestamp?: number; secret?: string },
  ): WebhookDelivery & { event: Record<string, unknown> };
  /** POSTs a delivery to `url` (default: the webhookUrl option). */
  deliver(delivery: WebhookDelivery, url?: string): Promise<{ status: number; body: string }>;
  /** The next API call answers this error instead (`times` calls in a row: the SDK retries a 5xx twice). */
  failNext(status: number, message?: string, times?: number): void;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects, numeric keys into arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Record<string, unknown>;
    });
  }
  const arrayify = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrayify(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrayify(root) as Record<string, unknown>;
}

function stripeError(status: number, message: string, code?: string, param?: string) {
  return { status, body: { error: { type: 'invalid_request_error', message, code, param } } };
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const nowSeconds = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const secretKey = options.secretKey ?? 'sk_test_fake_bora_jogar';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_bora_jogar';
  const connectWebhookSecret = options.connectWebhookSecret ?? 'whsec_fake_bora_jogar_connect';
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeStripeSession>();
  const paymentIntents = new Map<string, FakeStripePaymentIntent>();
  const refunds: FakeStripeRefund[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let nextFailure: { status: number; message: string; times: number } | undefined;
  let baseUrl = '';
  const signer = new Stripe(secretKey);
  /** What each session's payment_intent_data asked of a destination charge; its PaymentIntent carries it once paid. */
  const sessionSplits = new Map<string, Pick<FakeStripePaymentIntent, 'application_fee_amount' | 'transfer_data'>>();

  function getSession(sessionId: string): FakeStripeSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    return session;
  }

  function markSessionPaid(sessionId: string): FakeStripeSession {
    const session = getSession(sessionId);
    const intentId = session.payment_intent ?? id('pi');
    paymentIntents.set(intentId, {
      id: intentId,
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      metadata: { ...session.metadata },
      ...(sessionSplits.get(sessionId) ?? { application_fee_amount: null, transfer_data: null }),
      transfer_reversed: 0,
      application_fee_refunded: 0,
    });
    Object.assign(session, { payment_intent: intentId, payment_status: 'paid', status: 'complete', url: null });
    return session;
  }

  function createSession(form: Record<string, unknown>): { status: number; body: unknown } {
    const lineItems = form.line_items as
      Array<{ quantity?: string; price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } } }> | undefined;
    if (form.mode !== 'payment') return stripeError(400, 'fake Stripe supports mode=payment only', 'parameter_invalid', 'mode');
    if (!Array.isArray(lineItems) || lineItems.length === 0)
      return stripeError(400, 'line_items is required', 'parameter_missing', 'line_items');
    let total = 0;
    let currency: string | undefined;
    for (const [index, item] of lineItems.entries()) {
      const unit = Number(item.price_data?.unit_amount);
      const quantity = Number(item.quantity ?? 1);
      if (!Number.isInteger(unit) || unit <= 0)
        return stripeError(
          400,
          'unit_amount must be a positive integer',
          'parameter_invalid_integer',
          `line_items[${index}][price_data][unit_amount]`,
        );
      if (!item.price_data?.product_data?.name)
        return stripeError(
          400,
          'product_data.name is required',
          'parameter_missing',
          `line_items[${index}][price_data][product_data][name]`,
        );
      currency ??= item.price_data.currency;
      total += unit * quantity;
    }
    if (!currency) return stripeError(400, 'currency is required', 'parameter_missing', 'line_items[0][price_data][currency]');
    if (typeof form.success_url !== 'string') return stripeError(400, 'success_url is required', 'parameter_missing', 'success_url');
    const created = nowSeconds();
    const expiresAt = form.expires_at === undefined ? created + 24 * 3600 : Number(form.expires_at);
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      return stripeError(400, 'expires_at must be between 30 minutes and 24 hours from now', 'parameter_invalid_integer', 'expires_at');
    }
    const intentData = (form.payment_intent_data as { application_fee_amount?: string; transfer_data?: { destination?: string } }) ?? {};
    const destination = intentData.transfer_data?.destination;
    const fee = intentData.application_fee_amount === undefined ? null : Number(intentData.application_fee_amount);
    if (destination !== undefined) {
      const account = accounts.get(destination);
      const param = 'payment_intent_data[transfer_data][destination]';
      if (!account) return stripeError(400, `No such destination: '${destination}'`, 'resource_missing', param);
      if (!account.charges_enabled) {
        return stripeError(
          400,
          'Your destination account needs to have at least one of the following capabilities enabled: transfers',
          'insufficient_capabilities_for_transfer',
          param,
        );
      }
    }
    if (fee !== null && (destination === undefined || !Number.isInteger(fee) || fee < 0 || fee > total)) {
      return stripeError(
        400,
        'application_fee_amount is invalid',
        'parameter_invalid_integer',
        'payment_intent_data[application_fee_amount]',
      );
    }
    const sessionId = id('cs');
    if (destination !== undefined) sessionSplits.set(sessionId, { application_fee_amount: fee, transfer_data: { destination } });
    const allowed = (form.allowed_payment_method_types as string[] | undefined) ?? ['card'];
    const session: FakeStripeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      allowed_payment_method_types: allowed,
      payment_method_types: allowed,
      success_url: form.success_url,
      cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
      url: `${baseUrl}/c/pay/${sessionId}`,
      created,
      expires_at: expiresAt,
      livemode: false,
      locale: typeof form.locale === 'string' ? form.locale : null,
    };
    sessions.set(sessionId, session);
    return { status: 200, body: session };
  }

  /** As Stripe answers: only an open session can be expired. */
  function expireOpenSession(sessionId: string): { status: number; body: unknown } {
    const session = sessions.get(sessionId);
    if (!session) return stripeError(404, `No such checkout.session: '${sessionId}'`, 'resource_missing', 'session');
    if (session.status !== 'open')
      return stripeError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.', 'checkout_session_not_open');
    Object.assign(session, { status: 'expired', url: null });
    return { status: 200, body: session };
  }

  function createRefund(form: Record<string, unknown>): { status: number; body: unknown } {
    const intent = typeof form.payment_intent === 'string' ? paymentIntents.get(form.payment_intent) : undefined;
    if (!intent) return stripeError(404, `No such payment_intent: '${String(form.payment_intent)}'`, 'resource_missing', 'payment_intent');
    const remaining = intent.amount - intent.amount_refunded;
    const amount = form.amount === undefined ? remaining : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      return stripeError(400, 'amount must be a positive integer', 'parameter_invalid_integer', 'amount');
    if (amount > remaining) {
      return stripeError(
        400,
        `Refund amount (R$${amount / 100}) is greater than unrefunded amount on charge (R$${remaining / 100})`,
        'amount_too_large',
        'amount',
      );
    }
    const reverseTransfer = form.reverse_transfer === 'true';
    const refundFee = form.refund_application_fee === 'true';
    if (intent.transfer_data) {
      // In proportion to the amount refunded; what is left of each on the last refund.
      const fee = intent.application_fee_amount ?? 0;
      const share = (part: number, done: number) => (amount === remaining ? part - done : Math.round((part * amount) / intent.amount));
      if (reverseTransfer) intent.transfer_reversed += share(intent.amount - fee, intent.transfer_reversed);
      if (refundFee) intent.application_fee_refunded += share(fee, intent.application_fee_refunded);
    }
    intent.amount_refunded += amount;
    const refund: FakeStripeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      created: nowSeconds(),
      reverse_transfer: reverseTransfer,
      refund_application_fee: refundFee,
    };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  const accounts = new Map<string, FakeStripeAccount>();
  const accountLinks = new Map<string, FakeStripeAccountLink>();

  function createAccount(form: Record<string, unknown>): { status: number; body: unknown } {
    if (form.type !== 'express') return stripeError(400, 'fake Stripe supports type=express only', 'parameter_invalid', 'type');
    const requested = (form.capabilities as Record<string, { requested?: string }> | undefined) ?? {};
    const account: FakeStripeAccount = {
      id: id('acct'),
      object: 'account',
      type: 'express',
      country: typeof form.country === 'string' ? form.country : 'BR',
      email: typeof form.email === 'string' ? form.email : null,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: Object.fromEntries(Object.keys(requested).map((name) => [name, 'inactive' as const])),
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      created: nowSeconds(),
    };
    accounts.set(account.id, account);
    return { status: 200, body: account };
  }

  function createAccountLink(form: Record<string, unknown>): { status: number; body: unknown } {
    const account = typeof form.account === 'string' ? accounts.get(form.account) : undefined;
    if (!account) return stripeError(400, `No such account: '${String(form.account)}'`, 'account_invalid', 'account');
    if (form.type !== 'account_onboarding') return stripeError(400, 'type must be account_onboarding', 'parameter_invalid', 'type');
    for (const field of ['refresh_url', 'return_url'] as const) {
      if (typeof form[field] !== 'string') return stripeError(400, `${field} is required`, 'parameter_missing', field);
    }
    const linkId = randomBytes(12).toString('hex');
    const created = nowSeconds();
    const link: FakeStripeAccountLink = {
      object: 'account_link',
      url: `${baseUrl}/setup/e/${linkId}`,
      created,
      expires_at: created + 300,
      account: account.id,
      refresh_url: form.refresh_url as string,
      return_url: form.return_url as string,
      used: false,
    };
    accountLinks.set(linkId, link);
    const { used: _hidden, account: _account, refresh_url: _refresh, return_url: _return, ...reply } = link;
    return { status: 200, body: reply };
  }

  function completeOnboarding(accountId: string): FakeStripeAccount {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`fake Stripe: no account ${accountId}`);
    Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
    return account;
  }

  function signed(event: Record<string, unknown>, timestamp = nowSeconds(), secret = webhookSecret) {
    const rawBody = JSON.stringify(event, null, 2);
    const header = signer.webhooks.generateTestHeaderString({ payload: rawBody, secret, timestamp });
    return { event, rawBody, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header }, query: {} };
  }

  function accountWebhookFor(accountId: string, eventOptions: { type?: FakeStripeAccountEventType; created?: number } = {}) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`fake Stripe: no account ${accountId}`);
    const type = eventOptions.type ?? 'account.updated';
    const object =
      type === 'account.updated' ? structuredClone(account) : { id: 'ca_fake_bora_jogar', object: 'application', name: 'Bora Jogar' };
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      account: accountId,
      created: eventOptions.created ?? nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    return signed(event, nowSeconds(), connectWebhookSecret);
  }

  function onboardingPage(link: FakeStripeAccountLink, linkId: string): string {
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fake Stripe Connect</title></head><body>
<h1>Fake Stripe Connect</h1><p data-testid="account">${escapeHtml(link.account)}</p>
<form method="post" action="/setup/e/${linkId}"><button type="submit">Concluir cadastro</button></form>
</body></html>`;
  }

  function webhookFor(sessionId: string, webhookOptions: { type?: FakeStripeEventType; timestamp?: number; secret?: string } = {}) {
    const session = getSession(sessionId);
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: webhookOptions.type ?? 'checkout.session.completed',
      data: { object: structuredClone(session) },
    };
    return signed(event, webhookOptions.timestamp, webhookOptions.secret);
  }

  async function deliver(delivery: WebhookDelivery, url = options.webhookUrl) {
    if (!url) throw new Error('fake Stripe: no webhook URL to deliver to');
    return deliverWebhook(url, delivery);
  }

  function hostedPage(session: FakeStripeSession): string {
    const amount = (session.amount_total / 100).toLocaleString('pt-BR', { style: 'currency', currency: session.currency.toUpperCase() });
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body>
<h1>Fake Stripe Checkout</h1><p data-testid="amount">${escapeHtml(amount)}</p><p data-testid="status">${session.status}/${session.payment_status}</p>
<form method="post" action="/c/pay/${session.id}"><button type="submit">Pagar</button></form>
${session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancelar</a>` : ''}
</body></html>`;
  }

  const server = await startHttpServer(async (request, response) => {
    const setup = /^\/setup\/e\/([^/]+)$/.exec(request.path);
    if (setup) {
      const link = accountLinks.get(setup[1]!);
      if (!link) return sendHtml(response, 404, '<p>Link não encontrado</p>');
      // Single use and short-lived, as Stripe's: a link visited before or expired sends the user to refresh_url.
      if (link.used || link.expires_at < nowSeconds()) return redirect(response, link.refresh_url);
      if (request.method === 'GET') return sendHtml(response, 200, onboardingPage(link, setup[1]!));
      link.used = true;
      completeOnboarding(link.account);
      if (options.webhookUrl) await deliver(accountWebhookFor(link.account)).catch(() => undefined);
      return redirect(response, link.return_url);
    }
    const pay = /^\/c\/pay\/([^/]+)$/.exec(request.path);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session) return sendHtml(response, 404, '<p>Sessão não encontrada</p>');
      if (request.method === 'GET') return sendHtml(response, 200, hostedPage(session));
      if (session.status !== 'open') return sendHtml(response, 409, '<p>Sessão encerrada</p>');
      markSessionPaid(session.id);
      if (options.webhookUrl) await deliver(webhookFor(session.id)).catch(() => undefined);
      return redirect(response, (session.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', session.id));
    }

    const body = request.headers['content-type']?.includes('application/x-www-form-urlencoded') ? parseStripeForm(request.rawBody) : {};
    requests.push({
      method: request.method,
      path: request.path,
      query: request.query,
      headers: request.headers,
      rawBody: request.rawBody,
      body,
    });

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      const error = stripeError(401, 'Invalid API Key provided');
      return sendJson(response, error.status, error.body);
    }
    if (nextFailure) {
      const failure = nextFailure;
      failure.times -= 1;
      if (failure.times <= 0) nextFailure = undefined;
      return sendJson(response, failure.status, { error: { type: 'api_error', message: failure.message } });
    }
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? idempotent.get(`${request.path}:${key}`) : undefined;
    if (replay) return sendJson(response, replay.status, replay.body);

    let result: { status: number; body: unknown };
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') result = createSession(body);
    else if (request.method === 'GET' && sessionPath) {
      const session = sessions.get(sessionPath[1]!);
      result = session
        ? { status: 200, body: session }
        : stripeError(404, `No such checkout.session: '${sessionPath[1]}'`, 'resource_missing', 'session');
    } else if (request.method === 'POST' && expirePath) result = expireOpenSession(expirePath[1]!);
    else if (request.method === 'POST' && request.path === '/v1/refunds') result = createRefund(body);
    else if (request.method === 'POST' && request.path === '/v1/accounts') result = createAccount(body);
    else if (request.method === 'POST' && request.path === '/v1/account_links') result = createAccountLink(body);
    else result = stripeError(404, `Unrecognized request URL (${request.method}: ${request.path})`);

    if (typeof key === 'string' && result.status < 500) idempotent.set(`${request.path}:${key}`, result);
    return sendJson(response, result.status, result.body);
  });
  baseUrl = server.url;

  return {
    url: server.url,
    secretKey,
    webhookSecret,
    connectWebhookSecret,
    requests,
    sessions,
    paymentIntents,
    refunds,
    accounts,
    accountLinks,
    completeOnboarding,
    accountWebhookFor,
    markSessionPaid,
    expireSession(sessionId) {
      const session = getSession(sessionId);
      Object.assign(session, { status: 'expired', url: null });
      return session;
    },
    webhookFor,
    deliver,
    failNext(status, message = 'fake failure', times = 1) {
      nextFailure = { status, message, times };
    },
    close: server.close,
  };
}
