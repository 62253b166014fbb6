import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../../lib/clock';
import {
  assertAmountCents,
  headerValue,
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutInput,
  type CheckoutSession,
  type PayeeAccount,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderPayment,
  type RefundOptions,
  type WebhookRequest,
  type WebhookResult,
} from '../provider';
import { createMercadoPagoClient, type MercadoPagoCall } from './mercadopago-client';

export const MERCADOPAGO_SIGNATURE_HEADER = 'x-signature';
export const MERCADOPAGO_REQUEST_ID_HEADER = 'x-request-id';

export type MercadoPagoProviderOptions = {
  accessToken: string;
  webhookSecret: string;
  /** Defaults to https://api.mercadopago.com. */
  apiUrl?: string;
  clock: Clock;
  /**
   * Seconds a signed notification stays acceptable, either way from now; 0 turns the check off.
   * Default 300, like Stripe. Each delivery attempt carries its own x-request-id, so it is signed
   * afresh; a replay is harmless anyway (we re-read the payment from the API).
   */
  webhookToleranceSeconds?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** The parts of a preference (Checkout Pro) request we send. */
export type MercadoPagoPreferenceRequest = {
  items: Array<{ id: string; title: string; quantity: number; currency_id: 'BRL'; unit_price: number }>;
  external_reference: string;
  notification_url: string;
  back_urls: { success: string; failure: string; pending: string };
  auto_return: 'approved' | 'all';
  payer: { email: string };
  payment_methods: { excluded_payment_types: Array<{ id: string }>; installments?: number };
  metadata: { reference: string };
  /** The platform's part, in reais, of a payment made with a seller's token (marketplace). */
  marketplace_fee?: number;
  statement_descriptor?: string;
  expires?: boolean;
  expiration_date_to?: string;
  date_of_expiration?: string;
};

export type MercadoPagoPreferenceResponse = {
  id: string;
  init_point: string;
  sandbox_init_point?: string;
  external_reference?: string;
};

export type MercadoPagoPaymentStatus =
  'pending' | 'approved' | 'authorized' | 'in_process' | 'in_mediation' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back';

export type MercadoPagoPayment = {
  id: number;
  status: MercadoPagoPaymentStatus | (string & {});
  status_detail?: string;
  transaction_amount: number;
  transaction_amount_refunded?: number;
  currency_id: string;
  external_reference: string | null;
  payment_method_id?: string;
  payment_type_id?: string;
  date_created?: string;
  date_approved?: string | null;
};

export type MercadoPagoRefund = { id: number; payment_id: number; amount: number; status: string };

export type MercadoPagoSearchResponse = { results: MercadoPagoPayment[]; paging?: { total: number; limit: number; offset: number } };

/**
 * Payment types Checkout Pro must not offer: boleto ('ticket') and cash ('atm') take days to clear,
 * far beyond a slot hold. PIX ('bank_transfer'), cards and Mercado Pago balance stay.
 */
export const EXCLUDED_PAYMENT_TYPES = ['ticket', 'atm'];

const STATUS_MAP: Record<string, PaymentStatus> = {
  approved: 'paid',
  pending: 'pending',
  authorized: 'pending',
  in_process: 'pending',
  in_mediation: 'pending',
  rejected: 'failed',
  cancelled: 'failed',
  refunded: 'refunded',
  charged_back: 'refunded',
};

export function centsToReais(amountCents: number): number {
  return Math.round(amountCents) / 100;
}

export function reaisToCents(amount: number): number {
  return Math.round(amount * 100);
}

function toPayment(payment: MercadoPagoPayment): ProviderPayment {
  return {
    provider: 'mercadopago',
    providerPaymentId: String(payment.id),
    sessionId: null,
    status: STATUS_MAP[payment.status] ?? 'pending',
    providerStatus: payment.status_detail ? `${payment.status}/${payment.status_detail}` : payment.status,
    amountCents: reaisToCents(payment.transaction_amount),
    currency: payment.currency_id.toUpperCase(),
    reference: payment.external_reference || null,
  };
}

/** Mercado Pago asks for ids from the query lower-cased when they are alphanumeric. */
function normaliseDataId(id: string): string {
  return /^[a-z0-9]+$/i.test(id) ? id.toLowerCase() : id;
}

function firstString(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstString(value[0]);
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** `data.id` from a flat (`{'data.id': '1'}`) or nested (`{data: {id: '1'}}`) query; `id` for the older topic style. */
function notificationTarget(query: Record<string, unknown>): { dataId: string | undefined; type: string | undefined } {
  const nested = query.data && typeof query.data === 'object' ? (query.data as Record<string, unknown>).id : undefined;
  const dataId = firstString(query['data.id']) ?? firstString(nested) ?? firstString(query.id);
  return { dataId, type: firstString(query.type) ?? firstString(query.topic) };
}

function parseSignatureHeader(header: string): { ts: string; v1: string } | null {
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'v1') v1 = value;
  }
  return ts && v1 ? { ts, v1 } : null;
}

