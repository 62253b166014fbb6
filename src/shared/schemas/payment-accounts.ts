import { paymentAccountsMessages } from '../payment-accounts-messages';
import { z } from './z';

/** The providers an organiser may connect an account of (decision 082). */
export const PAYMENT_ACCOUNT_PROVIDERS = ['mercadopago', 'stripe'] as const;
export type PaymentAccountProvider = (typeof PAYMENT_ACCOUNT_PROVIDERS)[number];

export const paymentAccountStatusSchema = z
  .enum(['none', 'connected', 'expired', 'revoked'])
  .describe('none: nada conectado; connected: conectada; expired: a autorização venceu; revoked: retirada na conta do provedor');

export const paymentAccountsReplySchema = z.object({
  mercadopago: z.object({
    available: z.boolean().describe('Este ambiente oferece conectar o Mercado Pago (MERCADOPAGO_CLIENT_ID)'),
    status: paymentAccountStatusSchema,
    sellerId: z.string().optional().describe('O user_id do vendedor no Mercado Pago'),
    expiresAt: z.string().optional().describe('Quando o token atual vence (ISO 8601, UTC); renovado bem antes'),
  }),
  stripe: z.object({
    available: z.boolean().describe('Este ambiente oferece conectar a Stripe (pagamentos reais)'),
    status: paymentAccountStatusSchema,
    accountId: z.string().optional().describe('A conta Express (acct_…)'),
    chargesEnabled: z.boolean().optional().describe('A Stripe já aceita cobranças para a conta (cadastro completo)'),
  }),
});
export type PaymentAccountsReply = z.infer<typeof paymentAccountsReplySchema>;

export const paymentAccountProviderParamsSchema = z.strictObject({
  provider: z.enum(PAYMENT_ACCOUNT_PROVIDERS, { error: 'Use mercadopago ou stripe.' }),
});

export const connectPaymentAccountReplySchema = z.object({
  url: z.string().describe('A página do provedor para onde levar o organizador (autorização ou cadastro)'),
});

const callbackText = z.string().max(2048).optional();

/** What Mercado Pago's authorisation page sends back: the code and our state, or an error when the seller refused. */
export const mercadoPagoCallbackQuerySchema = z.looseObject({
  code: callbackText,
  state: callbackText,
  error: callbackText,
});

/** The result the callback hands the earnings page (`?conta=mercadopago&resultado=…`), each with its pt-BR text. */
export type PaymentAccountCallbackResult = keyof typeof paymentAccountsMessages.callback;
export const isPaymentAccountCallbackResult = (value: unknown): value is PaymentAccountCallbackResult =>
  typeof value === 'string' && Object.hasOwn(paymentAccountsMessages.callback, value);
