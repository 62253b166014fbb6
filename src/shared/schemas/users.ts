import { z } from './z';
import { messages } from '../messages';
import { isValidPhone, phoneDigits } from '../rules/phone';
import { authReplySchema, newPasswordSchema, publicUserSchema } from './auth';
import { emptyToUndefined, personNameSchema } from './common';
import { gameSchema, myGameSchema, registrationStatusSchema, waitlistedGameSchema } from './games';
import { notificationSettingsSchema } from './notification-settings';

export const meReplySchema = publicUserSchema.extend({
  hasPassword: z.boolean().describe('false: a conta só entra com o Google (confirma a exclusão digitando o e-mail)'),
  myGames: z
    .array(myGameSchema)
    .describe('Jogos com inscrição (confirmada, aguardando pagamento ou cancelada), dos últimos 30 dias em diante'),
  waitlistedGames: z.array(waitlistedGameSchema).describe('Jogos futuros em que o usuário está na fila'),
});
export type MeReply = z.infer<typeof meReplySchema>;

/** How many finished games one page of a player's history holds. */
export const HISTORY_PAGE_SIZE = 20;

/** Where a page of the history continues from: the `next` of the page before (the last game's start, in ms, and id). */
export const historyCursorSchema = z
  .string()
  .regex(/^\d{1,13}\.\d{1,10}$/, messages.historyCursorInvalid)
  .refine((cursor) => Number(cursor.split('.')[1]) <= 2_147_483_647, messages.historyCursorInvalid);

