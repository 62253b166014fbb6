import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../../lib/clock';
import {
  assertAmountCents,
  headerValue,
  WebhookSignatureError,
  type CheckoutInput,
  type CheckoutSession,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderPayment,
  type WebhookRequest,
  type WebhookResult,
} from '../provider';

/**
 * The built-in provider for local use: no network, no money. It keeps no state of its own, so
 * any instance behind a load balancer gives the same answers:
 *
 * - createCheckout returns a fresh `sbx_…` id and a page on our own app,
 *   `${publicUrl}/sandbox/checkout/${sessionId}`; the caller stores the id with the payment row,
 *   as for any provider.
 * - The sandbox page's "pay" (or "fail") action calls `simulatePayment(sessionId, outcome)`, which
 *   returns a signed delivery shaped like a webhook. Feed it to the same route/use case a real
 *   webhook goes through (handleWebhook → confirm); that is the only way a sandbox payment is paid.
 * - getPayment / findCheckoutPayment ask the injected store, which reads our own rows.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_SESSION_PREFIX = 'sbx_';
const PAYMENT_PREFIX = 'sbxpay_';

export type SandboxSession = {
  sessionId: string;
  reference: string;
  amountCents: number;
  /** The status our own row has reached for this session. */
  status: PaymentStatus;
};

/** Implemented by the wiring over the payments table (looked up by the stored session id). */
export type SandboxSessionStore = {
  find(sessionId: string): Promise<SandboxSession | null>;
};

export type SandboxOutcome = 'paid' | 'failed';

export type SandboxDelivery = WebhookRequest & { rawBody: string; headers: Record<string, string> };

export type SandboxProvider = PaymentProvider & {
  readonly name: 'sandbox';
  /** A signed notification saying the payer paid (or failed) on the sandbox page. */
  simulatePayment(sessionId: string, outcome: SandboxOutcome): SandboxDelivery;
};

export type SandboxProviderOptions = {
  method: PaymentMethod;
  /** Our app's public base URL, e.g. http://localhost:3000. */
  publicUrl: string;
  store: SandboxSessionStore;
  /** Signs simulated notifications; every instance must share it. */
  webhookSecret: string;
  clock: Clock;
  webhookToleranceSeconds?: number;
};

type SandboxEvent = { id: string; sessionId: string; outcome: SandboxOutcome };

export function isSandboxSessionId(id: string): boolean {
  return /^sbx_[A-Za-z0-9_-]{16,64}$/.test(id);
}

function paymentIdOf(sessionId: string): string {
  return PAYMENT_PREFIX + sessionId.slice(SANDBOX_SESSION_PREFIX.length);
}

function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const tolerance = options.webhookToleranceSeconds ?? 300;

  function toPayment(session: SandboxSession, status: PaymentStatus): ProviderPayment {
    return {
      provider: 'sandbox',
      providerPaymentId: status === 'pending' ? null : paymentIdOf(session.sessionId),
      sessionId: session.sessionId,
      status,
      providerStatus: status,
      amountCents: session.amountCents,
      currency: 'BRL',
      reference: session.reference,
    };
  }

  async function find(sessionId: string): Promise<SandboxSession | null> {
    return isSandboxSessionId(sessionId) ? options.store.find(sessionId) : null;
  }

  function verify(request: WebhookRequest): SandboxEvent {
    const header = headerValue(request.headers, SANDBOX_SIGNATURE_HEADER);
    if (!header) throw new WebhookSignatureError('sandbox', `missing ${SANDBOX_SIGNATURE_HEADER} header`);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    if (!match) throw new WebhookSignatureError('sandbox', `malformed ${SANDBOX_SIGNATURE_HEADER} header`);
    const timestamp = Number(match[1]);
    const body = typeof request.rawBody === 'string' ? request.rawBody : request.rawBody.toString('utf8');
    const expected = Buffer.from(sign(options.webhookSecret, timestamp, body), 'hex');
    const received = Buffer.from(match[2]!, 'hex');
    if (!timingSafeEqual(expected, received)) throw new WebhookSignatureError('sandbox', 'invalid sandbox signature');
    if (tolerance > 0 && Math.abs(Math.floor(options.clock.now().getTime() / 1000) - timestamp) > tolerance) {
      throw new WebhookSignatureError('sandbox', 'signature timestamp outside the tolerance');
    }
    const event = JSON.parse(body) as Partial<SandboxEvent>;
    if (typeof event.id !== 'string' || typeof event.sessionId !== 'string' || (event.outcome !== 'paid' && event.outcome !== 'failed')) {
      throw new WebhookSignatureError('sandbox', 'malformed sandbox event');
    }
    return event as SandboxEvent;
  }

  return {
    name: 'sandbox',
    method: options.method,

    async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
      assertAmountCents(input.amountCents);
      const sessionId = SANDBOX_SESSION_PREFIX + randomBytes(18).toString('base64url');
      return { sessionId, url: `${publicUrl}/sandbox/checkout/${sessionId}` };
    },

    async getPayment(sessionId) {
      const session = await find(sessionId);
      return session ? toPayment(session, session.status) : null;
    },

    async findCheckoutPayment({ sessionId }) {
      const session = await find(sessionId);
      return session ? toPayment(session, session.status) : null;
    },

    // The page keeps its Pagar button: that is how a late payment is tried out locally.
    async expireCheckout() {
      return false;
    },

    async refund(providerPaymentId, amountCents) {
      assertAmountCents(amountCents);
      if (!providerPaymentId.startsWith(PAYMENT_PREFIX)) throw new RangeError(`not a sandbox payment id: ${providerPaymentId}`);
      return { refundId: `sbxre_${randomBytes(12).toString('base64url')}`, providerStatus: 'succeeded' };
    },

    simulatePayment(sessionId, outcome) {
      const timestamp = Math.floor(options.clock.now().getTime() / 1000);
      const event: SandboxEvent = { id: `sbxevt_${randomBytes(12).toString('base64url')}`, sessionId, outcome };
      const rawBody = JSON.stringify(event);
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: `t=${timestamp},v1=${sign(options.webhookSecret, timestamp, rawBody)}`,
        },
        query: {},
      };
    },

    async handleWebhook(request: WebhookRequest): Promise<WebhookResult> {
      const event = verify(request);
      const session = await find(event.sessionId);
      if (!session) return { kind: 'ignored', eventId: event.id, reason: `unknown sandbox session ${event.sessionId}` };
      return { kind: 'payment', eventId: event.id, payment: toPayment(session, event.outcome) };
    },
  };
}
