import { z } from './z';
import { messages } from '../messages';
import { reaisToCentsSchema } from './common';

/** Spec (players §9): R$ 1 = 1 credit, minimum top-up R$ 1, step 0.01. */
export const MIN_TOP_UP_REAIS = 1;
export const MAX_TOP_UP_REAIS = 5000;

/** Reais in, centavos out. */
export const topUpAmountSchema = reaisToCentsSchema({
  min: MIN_TOP_UP_REAIS,
  max: MAX_TOP_UP_REAIS,
  messages: { invalid: messages.topUpAmountInvalid, decimals: messages.topUpAmountInvalid },
  description: 'Reais (número JSON), de 1 a 5000, no máximo duas casas decimais',
});

export const topUpBodySchema = z.strictObject({ amount: topUpAmountSchema });
/** The body as sent: `amount` in reais. */
export type TopUpBody = z.input<typeof topUpBodySchema>;

export const paymentsModeSchema = z.enum(['sandbox', 'live']);
export type PaymentsMode = z.infer<typeof paymentsModeSchema>;

export const creditsConfigReplySchema = z.object({
  mode: paymentsModeSchema.describe('sandbox: pagamentos de teste (nenhum valor real); live: Stripe e Mercado Pago'),
});
export type CreditsConfigReply = z.infer<typeof creditsConfigReplySchema>;

export const addCreditsReplySchema = z.object({ message: z.string(), credits: z.number().describe('Saldo em reais') });
export type AddCreditsReply = z.infer<typeof addCreditsReplySchema>;

export const cardCheckoutReplySchema = z.object({ url: z.string().describe('Página de pagamento (Stripe Checkout ou sandbox)') });
export type CardCheckoutReply = z.infer<typeof cardCheckoutReplySchema>;

export const pixCheckoutReplySchema = z.object({
  initPoint: z.string().describe('Página de pagamento (Mercado Pago Checkout Pro ou sandbox)'),
  sandboxInitPoint: z.string().describe('A mesma página para usuários de teste do Mercado Pago'),
});
export type PixCheckoutReply = z.infer<typeof pixCheckoutReplySchema>;

export const verifyPaymentQuerySchema = z.strictObject({
  session_id: z.string().trim().min(1, messages.paymentSessionNotFound).max(300),
});

export const paymentStatusSchema = z.enum(['paid', 'pending', 'failed', 'not_found']);

export const verifyPaymentReplySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  credits: z.number().describe('Saldo em reais depois da verificação'),
  status: paymentStatusSchema,
  purpose: z.enum(['topup', 'game']).nullable(),
  outcome: z.enum(['credited', 'confirmed']).nullable().describe('credited: virou créditos; confirmed: pagou a vaga'),
  amount: z.number().nullable().describe('Reais do pagamento'),
  gameId: z.number().int().nullable(),
});
export type VerifyPaymentReply = z.infer<typeof verifyPaymentReplySchema>;

export const cancelTopUpBodySchema = z.strictObject({
  session_id: z
    .string()
    .trim()
    .min(1, messages.paymentSessionNotFound)
    .max(300)
    .describe('O id público da compra (o da volta do provedor)'),
});

export const cancelTopUpReplySchema = z.object({
  status: z.enum(['cancelled', 'paid']).describe('cancelled: a compra acabou sem cobrança; paid: já tinha sido paga'),
  message: z.string(),
});
export type CancelTopUpReply = z.infer<typeof cancelTopUpReplySchema>;
