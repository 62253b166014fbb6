import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { RETENTION_DEFAULTS } from '../../shared/rules/retention';
import { base64urlByteLength } from '../../shared/schemas/push';

const onOff = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'use on ou off' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'on' || value === 'true' || value === '1'));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** Names proxy-addr (Fastify's `trustProxy`) understands besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * off (default): X-Forwarded-For is ignored; on: every hop is believed; or the proxies' addresses. A number of
 * hops is refused: Fastify 5 no longer honours it (it cannot tell a proxy from a client that sends the header).
 */
const trustProxy = optionalText.transform((value, ctx): boolean | string[] => {
  if (value === undefined || value === 'off' || value === 'false') return false;
  if (value === 'on' || value === 'true') return true;
  if (/^\d+$/.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'número de saltos não é aceito; informe os endereços ou redes dos proxies (ex.: 10.0.0.0/8)' });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    ctx.addIssue({ code: 'custom', message: `use off, on ou endereços/redes separados por vírgula (inválido: ${invalid.join(', ')})` });
    return z.NEVER;
  }
  return entries;
});

/** A whole number of `unit` between `min` and `max`; unset or blank is `fallback`. */
const wholeNumber = (unit: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: `deve ser um número inteiro de ${unit}` })
      .int(`deve ser um número inteiro de ${unit}`)
      .min(min, `deve ser entre ${min} e ${max} ${unit}`)
      .max(max, `deve ser entre ${min} e ${max} ${unit}`)
      .default(fallback),
  );

/** An amount in reais (at most two decimals, "10" or "12.50") between `min` and `max`, as centavos; unset is `fallback`. */
const reais = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return Math.round(fallback * 100);
        const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
        const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
        if (!(cents >= min * 100 && cents <= max * 100)) {
          ctx.addIssue({ code: 'custom', message: `deve ser um valor em reais entre ${min} e ${max}, com até dois decimais (ex.: 12.50)` });
          return z.NEVER;
        }
        return cents;
      }),
  );

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' })
  .transform((value) => value.replace(/\/+$/, ''));

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Local, or not a URL at all (PUBLIC_URL then has its own error). */
const isLocalUrl = (url: string) => {
  const host = URL.canParse(url) ? new URL(url).hostname : 'localhost';
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost');
};

/** A VAPID key as web-push takes it: base64url of `bytes` bytes. */
const vapidKey = (bytes: number) =>
  optionalText.pipe(
    z
      .string()
      .refine(
        (value) => base64urlByteLength(value) === bytes,
        `deve ter ${bytes} bytes em base64url (gere com: npx web-push generate-vapid-keys)`,
      )
      .optional(),
  );

/**
 * The key that encrypts organisers' payment-account tokens (decision 082): 32 random bytes in base64, as
 * `openssl rand -base64 32` prints them.
 */
const paymentAccountsKey = optionalText.pipe(
  z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'deve ter 32 bytes em base64 (gere com: openssl rand -base64 32)',
    )
    .transform((value) => Buffer.from(value, 'base64'))
    .optional(),
);

