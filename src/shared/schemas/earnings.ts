import { messages } from '../messages';
import { normalisePixKey, PIX_KEY_TYPES } from '../rules/pix-key';
import { personNameSchema, reaisToCentsSchema } from './common';
import { z } from './z';

const m = messages.earnings;
const isoDateTime = z.string().describe('Instante ISO 8601 (UTC)');
const reais = (description: string) => z.number().describe(description);

export const pixKeyTypeSchema = z.enum(PIX_KEY_TYPES, { error: m.keyTypeInvalid });

/** A PIX key as typed: checked as the Central Bank defines its type, and kept as the DICT writes it. */
export const payoutKeyBodySchema = z
  .strictObject({
    type: pixKeyTypeSchema,
    key: z
      .string({ error: m.keyInvalid.email })
      .max(100)
      .describe('CPF/CNPJ (com ou sem pontuação), e-mail, o celular com DDD (com ou sem +55; guardado como +55…), ou a chave aleatória'),
    holderName: personNameSchema({ max: 100, min: 2, required: m.holderNameRequired, tooLong: m.holderNameRequired }).describe(
      'Nome do titular da conta que recebe',
    ),
  })
  .transform((body, ctx) => {
    const key = normalisePixKey(body.type, body.key);
    if (key === undefined) {
      ctx.issues.push({ code: 'custom', path: ['key'], message: m.keyInvalid[body.type], input: body.key });
      return z.NEVER;
    }
    return { ...body, key };
  });
export type PayoutKeyBody = z.input<typeof payoutKeyBodySchema>;

export const payoutKeyViewSchema = z
  .object({ type: pixKeyTypeSchema, maskedKey: z.string(), holderName: z.string() })
  .describe('A chave PIX dos repasses, mascarada');
export type PayoutKeyView = z.infer<typeof payoutKeyViewSchema>;

export const payoutKeyReplySchema = z.object({
  payoutKey: payoutKeyViewSchema.nullable(),
  isOrganiser: z
    .boolean()
    .describe('Organiza jogos: criou um jogo ou racha semanal (rascunho também), tem recebimentos ou já salvou uma chave'),
});
export type PayoutKeyReply = z.infer<typeof payoutKeyReplySchema>;
export const savePayoutKeyReplySchema = z.object({ message: z.string(), payoutKey: payoutKeyViewSchema });
export type SavePayoutKeyReply = z.infer<typeof savePayoutKeyReplySchema>;

export const PAYOUT_STATUSES = ['requested', 'paid', 'rejected'] as const;
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES, { error: m.statusInvalid });
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

export const payoutSchema = z.object({
  id: z.number().int(),
  amount: reais('Reais do repasse'),
  status: payoutStatusSchema,
  requestedAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  reference: z.string().nullable().describe('Identificador da transação PIX (E2E ID), quando pago'),
  reason: z.string().nullable().describe('Motivo, quando rejeitado'),
});
export type Payout = z.infer<typeof payoutSchema>;

export const GAME_EARNING_STATUSES = ['pending', 'available', 'paid_out', 'cancelled'] as const;

export const gameEarningSchema = z.object({
  gameId: z.number().int(),
  date: isoDateTime.describe('Início do jogo'),
  timeZone: z.string().describe('Fuso IANA do jogo'),
  name: z.string(),
  placesPaid: z.number().int().describe('Vagas pagas pela plataforma, menos as reembolsadas'),
  gross: reais('Pago pelos jogadores'),
  refunds: reais('Devolvido aos jogadores'),
  fee: reais('Taxa da plataforma'),
  net: reais('O que fica para o organizador'),
  status: z
    .enum(GAME_EARNING_STATUSES)
    .describe(
      'pending: a receber; available: disponível; paid_out: repassado (os repasses pagos cobrem este jogo, os mais antigos primeiro); cancelled: jogo cancelado, nada a receber',
    ),
  availableAt: isoDateTime.describe('Quando o valor fica disponível'),
  paidOutAt: isoDateTime.nullable().describe('Em paid_out: quando foi pago o repasse que cobriu o valor deste jogo'),
});
export type GameEarning = z.infer<typeof gameEarningSchema>;

