import { z } from './z';
import { messages } from '../messages';
import { isValidPhone, phoneDigits } from '../rules/phone';
import { publicUserSchema } from './auth';

export const meReplySchema = publicUserSchema.extend({
  myGames: z.array(z.unknown()),
  waitlistedGames: z.array(z.unknown()),
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
