import type { Clock } from '../../lib/clock';
import type { PaymentsConfig } from '../../lib/config';
import { createMercadoPagoProvider } from './mercadopago/mercadopago-provider';
import type { PaymentMethod, PaymentProvider, ProviderName } from './provider';
import { createSandboxProvider, type SandboxProvider, type SandboxSessionStore } from './sandbox/sandbox-provider';
import { createStripeProvider } from './stripe/stripe-provider';

export type PaymentProviders = {
  mode: 'sandbox' | 'live';
  /** How long a pending payment holds its slot, from PAYMENT_HOLD_MINUTES. */
  holdMinutes: number;
  card: PaymentProvider;
  pix: PaymentProvider;
  /** The provider a stored row or a webhook route names; undefined when it is not active in this mode. */
  byName(name: ProviderName): PaymentProvider | undefined;
  /** Only in sandbox mode: what the sandbox checkout page uses to "pay". */
  sandbox: SandboxProvider | undefined;
};

export type CreatePaymentProvidersOptions = {
  config: PaymentsConfig;
  /** Our app's public base URL (config.publicUrl): the sandbox checkout page lives there. */
  publicUrl: string;
  clock: Clock;
  /** Needed in sandbox mode: reads our payment rows by their stored sandbox session id. */
  sandboxStore: SandboxSessionStore;
  /** Signs the sandbox's simulated notifications; must be the same on every instance. */
  sandboxSecret: string;
};

/**
 * From config to the two payment methods. Live: Stripe takes card, Mercado Pago takes PIX and the
 * sandbox does not exist. Sandbox: both methods go to the built-in sandbox and no provider is
 * called. The mode is decided once, here.
 */
export function createPaymentProviders(options: CreatePaymentProvidersOptions): PaymentProviders {
  const { config, clock } = options;
  if (config.mode === 'live') {
    const card = createStripeProvider({ ...config.stripe, clock });
    const pix = createMercadoPagoProvider({ ...config.mercadoPago, clock });
    return {
      mode: 'live',
      holdMinutes: config.holdMinutes,
      card,
      pix,
      byName: (name) => (name === 'stripe' ? card : name === 'mercadopago' ? pix : undefined),
      sandbox: undefined,
    };
  }
  const sandboxFor = (method: PaymentMethod) =>
    createSandboxProvider({
      method,
      publicUrl: options.publicUrl,
      store: options.sandboxStore,
      webhookSecret: options.sandboxSecret,
      clock,
    });
  const card = sandboxFor('card');
  const pix = sandboxFor('pix');
  return {
    mode: 'sandbox',
    holdMinutes: config.holdMinutes,
    card,
    pix,
    // Both sandbox instances behave the same apart from `method`; webhooks and refunds need either.
    byName: (name) => (name === 'sandbox' ? card : undefined),
    sandbox: card,
  };
}
