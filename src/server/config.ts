import path from 'node:path';
import { z } from 'zod';

const onOff = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'use on ou off' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'on' || value === 'true' || value === '1'));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const envSchema = z
  .object({
    PORT: z.coerce.number({ error: 'deve ser um número' }).int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(z.url({ error: 'deve ser uma URL absoluta (http://… ou https://…)' }).optional()),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'deve ter pelo menos 32 caracteres').optional()),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'deve ser um e-mail válido' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'deve ter pelo menos 6 caracteres').optional()),
    SEED_DEMO: z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'use on ou off' }).optional(),
    SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://').optional()),
    MAIL_FROM: z.string().min(3).default('Bora Jogar <nao-responda@borajogar.com.br>'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: z.url({ error: 'deve ser uma URL' }).default('https://www.googleapis.com/oauth2/v3/certs'),
    RATE_LIMITS: onOff(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL e ADMIN_PASSWORD devem ser definidos juntos',
      });
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  rateLimits: boolean;
  logLevel: string;
};

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : ['on', 'true', '1'].includes(e.SEED_DEMO),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    rateLimits: e.RATE_LIMITS,
    logLevel: e.LOG_LEVEL,
  };
}
