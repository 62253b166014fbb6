import { z } from './z';
import { messages } from '../messages';
import { isValidPhone, phoneDigits } from '../rules/phone';
import { publicUserSchema } from './auth';
import { myGameSchema, waitlistedGameSchema } from './games';

export const meReplySchema = publicUserSchema.extend({
  myGames: z.array(myGameSchema).describe('Jogos com inscrição (confirmada, aguardando pagamento ou cancelada), dos últimos 30 dias em diante'),
  waitlistedGames: z.array(waitlistedGameSchema).describe('Jogos futuros em que o usuário está na fila'),
});
export type MeReply = z.infer<typeof meReplySchema>;

export const phoneBodySchema = z.strictObject({
  phone: z
    .string({ error: messages.phoneInvalid })
    .max(40, messages.phoneInvalid)
    .refine(isValidPhone, messages.phoneInvalid)
    .transform(phoneDigits),
});
export type PhoneBody = z.input<typeof phoneBodySchema>;

export const phoneReplySchema = z.object({ message: z.string(), user: publicUserSchema });
export type PhoneReply = z.infer<typeof phoneReplySchema>;