/** Every one of them is needed for real payments; none of them means the sandbox. */
const PAYMENT_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'] as const;

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
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Bora Jogar <nao-responda@borajogar.com.br>'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: z.url({ error: 'deve ser uma URL' }).default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ALLOWED_ORIGINS: optionalText.pipe(
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.url({ protocol: /^https?$/, error: 'use origens separadas por vírgula, como https://app.exemplo.com' })))
        .optional(),
    ),
    RATE_LIMITS: onOff(true),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'deve começar com redis:// ou rediss://')
        .optional(),
    ),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'use até 64 letras, números, ":", ".", "-" ou "_"')
      .default('bora-jogar:'),
    TRUST_PROXY: trustProxy,
    LISTING_CACHE_MS: z.coerce
      .number({ error: 'deve ser um número' })
      .int()
      .min(0, 'deve ser 0 ou mais')
      .max(60_000, 'deve ser no máximo 60000')
      .default(1000),
    HOLD_SWEEP_SECONDS: wholeNumber('segundos', 1, 3600, 60),
    REMINDER_HOURS: wholeNumber('horas', 3, 168, 24),
    LIVE_STREAMS_PER_ADDRESS: wholeNumber('conexões', 1, 10_000, 20),
    LIVE_HEARTBEAT_MS: wholeNumber('milissegundos', 50, 120_000, 25_000),
    SIGNED_IN_CACHE_MS: z.coerce
      .number({ error: 'deve ser um número' })
      .int()
      .min(0, 'deve ser 0 ou mais')
      .max(60_000, 'deve ser no máximo 60000')
      .default(1000),
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'deve ser um número' })
      .int()
      .min(1, 'deve ser entre 1 e 200')
      .max(200, 'deve ser entre 1 e 200')
      .optional(),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'deve ter pelo menos 16 caracteres').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PAYMENTS: optionalText.pipe(z.enum(['sandbox', 'live'], { error: 'use sandbox ou live' }).optional()),
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, 'deve ser a chave secreta da Stripe (sk_… ou rk_…), não a publicável (pk_…)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_/, 'deve ser o segredo de assinatura do webhook da Stripe (whsec_…)')
        .optional(),
    ),
    STRIPE_CONNECT_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_/, 'deve ser o segredo de assinatura do endpoint Connect da Stripe (whsec_…)')
        .optional(),
    ),
    STRIPE_API_URL: optionalText.pipe(httpUrl.optional()),
    MERCADOPAGO_ACCESS_TOKEN: optionalText,
    MERCADOPAGO_WEBHOOK_SECRET: optionalText,
    MERCADOPAGO_API_URL: optionalText.pipe(httpUrl.default('https://api.mercadopago.com')),
    MERCADOPAGO_CLIENT_ID: optionalText,
    MERCADOPAGO_CLIENT_SECRET: optionalText,
    MERCADOPAGO_AUTH_URL: optionalText.pipe(httpUrl.default('https://auth.mercadopago.com/authorization')),
    PAYMENT_ACCOUNTS_KEY: paymentAccountsKey,
    PAYMENT_HOLD_MINUTES: wholeNumber('minutos', 1, 1440, 30),
    VAPID_PUBLIC_KEY: vapidKey(65),
    VAPID_PRIVATE_KEY: vapidKey(32),
    PUSH_ALLOW_LOOPBACK: onOff(false),
    PUSH_QUIET_HOURS: onOff(true),
    NOTIFICATIONS_RETENTION_DAYS: wholeNumber('dias', 1, 3650, RETENTION_DEFAULTS.notificationsDays),
    EMAIL_RETENTION_DAYS: wholeNumber('dias', 1, 3650, RETENTION_DEFAULTS.emailsDays),
    INACTIVE_ACCOUNT_YEARS: wholeNumber('anos', 1, 10, RETENTION_DEFAULTS.inactiveAccountYears),
    PLATFORM_FEE_PERCENT: wholeNumber('por cento', 0, 30, 0),
    PAYOUT_HOLD_HOURS: wholeNumber('horas', 0, 720, 24),
    PAYOUT_MINIMUM: reais(0, 100_000, 10),
  })
  .superRefine((env, ctx) => {
    const present = PAYMENT_KEYS.filter((key) => env[key] !== undefined);
    const missing = PAYMENT_KEYS.filter((key) => env[key] === undefined);
    if (env.PAYMENTS === 'live') {
      for (const key of missing) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória com PAYMENTS=live' });
    } else if (env.PAYMENTS === undefined && present.length > 0 && missing.length > 0) {
      for (const key of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `necessária para pagamentos reais (já há ${present.join(', ')}); defina-a ou use PAYMENTS=sandbox`,
        });
      }
    }
    // A public address running the sandbox must have chosen it: a forgotten key must not take real players there.
    if (env.PAYMENTS === undefined && present.length === 0 && env.PUBLIC_URL && !isLocalUrl(env.PUBLIC_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message: `obrigatória quando PUBLIC_URL não é local (${env.PUBLIC_URL}): PAYMENTS=live com as chaves da Stripe e do Mercado Pago, ou PAYMENTS=sandbox para um ambiente de teste sem dinheiro de verdade`,
      });
    }
    if (Boolean(env.MERCADOPAGO_CLIENT_ID) !== Boolean(env.MERCADOPAGO_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.MERCADOPAGO_CLIENT_ID ? 'MERCADOPAGO_CLIENT_SECRET' : 'MERCADOPAGO_CLIENT_ID'],
        message: 'MERCADOPAGO_CLIENT_ID e MERCADOPAGO_CLIENT_SECRET devem ser definidos juntos',
      });
    }
    // Organisers' tokens are never kept in clear: real payments, or a Mercado Pago application, need the key.
    const isLive = env.PAYMENTS === 'live' || (env.PAYMENTS === undefined && present.length > 0);
    if (!env.PAYMENT_ACCOUNTS_KEY && (isLive || env.MERCADOPAGO_CLIENT_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_ACCOUNTS_KEY'],
        message: `obrigatória ${isLive ? 'com PAYMENTS=live' : 'com MERCADOPAGO_CLIENT_ID'}: cifra os tokens das contas dos organizadores (gere com: openssl rand -base64 32)`,
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY devem ser definidas juntas (sem elas, um par é gerado e guardado no banco)',
      });
    }
    // Only the tests' push service lives on this machine: a real server would let anyone make it call local services.
    if (env.PUSH_ALLOW_LOOPBACK && env.PUBLIC_URL && !isLocalUrl(env.PUBLIC_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_ALLOW_LOOPBACK'],
        message: `só para testes: não pode ser on com um PUBLIC_URL público (${env.PUBLIC_URL})`,
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL e ADMIN_PASSWORD devem ser definidos juntos',
      });
    }
  });

