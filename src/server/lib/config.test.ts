import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      jwtSecret: undefined,
      admin: undefined,
      seedDemo: true,
      smtpUrl: undefined,
      mailFrom: 'Bora Jogar <nao-responda@borajogar.com.br>',
      googleClientId: undefined,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      rateLimits: true,
      redisUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
      reminderHours: 24,
      live: { streamsPerAddress: 20, heartbeatMs: 25_000 },
      retention: { notificationsDays: 365, emailsDays: 90, inactiveAccountYears: 2 },
    });
    expect(loadConfig({ REMINDER_HOURS: '48' }).reminderHours).toBe(48);
    expect(loadConfig({ LIVE_STREAMS_PER_ADDRESS: '5', LIVE_HEARTBEAT_MS: '15000' }).live).toEqual({
      streamsPerAddress: 5,
      heartbeatMs: 15_000,
    });
    expect(loadConfig({ NOTIFICATIONS_RETENTION_DAYS: '180', EMAIL_RETENTION_DAYS: '30', INACTIVE_ACCOUNT_YEARS: '5' }).retention).toEqual({
      notificationsDays: 180,
      emailsDays: 30,
      inactiveAccountYears: 5,
    });
  });

  it('derives the public URL from the port and drops trailing slashes from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://borajogar.com.br//', PAYMENTS: 'sandbox' }).publicUrl).toBe('https://borajogar.com.br');
  });

  it('refuses a public address that would fall into the sandbox: PAYMENTS must be chosen there', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://borajogar.com.br' })).toThrow(/PAYMENTS: obrigatória quando PUBLIC_URL não é local/);
    expect(loadConfig({ PUBLIC_URL: 'https://borajogar.com.br', PAYMENTS: 'sandbox' }).payments.mode).toBe('sandbox');
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://app.localhost']) {
      expect(loadConfig({ PUBLIC_URL: local }).payments.mode).toBe('sandbox');
    }
  });

  it('seeds demo data only without DATABASE_URL, unless told otherwise', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db', SEED_DEMO: 'on' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'off' }).seedDemo).toBe(false);
    expect(loadConfig({}).push.quietHours).toBe(true);
    expect(loadConfig({ PUSH_QUIET_HOURS: 'off' }).push.quietHours).toBe(false);
  });

  it('reads on/off switches in their usual spellings', () => {
    for (const value of ['off', 'false', '0']) expect(loadConfig({ RATE_LIMITS: value }).rateLimits).toBe(false);
    for (const value of ['on', 'true', '1']) expect(loadConfig({ RATE_LIMITS: value }).rateLimits).toBe(true);
  });

  it('takes a Redis URL for shared rate-limit counters', () => {
    expect(loadConfig({ REDIS_URL: ' redis://cache.interno:6379/2 ' }).redisUrl).toBe('redis://cache.interno:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://usuario:senha@cache.interno:6380' }).redisUrl).toBe(
      'rediss://usuario:senha@cache.interno:6380',
    );
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(loadConfig({}).redisKeyPrefix).toBe('bora-jogar:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'bora-jogar:homologacao:' }).redisKeyPrefix).toBe('bora-jogar:homologacao:');
  });

  it('believes X-Forwarded-For only as TRUST_PROXY says: off, on or the proxies', () => {
    for (const value of ['', 'off', 'false']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
    for (const value of ['on', 'true']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('treats blank optional values as absent and trims the rest', () => {
    const config = loadConfig({ DATABASE_URL: '  ', GOOGLE_CLIENT_ID: ' ', SMTP_URL: '', JWT_SECRET: '   ' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.googleClientId).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: ' id.apps.googleusercontent.com ' }).googleClientId).toBe('id.apps.googleusercontent.com');
  });

  it('keeps the admin account with a lower-cased e-mail', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Admin@BoraJogar.com.br', ADMIN_PASSWORD: 'senha-admin' }).admin).toEqual({
      email: 'admin@borajogar.com.br',
      password: 'senha-admin',
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '3.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'notaurl' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@borajogar.com.br' }],
    ['ADMIN_EMAIL', { ADMIN_PASSWORD: 'senha-admin' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'nao-e-email', ADMIN_PASSWORD: 'senha-admin' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@borajogar.com.br', ADMIN_PASSWORD: '123' }],
    ['JWT_SECRET', { JWT_SECRET: 'curto-demais' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.local' }],
    ['RATE_LIMITS', { RATE_LIMITS: 'talvez' }],
    ['REDIS_URL', { REDIS_URL: 'cache.interno:6379' }],
    ['REDIS_KEY_PREFIX', { REDIS_KEY_PREFIX: 'com espaço' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'sim' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,proxy.interno' }],
    ['SEED_DEMO', { SEED_DEMO: 'sim' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['GOOGLE_JWKS_URL', { GOOGLE_JWKS_URL: 'certs' }],
    ['GOOGLE_ALLOWED_ORIGINS', { GOOGLE_ALLOWED_ORIGINS: 'https://ok.com.br, exemplo.com' }],
    ['HOLD_SWEEP_SECONDS', { HOLD_SWEEP_SECONDS: '0' }],
    ['REMINDER_HOURS', { REMINDER_HOURS: '2' }],
    ['REMINDER_HOURS', { REMINDER_HOURS: '24.5' }],
    ['REMINDER_HOURS', { REMINDER_HOURS: 'um dia' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'curto' }],
    ['LIVE_STREAMS_PER_ADDRESS', { LIVE_STREAMS_PER_ADDRESS: '0' }],
    ['LIVE_HEARTBEAT_MS', { LIVE_HEARTBEAT_MS: '10' }],
    ['NOTIFICATIONS_RETENTION_DAYS', { NOTIFICATIONS_RETENTION_DAYS: '0' }],
    ['EMAIL_RETENTION_DAYS', { EMAIL_RETENTION_DAYS: '3651' }],
    ['EMAIL_RETENTION_DAYS', { EMAIL_RETENTION_DAYS: '90 dias' }],
    ['INACTIVE_ACCOUNT_YEARS', { INACTIVE_ACCOUNT_YEARS: '0' }],
    ['INACTIVE_ACCOUNT_YEARS', { INACTIVE_ACCOUNT_YEARS: '1.5' }],
  ])('throws a ConfigError naming %s for %j', (variable, env) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`${variable}:`);
  });

  it('names every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'curto' })).toThrow(/PORT:[\s\S]*JWT_SECRET:/);
  });

  it('does not read process.env when given an environment', () => {
    const previous = process.env.PORT;
    process.env.PORT = 'abc';
    try {
      expect(loadConfig({}).port).toBe(3000);
    } finally {
      if (previous === undefined) delete process.env.PORT;
      else process.env.PORT = previous;
    }
  });
});
