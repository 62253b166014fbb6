import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../test-support/server/factories';
import { createTestApp, createTestDatabase, setUpTestApp, TEST_PAYMENT_ACCOUNTS_KEY } from '../../../test-support/server/test-app';
import { buildApp } from '../app';
import { emailOutbox, notifications, pushOutbox, pushSubscriptions } from '../db/schema';
import { loadConfig } from '../lib/config';

const TOKEN = 'metrics-token-0123456789';

describe('request ids', () => {
  const t = setUpTestApp();

  it('keeps a sane incoming X-Request-Id and sends it back', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42:9_z' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42:9_z');
  });

  it('replaces one that could forge a log line, and gives every reply one, errors included', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/nada', headers: { 'x-request-id': 'x"\n{"level":60}' } });
    expect(forged.statusCode).toBe(404);
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bare.headers['x-request-id']).not.toBe(forged.headers['x-request-id']);
  });
});

describe('log lines carry the request id', () => {
  it('including what a use case logs while serving the request', async () => {
    const lines: Record<string, unknown>[] = [];
    const database = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'info',
        RATE_LIMITS: 'off',
        PUBLIC_URL: 'http://bora.test',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        MERCADOPAGO_ACCESS_TOKEN: 'TEST-123',
        MERCADOPAGO_WEBHOOK_SECRET: 'mp-secret',
        PAYMENT_ACCOUNTS_KEY: TEST_PAYMENT_ACCOUNTS_KEY,
      }),
      database,
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const forged = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'x-request-id': 'req-abc', 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forjada' },
      payload: '{"type":"checkout.session.completed"}',
    });
    expect(forged.statusCode).toBe(400);
    const ofRequest = lines.filter((line) => line.reqId === 'req-abc');
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'webhook recusado: assinatura inválida', 'request completed']);
    // What the app logs outside any request (a background job, the server starting) carries none.
    app.log.info('linha do próprio app');
    expect(lines.at(-1)).toMatchObject({ msg: 'linha do próprio app' });
    expect(lines.at(-1)).not.toHaveProperty('reqId');
    for (const line of lines) expect(JSON.stringify(line).match(/"reqId"/g)?.length ?? 0).toBeLessThanOrEqual(1);
    await app.close();
    await database.close();
  });
});

describe('what log lines never hold', () => {
  it('query strings, private links, calendar feeds and checkout sessions in URLs, nor the values of a failed query', async () => {
    const output: string[] = [];
    const database = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'info', RATE_LIMITS: 'off', PUBLIC_URL: 'http://bora.test', PAYMENTS: 'sandbox' }),
      database,
      logStream: { write: (line) => output.push(line) },
    });
    app.get('/api/probe-db', async () => database.db.execute(sql`select ${'segredo-do-parametro'}::int`));
    const player = await createSignedInUser(app);
    const feed = new URL(
      (await app.inject({ method: 'GET', url: '/api/users/me/calendar', headers: player.headers })).json().url as string,
    );
    const feedToken = feed.pathname.split('/').at(-1)!.replace('.ics', '');
    expect((await app.inject({ method: 'GET', url: feed.pathname })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api//calendar/${feedToken}.ics?x=1` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/calendar/${'f'.repeat(64)}.ics` })).statusCode).toBe(404);
    await app.inject({ method: 'GET', url: '/reset-password?email=ana%40bora.test&code=codigo-secreto-321' });
    await app.inject({ method: 'GET', url: '/api/credits/verify-payment?session_id=sessao-secreta-123' });
    await app.inject({ method: 'GET', url: '/api/games/private/link-secreto-456' });
    await app.inject({ method: 'GET', url: '/games/private/link-secreto-789?x=1' });
    await app.inject({ method: 'GET', url: '/sandbox/checkout/sbx_sessao-secreta' });
    const failed = await app.inject({ method: 'GET', url: '/api/probe-db' });
    expect(failed.statusCode).toBe(500);
    await app.close();
    await database.close();

    const text = output.join('');
    for (const secret of [
      feedToken,
      'f'.repeat(64),
      'codigo-secreto-321',
      'sessao-secreta-123',
      'link-secreto-456',
      'link-secreto-789',
      'sbx_sessao-secreta',
      'segredo-do-parametro',
    ]) {
      expect(text).not.toContain(secret);
    }
    const urls = output.map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/calendar/:token.ics',
        '/api/credits/verify-payment',
        '/api/games/private/:link',
        '/games/private/:privateLink',
        '/sandbox/checkout/:sessionId',
      ]),
    );
    // The failed statement itself is still there to debug with.
    expect(text).toContain('select $1::int');
  });
});