/** Every environment variable the server reads; `.env.example` and docs/configuration.md list the same ones. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

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
  /** Origins whose pages show the Google button: PUBLIC_URL's, plus GOOGLE_ALLOWED_ORIGINS. */
  googleAllowedOrigins: string[];
  rateLimits: boolean;
  /** Where rate-limit counters are shared between instances; undefined keeps them in this process. */
  redisUrl: string | undefined;
  /** Starts every key this deployment writes to Redis, so deployments can share one Redis. */
  redisKeyPrefix: string;
  /** Fastify's `trustProxy`: whether (and from whom) X-Forwarded-For gives the client's address. */
  trustProxy: boolean | string[];
  /** How long a visitor's game list may be served from memory (0 = never). */
  listingCacheMs: number;
  /**
   * How long a signed-in read (the caller's account, their view of the list and of a game) may be served from
   * memory when no change was announced (0 = never); any write drops them at once (decision 032).
   */
  signedInCacheMs: number;
  /** PostgreSQL connections per instance; unset, sized to the machine's cores. */
  databasePoolSize: number | undefined;
  logLevel: string;
  /** How often payment holds past their deadline are released by the background job. */
  holdSweepMs: number;
  /** How long before a game its players are reminded of it. */
  reminderHours: number;
  /** Bearer token of GET /api/metrics; without it the route does not exist. */
  metricsToken: string | undefined;
  /** The live places streams: how many one address may hold open on an instance, and how often a heartbeat goes out. */
  live: { streamsPerAddress: number; heartbeatMs: number };
  /**
   * What the retention job deletes (decision 043): notifications and sent e-mails older than so many days, and
   * accounts unused for so many years (warned by e-mail first).
   */
  retention: { notificationsDays: number; emailsDays: number; inactiveAccountYears: number };
  /**
   * Web Push (decision 044): the configured VAPID pair (undefined: one generated once and kept in the database), the
   * contact the push services see (`mailto:` MAIL_FROM's address), and whether endpoints on this machine (and http)
   * are allowed, for the tests' push service only.
   */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    allowLoopback: boolean;
    /** No push between 22:00 and 07:00 on the game's clocks (held until then); off, every push goes at once. */
    quietHours: boolean;
  };
  payments: PaymentsConfig;
  paymentAccounts: PaymentAccountsConfig;
  /**
   * Organisers' earnings (decision 045): the platform's fee in whole percent of each place paid through it, how many
   * hours after a game starts its earnings become available, and the smallest payout an organiser may ask for.
   */
  earnings: { feePercent: number; holdHours: number; payoutMinimumCents: number };
};

