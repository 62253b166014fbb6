import Stripe from 'stripe';
import type { Clock } from '../../../lib/clock';
import {
  assertAmountCents,
  headerValue,
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutInput,
  type CheckoutSession,
  type ConnectedAccountReport,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderPayment,
  type RefundOptions,
  type WebhookRequest,
  type WebhookResult,
} from '../provider';
import { createStripeClient, wrapStripeError } from './stripe-client';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** The signing secret of the Connect endpoint (events of connected accounts), when one is configured. */
  connectWebhookSecret?: string;
  /** Another API base, e.g. http://127.0.0.1:12111 for a local fake; the real API when absent. */
  apiUrl?: string;
  clock: Clock;
  /** Seconds a signed event stays acceptable; Stripe's default 300. */
  webhookToleranceSeconds?: number;
};

/** Stripe refuses a Checkout Session that expires sooner than this after creation. */
const MIN_SESSION_LIFETIME_SECONDS = 30 * 60 + 60;
const MAX_SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

/** Events that carry a Checkout Session we act on; every other type is ignored. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/**
 * A Connect event about an organiser's account: `account.updated` carries the account (charges enabled or not);
 * `account.application.deauthorized` names it in `event.account` (the platform lost access). Null for any other event.
 */
function connectedAccountReport(event: Stripe.Event): ConnectedAccountReport | null {
  const at = new Date(event.created * 1000);
  if (event.type === 'account.updated') {
    const account = event.data.object;
    return { provider: 'stripe', accountId: account.id, isRevoked: false, chargesEnabled: account.charges_enabled === true, at };
  }
  if (event.type === 'account.application.deauthorized' && event.account) {
    return { provider: 'stripe', accountId: event.account, isRevoked: true, chargesEnabled: false, at };
  }
  return null;
}

function statusOf(session: Stripe.Checkout.Session): PaymentStatus {
  if (session.payment_status === 'paid') return 'paid';
  if (session.status === 'expired') return 'failed';
  return 'pending';
}

function toPayment(session: Stripe.Checkout.Session, status = statusOf(session)): ProviderPayment {
  const paymentIntent = session.payment_intent;
  return {
    provider: 'stripe',
    providerPaymentId: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
    sessionId: session.id,
    status,
    providerStatus: `${session.status ?? 'unknown'}/${session.payment_status}`,
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    reference: session.client_reference_id ?? session.metadata?.reference ?? null,
  };
}

/** Card payments through Stripe Checkout (hosted page), with the official SDK. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options);
  const tolerance = options.webhookToleranceSeconds ?? stripe.webhooks.DEFAULT_TOLERANCE;

  async function retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session | null> {
    try {
      return await stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
      throw wrapStripeError(error, 'reading the checkout session');
    }
  }

  return {
    name: 'stripe',
    method: 'card',

    async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
      assertAmountCents(input.amountCents);
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        // stripe 23 (API 2026-10-28) replaced payment_method_types with this filter.
        allowed_payment_method_types: ['card'],
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'brl', unit_amount: input.amountCents, product_data: { name: input.description } },
          },
        ],
        client_reference_id: input.reference,
        metadata: { reference: input.reference },
        payment_intent_data: {
          metadata: { reference: input.reference },
          description: input.description,
          // A destination charge: the payment is the platform's, the transfer the payee's, less the platform's fee.
          ...(input.payee && {
            transfer_data: { destination: input.payee.accountId },
            application_fee_amount: input.payee.feeCents,
          }),
        },
        customer_email: input.payerEmail,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        locale: 'pt-BR',
      };
      if (input.expiresAt) {
        const now = Math.floor(options.clock.now().getTime() / 1000);
        const wanted = Math.floor(input.expiresAt.getTime() / 1000);
        params.expires_at = Math.min(Math.max(wanted, now + MIN_SESSION_LIFETIME_SECONDS), now + MAX_SESSION_LIFETIME_SECONDS);
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(params);
      } catch (error) {
        throw wrapStripeError(error, 'creating the checkout session');
      }
      if (!session.url) throw new PaymentProviderError('stripe', 'Stripe: the checkout session came back without a url');
      return { sessionId: session.id, url: session.url };
    },

    async getPayment(sessionId) {
      const session = await retrieveSession(sessionId);
      return session ? toPayment(session) : null;
    },

    async findCheckoutPayment({ sessionId }) {
      const session = await retrieveSession(sessionId);
      return session ? toPayment(session) : null;
    },

    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // 400: the session is complete or already expired; 404: Stripe never knew it. Nothing to close.
        if (error instanceof Stripe.errors.StripeError && (error.statusCode === 400 || error.statusCode === 404)) return false;
        throw wrapStripeError(error, 'expiring the checkout session');
      }
    },

    async refund(providerPaymentId, amountCents, refundOptions?: RefundOptions) {
      assertAmountCents(amountCents);
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: providerPaymentId,
            amount: amountCents,
            // A destination charge's refund takes its share back from the payee and gives back the platform's fee,
            // each in proportion to the amount refunded.
            ...(refundOptions?.payee && { reverse_transfer: true, refund_application_fee: true }),
          },
          refundOptions?.idempotencyKey ? { idempotencyKey: refundOptions.idempotencyKey } : undefined,
        );
        return { refundId: refund.id, providerStatus: refund.status ?? 'unknown' };
      } catch (error) {
        throw wrapStripeError(error, 'creating the refund');
      }
    },

    async handleWebhook(request: WebhookRequest): Promise<WebhookResult> {
      const signature = headerValue(request.headers, STRIPE_SIGNATURE_HEADER);
      if (!signature) throw new WebhookSignatureError('stripe', `missing ${STRIPE_SIGNATURE_HEADER} header`);
      const verify = (secret: string) =>
        stripe.webhooks.constructEvent(request.rawBody, signature, secret, tolerance, undefined, options.clock.now().getTime());
      let event: Stripe.Event;
      let isConnect = false;
      try {
        event = verify(options.webhookSecret);
      } catch (error) {
        // Stripe signs a Connect endpoint's events with that endpoint's own secret; it may share this address.
        const message = error instanceof Error ? error.message : String(error);
        if (!options.connectWebhookSecret) throw new WebhookSignatureError('stripe', `invalid Stripe signature: ${message}`);
        try {
          event = verify(options.connectWebhookSecret);
          isConnect = true;
        } catch {
          throw new WebhookSignatureError('stripe', `invalid Stripe signature: ${message}`);
        }
      }
      const account = connectedAccountReport(event);
      if (account) return { kind: 'account', eventId: event.id, account };
      // A connected account's own checkouts are never ours.
      if (isConnect) return { kind: 'ignored', eventId: event.id, reason: `connected account event ${event.type}` };
      if (!SESSION_EVENTS.has(event.type)) return { kind: 'ignored', eventId: event.id, reason: `event type ${event.type}` };
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.object !== 'checkout.session') return { kind: 'ignored', eventId: event.id, reason: 'not a checkout session' };
      // The async failure leaves the session 'complete'/'unpaid', which would otherwise read as pending.
      const status = event.type === 'checkout.session.async_payment_failed' ? 'failed' : statusOf(session);
      return { kind: 'payment', eventId: event.id, payment: toPayment(session, status) };
    },
  };
}
