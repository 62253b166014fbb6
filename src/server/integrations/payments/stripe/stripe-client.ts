import Stripe from 'stripe';
import { describeError } from '../../../lib/logger';
import { PaymentProviderError } from '../provider';

function connectionOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The official SDK on the real API, or on another base (`apiUrl`, a local fake in tests). */
export function createStripeClient(options: { secretKey: string; apiUrl?: string }): Stripe {
  return new Stripe(options.secretKey, {
    ...connectionOptions(options.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/** A failed call as the payment code handles it, keeping Stripe's status and error code. */
export function wrapStripeError(error: unknown, action: string): PaymentProviderError {
  const status = error instanceof Stripe.errors.StripeError ? error.statusCode : undefined;
  const code = error instanceof Stripe.errors.StripeError ? error.code : undefined;
  const message = describeError(error);
  return new PaymentProviderError('stripe', `Stripe: ${action} failed: ${message}`, status, { cause: error, code });
}