describe('GET /api/metrics', () => {
  const t = setUpTestApp({ env: { METRICS_TOKEN: TOKEN } });

  const metrics = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('does not exist without METRICS_TOKEN', async () => {
    const other = await createTestApp();
    const res = await other.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    await other.close();
  });

  it('looks absent without the right bearer token', async () => {
    expect((await metrics()).statusCode).toBe(404);
    expect((await metrics('metrics-token-wrong-000000')).statusCode).toBe(404);
  });

  it('counts requests by route pattern and status, never by raw path', async () => {
    const { headers } = await createSignedInUser(t.app);
    await t.app.inject({ method: 'GET', url: '/api/games/987654', headers });
    await t.app.inject({ method: 'GET', url: '/api/games/987655', headers });
    const res = await metrics(TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/games\/:id",status="404"\} 2/);
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/games\/:id",status="404"\}/);
    expect(res.body).not.toContain('987654');
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('counts background job runs and failures', async () => {
    const ok = t.app.ctx.metrics.job('teste', async () => undefined);
    const failing = t.app.ctx.metrics.job('teste', async () => {
      throw new Error('falhou');
    });
    await ok();
    await expect(failing()).rejects.toThrow('falhou');
    const body = (await metrics(TOKEN)).body;
    expect(body).toContain('job_runs_total{job="teste"} 2');
    expect(body).toContain('job_failures_total{job="teste"} 1');
  });

  it("shows the e-mail outbox: messages waiting, the oldest one's age, retrying and given up", async () => {
    const mail = { subject: 'Assunto', text: 'Texto', html: '<p>Texto</p>' };
    await t.app.ctx.db.insert(emailOutbox).values([
      { ...mail, to: 'espera@bora.test', createdAt: sql`now() - interval '90 seconds'` },
      { ...mail, to: 'tenta@bora.test', attempts: 2, error: 'ECONNREFUSED' },
      { ...mail, to: 'desistido@bora.test', attempts: 9, failedAt: sql`now()` },
      { ...mail, to: 'enviado@bora.test', attempts: 1, sentAt: sql`now()` },
    ]);
    const body = (await metrics(TOKEN)).body;
    expect(body).toContain('email_outbox_pending 2');
    expect(body).toContain('email_outbox_retrying 1');
    expect(body).toContain('email_outbox_failed 1');
    const oldest = Number(/^email_outbox_oldest_pending_seconds (\S+)$/m.exec(body)?.[1]);
    expect(oldest).toBeGreaterThanOrEqual(90);
    expect(oldest).toBeLessThan(600);
  });

  it("shows the push outbox: pushes waiting, the oldest one's age, retrying and held by the quiet hours", async () => {
    const user = await createUser(t.app.ctx.db);
    const [device] = await t.app.ctx.db
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: 'https://push.example.com/wpush/metricas', p256dh: 'chave', auth: 'segredo' })
      .returning();
    const written = await t.app.ctx.db
      .insert(notifications)
      .values([1, 2, 3].map((n) => ({ userId: user.id, type: 'game_changed', message: `Aviso ${n}` })))
      .returning({ id: notifications.id });
    // The trigger queued one push per notice: one waits, one retries after a failure, one waits for 07:00.
    const queued = await t.app.ctx.db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(sql`${pushOutbox.subscriptionId} = ${device!.id}`);
    expect(queued).toHaveLength(written.length);
    await t.app.ctx.db
      .update(pushOutbox)
      .set({ createdAt: sql`now() - interval '90 seconds'` })
      .where(sql`${pushOutbox.id} = ${queued[0]!.id}`);
    await t.app.ctx.db
      .update(pushOutbox)
      .set({ attempts: 1, error: 'HTTP 503' })
      .where(sql`${pushOutbox.id} = ${queued[1]!.id}`);
    await t.app.ctx.db
      .update(pushOutbox)
      .set({ nextAttemptAt: sql`now() + interval '8 hours'` })
      .where(sql`${pushOutbox.id} = ${queued[2]!.id}`);
    t.app.ctx.metrics.pushEnded('gone');
    const body = (await metrics(TOKEN)).body;
    expect(body).toContain('push_outbox_pending 3');
    expect(body).toContain('push_outbox_retrying 1');
    expect(body).toContain('push_outbox_held 1');
    expect(body).toContain('push_outbox_ended_total{reason="gone"} 1');
    const oldest = Number(/^push_outbox_oldest_pending_seconds (\S+)$/m.exec(body)?.[1]);
    expect(oldest).toBeGreaterThanOrEqual(90);
    expect(oldest).toBeLessThan(600);
  });
});

describe('GET /api/health/ready', () => {
  it('is ready while the database answers, and not once the instance starts closing', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://bora.test', PAYMENTS: 'sandbox' }),
      database,
    });
    let whileClosing: { statusCode: number; body: unknown } | undefined;
    // Runs after the app's own preClose hooks: the instance is draining but still listening.
    app.addHook('preClose', async () => {
      const res = await fetch(`${url}/api/health/ready`);
      whileClosing = { statusCode: res.status, body: await res.json() };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    expect(await (await fetch(`${url}/api/health/ready`)).json()).toEqual({ status: 'ok' });
    await app.close();
    await database.close();
    expect(whileClosing).toEqual({
      statusCode: 503,
      body: { code: 'shutting_down', message: 'Servidor encerrando; tente outra instância.' },
    });
  });
});
