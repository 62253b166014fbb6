import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from '../../../../test-support/server/factories';
import { createTestApp, type TestApp } from '../../../../test-support/server/test-app';
import { users } from '../../db/schema';

const MINUTE = 60_000;
const tooMany = 'Muitas tentativas. Aguarde um pouco e tente novamente.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'on' } });
});
afterAll(() => t.close());

let ipCounter = 0;
/** A fresh client address per call, so one test's counters never touch another's. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.${1 + (ipCounter % 200)}`;
};

const post = (url: string, payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress });

function expectLimited(res: LightMyRequestResponse, maxRetryAfterSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: tooMany });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfterSeconds);
}

describe('POST /api/auth/login', () => {
  it('limits one account to 10 tries per 15 minutes, even from many addresses', async () => {
    await createUser(t.app.ctx.db, { email: 'alvo-login@exemplo.com.br' });
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/auth/login', { email: 'alvo-login@exemplo.com.br', password: `chute-${i}` }, freshIp());
      expect(res.statusCode).toBe(401);
    }
    // Even the right password from yet another address waits; the e-mail's case does not matter.
    const blocked = await post('/api/auth/login', { email: ' ALVO-login@exemplo.com.br', password: DEFAULT_PASSWORD }, freshIp());
    expectLimited(blocked, 15 * 60);
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));

    // Another account from a fresh address is not affected.
    const other = await createUser(t.app.ctx.db, { email: 'vizinho-login@exemplo.com.br' });
    const ok = await post('/api/auth/login', { email: other.email, password: DEFAULT_PASSWORD }, freshIp());
    expect(ok.statusCode).toBe(200);

    t.clock.advance(5 * MINUTE);
    expectLimited(await post('/api/auth/login', { email: 'alvo-login@exemplo.com.br', password: DEFAULT_PASSWORD }, freshIp()), 10 * 60);

    t.clock.advance(10 * MINUTE);
    const again = await post('/api/auth/login', { email: 'alvo-login@exemplo.com.br', password: DEFAULT_PASSWORD }, freshIp());
    expect(again.statusCode).toBe(200);
  });

  it('limits one address to 30 tries per 15 minutes, whatever the accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      const res = await post('/api/auth/login', { email: `ninguem-${i}@exemplo.com.br`, password: 'senha-qualquer' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(t.app.ctx.db, { email: 'por-ip@exemplo.com.br' });
    expectLimited(await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD }, ip), 15 * 60);
    // The same account from another address is fine.
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD }, freshIp())).statusCode).toBe(200);

    t.clock.advance(15 * MINUTE);
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('counts invalid requests too, so they cannot be used to probe for free', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      expect((await post('/api/auth/login', { email: `invalido-${i}`, password: '' }, ip)).statusCode).toBe(400);
    }
    expectLimited(await post('/api/auth/login', { email: 'invalido-x', password: '' }, ip), 15 * 60);
  });
});

describe('POST /api/auth/register', () => {
  it('limits one address to 10 accounts per hour and writes nothing once limited', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/auth/register', { name: `Conta ${i}`, email: `lote-${i}@exemplo.com.br`, password: 'segredo1' }, ip);
      expect(res.statusCode).toBe(201);
    }
    const blocked = await post('/api/auth/register', { name: 'Conta 11', email: 'lote-10@exemplo.com.br', password: 'segredo1' }, ip);
    expectLimited(blocked, 60 * 60);
    const [row] = await t.app.ctx.db.select({ n: count() }).from(users).where(eq(users.email, 'lote-10@exemplo.com.br'));
    expect(row!.n).toBe(0);

    expect((await post('/api/auth/register', { name: 'Outra', email: 'outra-rede@exemplo.com.br', password: 'segredo1' }, freshIp())).statusCode).toBe(201);

    t.clock.advance(30 * MINUTE);
    expectLimited(await post('/api/auth/register', { name: 'Conta 11', email: 'lote-10@exemplo.com.br', password: 'segredo1' }, ip), 30 * 60);
    t.clock.advance(30 * MINUTE);
    expect((await post('/api/auth/register', { name: 'Conta 11', email: 'lote-10@exemplo.com.br', password: 'segredo1' }, ip)).statusCode).toBe(201);
  });
});

describe('POST /api/auth/forgot', () => {
  it('limits one account to 5 codes per 15 minutes, even from many addresses', async () => {
    await createUser(t.app.ctx.db, { email: 'esquecido@exemplo.com.br' });
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/forgot', { email: 'esquecido@exemplo.com.br' }, freshIp())).statusCode).toBe(200);
    }
    expectLimited(await post('/api/auth/forgot', { email: 'Esquecido@exemplo.com.br' }, freshIp()), 15 * 60);
    // An unknown account is limited just the same, so the limit tells nothing about who exists.
    for (let i = 0; i < 5; i += 1) await post('/api/auth/forgot', { email: 'inexistente@exemplo.com.br' }, freshIp());
    expectLimited(await post('/api/auth/forgot', { email: 'inexistente@exemplo.com.br' }, freshIp()), 15 * 60);

    t.clock.advance(15 * MINUTE);
    expect((await post('/api/auth/forgot', { email: 'esquecido@exemplo.com.br' }, freshIp())).statusCode).toBe(200);
  });

  it('limits one address to 10 requests per 15 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/auth/forgot', { email: `varios-${i}@exemplo.com.br` }, ip)).statusCode).toBe(200);
    }
    expectLimited(await post('/api/auth/forgot', { email: 'mais-um@exemplo.com.br' }, ip), 15 * 60);
    expect((await post('/api/auth/forgot', { email: 'mais-um@exemplo.com.br' }, freshIp())).statusCode).toBe(200);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('limits one account to 10 tries per 15 minutes, even from many addresses', async () => {
    await createUser(t.app.ctx.db, { email: 'reset-alvo@exemplo.com.br' });
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/auth/reset-password', { email: 'reset-alvo@exemplo.com.br', code: '000000', newPassword: 'nova-senha-1' }, freshIp());
      expect(res.statusCode).toBe(400);
    }
    expectLimited(
      await post('/api/auth/reset-password', { email: 'reset-alvo@exemplo.com.br', code: '000000', newPassword: 'nova-senha-1' }, freshIp()),
      15 * 60,
    );
    t.clock.advance(15 * MINUTE);
    const after = await post('/api/auth/reset-password', { email: 'reset-alvo@exemplo.com.br', code: '000000', newPassword: 'nova-senha-1' }, freshIp());
    expect(after.statusCode).toBe(400);
  });

  it('limits one address to 30 tries per 15 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      const res = await post('/api/auth/reset-password', { email: `reset-${i}@exemplo.com.br`, code: '000000', newPassword: 'nova-senha-1' }, ip);
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await post('/api/auth/reset-password', { email: 'reset-x@exemplo.com.br', code: '000000', newPassword: 'nova-senha-1' }, ip), 15 * 60);
    const other = await post('/api/auth/reset-password', { email: 'reset-x@exemplo.com.br', code: '000000', newPassword: 'nova-senha-1' }, freshIp());
    expect(other.statusCode).toBe(400);
  });
});

describe('with RATE_LIMITS=off', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => open.close());

  it('never answers 429', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i += 1) {
      const res = await open.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: 'mesmo@exemplo.com.br' }, remoteAddress: '10.9.9.9' });
      statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});