export const takeBackSchema = z
  .object({
    gameId: z.number().int(),
    date: isoDateTime.describe('Início do jogo'),
    timeZone: z.string().describe('Fuso IANA do jogo'),
    name: z.string(),
    amount: reais('O que saiu dos recebimentos do organizador'),
    reason: z.string().describe('Por que o dinheiro voltou aos jogadores'),
    at: isoDateTime.describe('Quando foi devolvido'),
  })
  .describe('Dinheiro devolvido aos jogadores depois de o jogo começar (só a administração faz isso)');
export type TakeBack = z.infer<typeof takeBackSchema>;

const testModeSchema = z.boolean().describe('true com PAYMENTS=sandbox: modo de teste, nenhum dinheiro real');

export const earningsReplySchema = z.object({
  available: reais('Disponível para repasse agora (já descontado um pedido em andamento)'),
  pending: reais('A receber: jogos que ainda não passaram do prazo de segurança'),
  paidOut: reais('Já repassado'),
  requested: reais('Em um pedido de repasse ainda não pago'),
  owed: reais('A devolver à plataforma: o que foi tirado depois de já repassado; os próximos recebimentos pagam isso primeiro'),
  payoutMinimum: reais('Menor repasse que se pode pedir'),
  feePercent: z.number().int().describe('Taxa da plataforma em vigor, em %'),
  holdHours: z.number().int().describe('Horas depois do início do jogo até o valor ficar disponível'),
  payoutKey: payoutKeyViewSchema.nullable(),
  games: z.array(gameEarningSchema),
  takeBacks: z.array(takeBackSchema),
  payouts: z.array(payoutSchema),
  testMode: testModeSchema,
});
export type EarningsReply = z.infer<typeof earningsReplySchema>;

export const requestPayoutBodySchema = z.strictObject({
  amount: reaisToCentsSchema({
    min: 0.01,
    max: 1_000_000,
    description: 'Quanto pedir, em reais (no máximo o disponível); sem valor: todo o disponível',
    messages: { invalid: m.amountInvalid, min: m.amountInvalid, max: m.amountInvalid },
  }).optional(),
});
export type RequestPayoutBody = z.input<typeof requestPayoutBodySchema>;

export const requestPayoutReplySchema = z.object({ message: z.string(), payout: payoutSchema });
export type RequestPayoutReply = z.infer<typeof requestPayoutReplySchema>;

// ── The administrator's side ──

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const adminPayoutsQuerySchema = z.strictObject({
  status: z.preprocess(emptyToUndefined, payoutStatusSchema.optional()).describe('Sem valor: todos'),
});

export const adminPayoutSchema = payoutSchema.extend({
  organiser: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  key: z.object({ type: pixKeyTypeSchema, key: z.string(), holderName: z.string() }).describe('A chave PIX completa, para copiar'),
  decidedAt: isoDateTime.nullable(),
  balanceNow: reais(
    'O saldo do organizador agora, antes deste pedido: o que os jogos disponíveis renderam menos os repasses pagos (negativo: ele deve à plataforma)',
  ),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const adminPayoutsReplySchema = z.object({ payouts: z.array(adminPayoutSchema), testMode: testModeSchema });
export type AdminPayoutsReply = z.infer<typeof adminPayoutsReplySchema>;

/** The PIX end-to-end id (BCB): E, the payer's 8-digit ISPB, date and time, and a sequence: 32 letters and digits. */
export const PIX_END_TO_END_ID = /^E[0-9A-Za-z]{31}$/;

export const markPayoutPaidBodySchema = z.strictObject({
  reference: z
    .string({ error: m.referenceInvalid })
    .trim()
    // Kept upper-case: banks show one id in either case, and it must meet itself in the unique index (migration 0034).
    .toUpperCase()
    .regex(PIX_END_TO_END_ID, m.referenceInvalid)
    .describe('Identificador da transação PIX (E2E ID): E e 31 letras ou números'),
});
export type MarkPayoutPaidBody = z.input<typeof markPayoutPaidBodySchema>;

export const rejectPayoutBodySchema = z.strictObject({
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, m.reasonRequired),
});
export type RejectPayoutBody = z.input<typeof rejectPayoutBodySchema>;

export const adminPayoutReplySchema = z.object({ message: z.string(), payout: adminPayoutSchema });
export type AdminPayoutReply = z.infer<typeof adminPayoutReplySchema>;
