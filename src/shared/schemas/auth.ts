import { z } from './z';
import { messages } from '../messages';
import { MIN_PASSWORD_LENGTH } from '../rules/password-strength';
import { personNameSchema } from './common';

/** Trimmed and lower-cased, so `Ana@X.com ` and `ana@x.com` are one account. */
export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, messages.emailInvalid)
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(128, messages.passwordTooLong);

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(128, messages.passwordTooLong),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const registerBodySchema = z.strictObject({
  name: personNameSchema({ max: 100, required: messages.nameRequired, tooLong: messages.nameTooLong }),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const forgotBodySchema = z.strictObject({ email: emailSchema });
export type ForgotBody = z.input<typeof forgotBodySchema>;

export const forgotReplySchema = z.object({
  message: z.string(),
  expiresIn: z.number().int().describe('Segundos até o código expirar'),
});
export type ForgotReply = z.infer<typeof forgotReplySchema>;

export const codeSchema = z
  .string({ error: messages.codeRequired })
  .min(1, messages.codeRequired)
  .regex(/^\d{6}$/, messages.codeSixDigits);

/** The new password of a reset or a change: the same rules as at registration, its own "required" text. */
export const newPasswordSchema = z
  .string({ error: messages.newPasswordRequired })
  .min(1, messages.newPasswordRequired)
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(128, messages.passwordTooLong);

export const resetPasswordBodySchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const googleBodySchema = z.strictObject({
  token: z.string({ error: 'Token do Google é obrigatório' }).min(1, 'Token do Google é obrigatório').max(8192),
});

export const roleSchema = z.enum(['admin', 'player']);
export type Role = z.infer<typeof roleSchema>;

export const publicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  credits: z.number().describe('Saldo em reais (R$ 1 = 1 crédito)'),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authReplySchema = z.object({ token: z.string(), user: publicUserSchema });
export type AuthReply = z.infer<typeof authReplySchema>;

export const authConfigReplySchema = z.object({
  googleClientId: z.string().nullable().describe('Presente quando o login com Google está habilitado'),
  googleAllowedOrigins: z
    .array(z.string())
    .describe('Origens (esquema, host e porta) em que o botão do Google aparece: a de PUBLIC_URL e as de GOOGLE_ALLOWED_ORIGINS'),
});
export type AuthConfigReply = z.infer<typeof authConfigReplySchema>;