/** The signed text: only the parts that are present, in this order, each ending with ';'. */
export function mercadoPagoSignatureManifest(parts: { dataId?: string; requestId?: string; ts: string }): string {
  let manifest = '';
  if (parts.dataId) manifest += `id:${normaliseDataId(parts.dataId)};`;
  if (parts.requestId) manifest += `request-id:${parts.requestId};`;
  manifest += `ts:${parts.ts};`;
  return manifest;
}

export function signMercadoPagoManifest(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

function withQueryParam(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, value);
  return parsed.toString();
}

/** PIX (and instant cards) through Mercado Pago Checkout Pro, with a fetch client of its REST API. */
export function createMercadoPagoProvider(options: MercadoPagoProviderOptions): PaymentProvider {
  const tolerance = options.webhookToleranceSeconds ?? 300;

  const request = createMercadoPagoClient(options);
  // A payment made on a seller's account is created, read and refunded with the seller's own token.
  const call = <T>(method: 'GET' | 'POST', path: string, init: Omit<MercadoPagoCall, 'accessToken'>, payee?: PayeeAccount) =>
    request<T>(method, path, { ...init, accessToken: payee?.accessToken ?? options.accessToken });

  async function getPayment(paymentId: string): Promise<ProviderPayment | null> {
    if (!/^\d{1,20}$/.test(paymentId)) return null;
    const payment = await call<MercadoPagoPayment>('GET', `/v1/payments/${paymentId}`, {
      allowNotFound: true,
      action: 'reading the payment',
    });
    return payment ? toPayment(payment) : null;
  }

  function verifySignature(request: WebhookRequest, dataId: string | undefined): string {
    const header = headerValue(request.headers, MERCADOPAGO_SIGNATURE_HEADER);
    const requestId = headerValue(request.headers, MERCADOPAGO_REQUEST_ID_HEADER);
    if (!header) throw new WebhookSignatureError('mercadopago', `missing ${MERCADOPAGO_SIGNATURE_HEADER} header`);
    if (!requestId) throw new WebhookSignatureError('mercadopago', `missing ${MERCADOPAGO_REQUEST_ID_HEADER} header`);
    const parsed = parseSignatureHeader(header);
    if (!parsed || !/^\d+$/.test(parsed.ts) || !/^[0-9a-f]{64}$/i.test(parsed.v1)) {
      throw new WebhookSignatureError('mercadopago', `malformed ${MERCADOPAGO_SIGNATURE_HEADER} header`);
    }
    const expected = Buffer.from(
      signMercadoPagoManifest(options.webhookSecret, mercadoPagoSignatureManifest({ dataId, requestId, ts: parsed.ts })),
      'hex',
    );
    const received = Buffer.from(parsed.v1.toLowerCase(), 'hex');
    if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
      throw new WebhookSignatureError('mercadopago', 'invalid Mercado Pago signature');
    }
    if (tolerance > 0) {
      // Documented in seconds; accept milliseconds too, in case.
      const tsSeconds = parsed.ts.length > 11 ? Math.floor(Number(parsed.ts) / 1000) : Number(parsed.ts);
      const age = Math.floor(options.clock.now().getTime() / 1000) - tsSeconds;
      if (Math.abs(age) > tolerance) throw new WebhookSignatureError('mercadopago', 'signature timestamp outside the tolerance');
    }
    return requestId;
  }

  return {
    name: 'mercadopago',
    method: 'pix',

    async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
      assertAmountCents(input.amountCents);
      const body: MercadoPagoPreferenceRequest = {
        items: [
          { id: input.reference, title: input.description, quantity: 1, currency_id: 'BRL', unit_price: centsToReais(input.amountCents) },
        ],
        external_reference: input.reference,
        // Only the signed Webhooks format, not the older unsigned IPN (?id=…&topic=…) as well.
        notification_url: withQueryParam(input.notificationUrl, 'source_news', 'webhooks'),
        back_urls: { success: input.successUrl, failure: input.cancelUrl, pending: input.successUrl },
        auto_return: 'approved',
        payer: { email: input.payerEmail },
        payment_methods: { excluded_payment_types: EXCLUDED_PAYMENT_TYPES.map((id) => ({ id })), installments: 1 },
        metadata: { reference: input.reference },
      };
      if (input.payee) body.marketplace_fee = centsToReais(input.payee.feeCents);
      if (input.expiresAt) {
        const iso = input.expiresAt.toISOString();
        body.expires = true;
        body.expiration_date_to = iso;
        // PIX codes generated from the page expire with the hold too.
        body.date_of_expiration = iso;
      }
      const preference = await call<MercadoPagoPreferenceResponse>(
        'POST',
        '/checkout/preferences',
        { body, action: 'creating the preference' },
        input.payee,
      );
      if (!preference?.id || !preference.init_point) {
        throw new PaymentProviderError('mercadopago', 'Mercado Pago: the preference came back without id or init_point');
      }
      return { sessionId: preference.id, url: preference.init_point, sandboxUrl: preference.sandbox_init_point };
    },

    getPayment,

    async findCheckoutPayment({ reference, payee }) {
      const query = new URLSearchParams({ external_reference: reference, sort: 'date_created', criteria: 'desc', limit: '30' });
      const found = await call<MercadoPagoSearchResponse>('GET', `/v1/payments/search?${query}`, { action: 'searching payments' }, payee);
      const mine = (found?.results ?? []).filter((payment) => payment.external_reference === reference);
      const best = mine.find((payment) => payment.status === 'approved') ?? mine[0];
      return best ? toPayment(best) : null;
    },

    // A preference cannot be closed once a payer holds its PIX code: the checkout is closed on our
    // side, and an approval that still comes is settled as a late payment (credits).
    async expireCheckout() {
      return false;
    },

    async refund(providerPaymentId, amountCents, refundOptions?: RefundOptions) {
      assertAmountCents(amountCents);
      if (!/^\d{1,20}$/.test(providerPaymentId)) throw new RangeError(`not a Mercado Pago payment id: ${providerPaymentId}`);
      const refund = await call<MercadoPagoRefund>(
        'POST',
        `/v1/payments/${providerPaymentId}/refunds`,
        { body: { amount: centsToReais(amountCents) }, idempotencyKey: refundOptions?.idempotencyKey, action: 'creating the refund' },
        refundOptions?.payee,
      );
      if (!refund) throw new PaymentProviderError('mercadopago', 'Mercado Pago: empty refund reply');
      return { refundId: String(refund.id), providerStatus: refund.status };
    },

    async handleWebhook(request: WebhookRequest): Promise<WebhookResult> {
      const { dataId, type } = notificationTarget(request.query);
      const eventId = verifySignature(request, dataId);
      if (type !== undefined && type !== 'payment') return { kind: 'ignored', eventId, reason: `notification type ${type}` };
      if (!dataId) return { kind: 'ignored', eventId, reason: 'no data.id in the query' };
      // The body is not signed: the payment is always read from the API.
      const payment = await getPayment(dataId);
      if (!payment) return { kind: 'ignored', eventId, reason: `payment ${dataId} not found` };
      return { kind: 'payment', eventId, payment };
    },
  };
}
