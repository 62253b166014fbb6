import { gameMessageTexts as texts, groupMessageTexts } from '../game-message-texts';
import { z } from './z';

export const messageAudiences = ['confirmed', 'all'] as const;
export type MessageAudience = (typeof messageAudiences)[number];

/** An aviso as sent: plain text, trimmed, 1 to 1 000 characters (decision 077). */
export const messageTextSchema = z
  .string({ error: texts.textRequired })
  .trim()
  .min(1, texts.textRequired)
  .max(texts.maxLength, texts.textTooLong)
  .describe('O aviso, em texto simples (links viram links só se http/https); até 1 000 caracteres');

export const sendGameMessageBodySchema = z.strictObject({
  text: messageTextSchema,
  audience: z
    .enum(messageAudiences, { error: texts.audienceInvalid })
    .describe('confirmed: os confirmados (e quem aguarda pagamento); all: também a lista de espera'),
});
export type SendGameMessageBody = z.input<typeof sendGameMessageBodySchema>;

/** An aviso as shown: its text as written, the sender by full name. */
const avisoSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  sender: z.object({ id: z.number().int(), name: z.string() }).describe('Quem enviou, pelo nome completo'),
  createdAt: z.string().describe('Instante ISO 8601 (UTC)'),
});

export const gameMessageSchema = avisoSchema.extend({ audience: z.enum(messageAudiences) });
export type GameMessage = z.infer<typeof gameMessageSchema>;

/** A turma's aviso goes to every member (decision 078): it has no audience. */
export const groupMessageSchema = avisoSchema;
export type GroupMessage = z.infer<typeof groupMessageSchema>;

const sentReplySchema = <T extends z.ZodType>(sent: T) =>
  z.object({
    message: z.string().describe('O que aconteceu, em pt-BR'),
    sent,
    recipients: z.number().int().describe('Quantas pessoas foram avisadas (quem enviou não conta)'),
  });

export const sendGameMessageReplySchema = sentReplySchema(gameMessageSchema);
export type SendGameMessageReply = z.infer<typeof sendGameMessageReplySchema>;

export const gameMessagesReplySchema = z.object({
  messages: z.array(gameMessageSchema).describe('Do mais novo ao mais antigo'),
});
export type GameMessagesReply = z.infer<typeof gameMessagesReplySchema>;

export const sendGroupMessageBodySchema = z.strictObject({ text: messageTextSchema });
export type SendGroupMessageBody = z.input<typeof sendGroupMessageBodySchema>;

export const sendGroupMessageReplySchema = sentReplySchema(groupMessageSchema);
export type SendGroupMessageReply = z.infer<typeof sendGroupMessageReplySchema>;

export const groupMessagesReplySchema = z.object({
  messages: z.array(groupMessageSchema).describe('Do mais novo ao mais antigo'),
});
export type GroupMessagesReply = z.infer<typeof groupMessagesReplySchema>;

/** A member mutes a turma: no e-mail and no push of its avisos and new games; the app still shows them. */
export const muteGroupBodySchema = z.strictObject({
  muted: z
    .boolean({ error: groupMessageTexts.mutedInvalid })
    .describe('true: silencia (sem e-mail nem push dos avisos e jogos novos da turma); false: reativa'),
});
export type MuteGroupBody = z.infer<typeof muteGroupBodySchema>;

export const muteGroupReplySchema = z.object({ message: z.string(), muted: z.boolean() });
export type MuteGroupReply = z.infer<typeof muteGroupReplySchema>;
