import type { PaymentAccountsConfig } from '../../lib/config';
import { createTokenCipher, type TokenCipher } from '../../lib/token-cipher';
import { createMercadoPagoOAuth, type MercadoPagoOAuth } from './mercadopago/mercadopago-oauth';
import { createStripeConnect, type StripeConnect } from './stripe/stripe-connect';

/**
 * What organisers' own payment accounts need (decision 082): the cipher of their tokens and each provider's side,
 * undefined where this environment does not offer it.
 */
export type PaymentAccountServices = {
  cipher: TokenCipher | undefined;
  mercadoPago: MercadoPagoOAuth | undefined;
  stripe: StripeConnect | undefined;
};

export function createPaymentAccountServices(config: PaymentAccountsConfig): PaymentAccountServices {
  const cipher = config.key ? createTokenCipher(config.key) : undefined;
  return {
    cipher,
    // Tokens are never kept in clear: without the key (which the configuration requires with an application) nothing connects.
    mercadoPago: config.mercadoPago && cipher ? createMercadoPagoOAuth(config.mercadoPago) : undefined,
    stripe: config.stripe ? createStripeConnect(config.stripe) : undefined,
  };
}
