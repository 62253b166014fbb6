import { gameMessageTexts as texts } from '../game-message-texts';
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

export const gameMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  audience: z.enum(messageAudiences),
  sender: z.object({ id: z.number().int(), name: z.string() }).describe('Quem enviou, pelo nome completo'),
  createdAt: z.string().describe('Instante ISO 8601 (UTC)'),
});
export type GameMessage = z.infer<typeof gameMessageSchema>;

export const sendGameMessageReplySchema = z.object({
  message: z.string().describe('O que aconteceu, em pt-BR'),
  sent: gameMessageSchema,
  recipients: z.number().int().describe('Quantas pessoas foram avisadas (quem enviou não conta)'),
});
export type SendGameMessageReply = z.infer<typeof sendGameMessageReplySchema>;

export const gameMessagesReplySchema = z.object({
  messages: z.array(gameMessageSchema).describe('Do mais novo ao mais antigo'),
});
export type GameMessagesReply = z.infer<typeof gameMessagesReplySchema>;