export const historyQuerySchema = z.strictObject({
  cursor: z
    .preprocess(emptyToUndefined, historyCursorSchema.optional())
    .describe('Ausente: a primeira página; senão o next da página anterior'),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const historyGameSchema = gameSchema.extend({
  registrationType: registrationStatusSchema.describe('A última inscrição do usuário no jogo'),
  leftWaitlist: z.boolean().describe('Em cancelled: o usuário saiu da lista de espera (nunca teve vaga)'),
});
export type HistoryGame = z.infer<typeof historyGameSchema>;

export const historyReplySchema = z.object({
  games: z
    .array(historyGameSchema)
    .describe(`Jogos já começados em que o usuário se inscreveu, do mais recente ao mais antigo, ${HISTORY_PAGE_SIZE} por página`),
  next: historyCursorSchema.nullable().describe('A continuação (cursor da próxima página), ou null na última'),
});
export type HistoryReply = z.infer<typeof historyReplySchema>;

const phoneSchema = z
  .string({ error: messages.phoneInvalid })
  .max(40, messages.phoneInvalid)
  .refine(isValidPhone, messages.phoneInvalid)
  .meta({ examples: ['(48) 99123-4567', '4833334444'] })
  .transform(phoneDigits);

export const phoneBodySchema = z.strictObject({ phone: phoneSchema });
export type PhoneBody = z.input<typeof phoneBodySchema>;

export const phoneReplySchema = z.object({ message: z.string(), user: publicUserSchema });
export type PhoneReply = z.infer<typeof phoneReplySchema>;

export const updateMeBodySchema = z.strictObject({
  name: personNameSchema({
    max: 100,
    required: messages.nameRequired,
    tooLong: messages.nameTooLong,
    min: 2,
    tooShort: messages.nameTooShort,
  }),
  phone: phoneSchema.optional().describe('Com DDD, como no cadastro do telefone; ausente deixa o atual'),
});
export type UpdateMeBody = z.input<typeof updateMeBodySchema>;

export const updateMeReplySchema = z.object({ message: z.string(), user: publicUserSchema });
export type UpdateMeReply = z.infer<typeof updateMeReplySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, messages.currentPasswordRequired)
    .max(128, messages.passwordTooLong),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const changePasswordReplySchema = authReplySchema.extend({ message: z.string() });
export type ChangePasswordReply = z.infer<typeof changePasswordReplySchema>;

/** Accounts with a password confirm with it; accounts that only sign in with Google type their e-mail (decision 023). */
export const deleteMeBodySchema = z.strictObject({
  password: z.string().max(128, messages.passwordTooLong).optional(),
  email: z.string().max(254, messages.emailInvalid).optional(),
  forfeitCredits: z.boolean().optional().describe('true: abre mão do saldo restante'),
});
export type DeleteMeBody = z.input<typeof deleteMeBodySchema>;

export const deleteMeReplySchema = z.object({ message: z.string() });

const isoDateTime = z.string().describe('Data e hora ISO 8601');
const nullableDateTime = isoDateTime.nullable();

/** Everything held about the user, as downloaded from the profile. */
export const exportReplySchema = z.object({
  exportedAt: isoDateTime,
  profile: publicUserSchema.extend({ signsInWithGoogle: z.boolean(), hasPassword: z.boolean(), createdAt: isoDateTime }),
  registrations: z
    .array(
      z.object({
        gameId: z.number().int(),
        gameName: z.string(),
        gameDateTime: isoDateTime,
        status: z.string(),
        paymentType: z.string().nullable(),
        paidAmount: z.number(),
        joinedAt: isoDateTime,
        confirmedAt: nullableDateTime,
        cancelledAt: nullableDateTime,
        remindedAt: nullableDateTime.describe('Quando o lembrete do jogo foi enviado'),
        present: z.boolean().nullable().describe('Presença marcada pelo organizador no dia do jogo'),
        level: z.number().int().nullable().describe('Nível (1 a 5) dado pelo organizador'),
        team: z.string().nullable().describe('O time do último sorteio do jogo'),
      }),
    )
    .describe('Inscrições, aguardando pagamento, canceladas e listas de espera (status waitlist)'),
  creditTransactions: z.array(z.object({ amount: z.number(), type: z.string(), description: z.string(), createdAt: isoDateTime })),
  payments: z.array(
    z.object({
      purpose: z.string(),
      method: z.string(),
      provider: z.string(),
      amount: z.number(),
      status: z.string(),
      refundedAmount: z.number(),
      gameId: z.number().int().nullable(),
      createdAt: isoDateTime,
      paidAt: nullableDateTime,
    }),
  ),
  cancellationRequests: z.array(
    z.object({ gameId: z.number().int(), amount: z.number(), status: z.string(), reason: z.string().nullable(), createdAt: isoDateTime }),
  ),
  notifications: z.array(
    z.object({
      type: z.string(),
      message: z.string(),
      gameId: z.number().int().nullable(),
      readAt: nullableDateTime,
      createdAt: isoDateTime,
    }),
  ),
  invitations: z.array(z.object({ gameId: z.number().int(), gameName: z.string(), email: z.string(), createdAt: isoDateTime })),
  calendarFeed: z
    .object({ active: z.boolean() })
    .describe('Se a agenda privada (link de assinatura) está ativa; o link em si fica no perfil'),
  seriesMemberships: z
    .array(z.object({ seriesId: z.number().int(), joinedAt: isoDateTime, leftAt: nullableDateTime, endReason: z.string().nullable() }))
    .describe('Séries semanais em que é ou foi mensalista'),
  notificationSettings: notificationSettingsSchema.describe('O que recebe por e-mail e no aparelho, por tipo de aviso'),
  pushSubscriptions: z
    .array(z.object({ endpoint: z.string(), createdAt: isoDateTime, lastSuccessAt: nullableDateTime }))
    .describe('Aparelhos com notificações ativadas (o endereço do serviço de push de cada navegador)'),
  payoutKey: z
    .object({ type: z.string(), key: z.string(), holderName: z.string() })
    .nullable()
    .describe('A chave PIX dos repasses de organizador'),
  earnings: z
    .array(
      z.object({
        kind: z.string(),
        gameId: z.number().int().nullable(),
        gross: z.number(),
        fee: z.number(),
        net: z.number(),
        feePercent: z.number().int(),
        createdAt: isoDateTime,
      }),
    )
    .describe('Extrato de recebimentos como organizador: vendas, reembolsos e repasses'),
  payouts: z
    .array(
      z.object({
        amount: z.number(),
        status: z.string(),
        key: z.string(),
        requestedAt: isoDateTime,
        decidedAt: nullableDateTime,
        reference: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    )
    .describe('Repasses pedidos como organizador'),
});
export type ExportReply = z.infer<typeof exportReplySchema>;