/**
 * sandbox: the built-in test provider only (never real money). live: Stripe for card and
 * Mercado Pago for PIX, never the sandbox.
 */
export type PaymentsConfig =
  | { mode: 'sandbox'; holdMinutes: number }
  | {
      mode: 'live';
      holdMinutes: number;
      stripe: { secretKey: string; webhookSecret: string; connectWebhookSecret: string | undefined; apiUrl: string | undefined };
      mercadoPago: { accessToken: string; webhookSecret: string; apiUrl: string };
    };

/**
 * Organisers' own payment accounts (decision 082): the key of their tokens; Mercado Pago's OAuth application, when
 * MERCADOPAGO_CLIENT_ID is set (in either mode); Stripe Connect, with real payments (its `account.updated` events come
 * through the live Stripe webhook).
 */
export type PaymentAccountsConfig = {
  key: Buffer | undefined;
  mercadoPago: { clientId: string; clientSecret: string; authUrl: string; apiUrl: string } | undefined;
  stripe: { secretKey: string; apiUrl: string | undefined } | undefined;
};

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    jwtSecret: e.JWT_SECRET,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : ['on', 'true', '1'].includes(e.SEED_DEMO),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    googleAllowedOrigins: [...new Set([publicUrl, ...(e.GOOGLE_ALLOWED_ORIGINS ?? [])].map((url) => new URL(url).origin))],
    rateLimits: e.RATE_LIMITS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    listingCacheMs: e.LISTING_CACHE_MS,
    signedInCacheMs: e.SIGNED_IN_CACHE_MS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    holdSweepMs: e.HOLD_SWEEP_SECONDS * 1000,
    reminderHours: e.REMINDER_HOURS,
    live: { streamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS, heartbeatMs: e.LIVE_HEARTBEAT_MS },
    retention: {
      notificationsDays: e.NOTIFICATIONS_RETENTION_DAYS,
      emailsDays: e.EMAIL_RETENTION_DAYS,
      inactiveAccountYears: e.INACTIVE_ACCOUNT_YEARS,
    },
    push: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim()}`,
      allowLoopback: e.PUSH_ALLOW_LOOPBACK,
      quietHours: e.PUSH_QUIET_HOURS,
    },
    payments: paymentsConfig(e),
    paymentAccounts: paymentAccountsConfig(e),
    earnings: { feePercent: e.PLATFORM_FEE_PERCENT, holdHours: e.PAYOUT_HOLD_HOURS, payoutMinimumCents: e.PAYOUT_MINIMUM },
  };
}

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  const holdMinutes = e.PAYMENT_HOLD_MINUTES;
  const mode = e.PAYMENTS ?? (e.STRIPE_SECRET_KEY ? 'live' : 'sandbox');
  if (mode === 'sandbox') return { mode, holdMinutes };
  // The schema's refinement has made sure every key is there.
  return {
    mode,
    holdMinutes,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    },
    mercadoPago: { accessToken: e.MERCADOPAGO_ACCESS_TOKEN!, webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET!, apiUrl: e.MERCADOPAGO_API_URL },
  };
}

function paymentAccountsConfig(e: z.infer<typeof envSchema>): PaymentAccountsConfig {
  const payments = paymentsConfig(e);
  return {
    key: e.PAYMENT_ACCOUNTS_KEY,
    mercadoPago:
      e.MERCADOPAGO_CLIENT_ID && e.MERCADOPAGO_CLIENT_SECRET
        ? {
            clientId: e.MERCADOPAGO_CLIENT_ID,
            clientSecret: e.MERCADOPAGO_CLIENT_SECRET,
            authUrl: e.MERCADOPAGO_AUTH_URL,
            apiUrl: e.MERCADOPAGO_API_URL,
          }
        : undefined,
    stripe: payments.mode === 'live' ? { secretKey: payments.stripe.secretKey, apiUrl: payments.stripe.apiUrl } : undefined,
  };
}
