import { performance } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { createSignedInUser, createUser, DEFAULT_PASSWORD } from '../../../../test-support/server/factories';
import { createTestApp, setUpTestApp, type TestApp } from '../../../../test-support/server/test-app';

const MINUTE = 60_000;
const tooMany = 'Muitas tentativas. Aguarde um pouco e tente novamente.';

let t: TestApp;
beforeAll(async () => {
  // Windows run on the wall clock (the store's, as Redis's would), not on the app's clock.
  vi.useFakeTimers({ toFake: ['Date'] });
  t = await createTestApp({ env: { RATE_LIMITS: 'on' } });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

let ipCounter = 0;
/** A fresh client address per call, so one test's counters never touch another's. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.${1 + (ipCounter % 200)}`;
};

const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'POST', url, payload, remoteAddress, headers });

async function timed(request: Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const res = await request;
  return { res, ms: performance.now() - started };
}

function expectLimited(res: LightMyRequestResponse, maxRetryAfterSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'rate_limited', message: tooMany });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfterSeconds);
}

describe('POST /api/auth/login', () => {
  it('a stranger who exhausts the tries on an account from one address does not lock its owner out from another', async () => {
    const owner = await createUser(t.app.ctx.db, { email: 'alvo-login@exemplo.com.br' });
    const stranger = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/auth/login', { email: owner.email, password: `chute-${i}` }, stranger)).statusCode).toBe(401);
    }
    // From that address even the right password waits; the e-mail's case does not matter.
    const blocked = await post('/api/auth/login', { email: ' ALVO-login@exemplo.com.br', password: DEFAULT_PASSWORD }, stranger);
    expectLimited(blocked, 15 * 60);
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));

    const fromHome = await post('/api/auth/login', { email: owner.email, password: DEFAULT_PASSWORD }, freshIp());
    expect(fromHome.statusCode).toBe(200);

    advance(5 * MINUTE);
    expectLimited(await post('/api/auth/login', { email: owner.email, password: DEFAULT_PASSWORD }, stranger), 10 * 60);
    advance(10 * MINUTE);
    expect((await post('/api/auth/login', { email: owner.email, password: DEFAULT_PASSWORD }, stranger)).statusCode).toBe(200);
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

    advance(15 * MINUTE);
    expect((await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('counts invalid requests too, so they cannot be used to probe for free', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      expect((await post('/api/auth/login', { email: `invalido-${i}`, password: '' }, ip)).statusCode).toBe(400);
    }
    expectLimited(await post('/api/auth/login', { email: 'invalido-x', password: '' }, ip), 15 * 60);
  });

  it('past 100 tries on one account from many addresses, answers slow down instead of locking the owner out', async () => {
    const owner = await createUser(t.app.ctx.db, { email: 'sob-ataque@exemplo.com.br' });
    for (let address = 0; address < 10; address += 1) {
      const ip = freshIp();
      const statuses = await Promise.all(
        Array.from(
          { length: 10 },
          async (_, i) => (await post('/api/auth/login', { email: owner.email, password: `chute-${i}` }, ip)).statusCode,
        ),
      );
      expect(statuses.every((status) => status === 401)).toBe(true);
    }
    const first = await timed(post('/api/auth/login', { email: owner.email, password: DEFAULT_PASSWORD }, freshIp()));
    expect(first.res.statusCode).toBe(200);
    expect(first.ms).toBeGreaterThanOrEqual(240);
    const second = await timed(post('/api/auth/login', { email: owner.email, password: DEFAULT_PASSWORD }, freshIp()));
    expect(second.res.statusCode).toBe(200);
    expect(second.ms).toBeGreaterThanOrEqual(490);
  });
});

describe('POST /api/auth/register', () => {
  const signUp = (n: number | string, ip: string) =>
    post('/api/auth/register', { name: `Amiga ${n}`, email: `rede-${n}@exemplo.com.br`, password: 'segredo1' }, ip);

  it('a shared address (a club, a carrier) signs up a whole group: slower past 20 an hour, refused past 60, nothing written', async () => {
    const club = freshIp();
    const tag = `clube${ipCounter}`;
    // The eleventh friend, refused before, and the twentieth go through.
    for (let i = 1; i <= 20; i += 1) expect((await signUp(`${tag}-${i}`, club)).statusCode).toBe(201);
    const slower = await timed(signUp(`${tag}-21`, club));
    expect(slower.res.statusCode).toBe(201);
    expect(slower.ms).toBeGreaterThanOrEqual(240);
    // Up to 60 in the hour are still answered (in parallel, so their waits overlap).
    const statuses = await Promise.all(Array.from({ length: 39 }, async (_, i) => (await signUp(`${tag}-${22 + i}`, club)).statusCode));
    expect(statuses.every((status) => status === 201)).toBe(true);

    const blocked = await signUp(`${tag}-61`, club);
    expectLimited(blocked, 60 * 60);
    const [row] = await t.app.ctx.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, `rede-${tag}-61@exemplo.com.br`));
    expect(row!.n).toBe(0);
    expect((await signUp(`${tag}-outra-rede`, freshIp())).statusCode).toBe(201);

    advance(60 * MINUTE);
    expect((await signUp(`${tag}-61`, club)).statusCode).toBe(201);
  }, 60_000);

  it('one e-mail gets 5 tries an hour, from any address', async () => {
    const email = 'uma-conta-so@exemplo.com.br';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await post('/api/auth/register', { name: 'Uma', email, password: 'segredo1' }, freshIp())).statusCode);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expectLimited(
      await post('/api/auth/register', { name: 'Uma', email: ' UMA-conta-so@exemplo.com.br', password: 'segredo1' }, freshIp()),
      60 * 60,
    );
  });
});

describe('POST /api/auth/forgot', () => {
  it('a stranger asking codes for an account from one address does not stop its owner from another', async () => {
    await createUser(t.app.ctx.db, { email: 'esquecido@exemplo.com.br' });
    const stranger = freshIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/forgot', { email: 'esquecido@exemplo.com.br' }, stranger)).statusCode).toBe(200);
    }
    expectLimited(await post('/api/auth/forgot', { email: 'Esquecido@exemplo.com.br' }, stranger), 15 * 60);
    expect((await post('/api/auth/forgot', { email: 'esquecido@exemplo.com.br' }, freshIp())).statusCode).toBe(200);

    // An unknown account is limited just the same, so the limit tells nothing about who exists.
    const prober = freshIp();
    for (let i = 0; i < 5; i += 1) await post('/api/auth/forgot', { email: 'inexistente@exemplo.com.br' }, prober);
    expectLimited(await post('/api/auth/forgot', { email: 'inexistente@exemplo.com.br' }, prober), 15 * 60);

    advance(15 * MINUTE);
    expect((await post('/api/auth/forgot', { email: 'esquecido@exemplo.com.br' }, stranger)).statusCode).toBe(200);
  });

  it('limits one address to 10 requests per 15 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/auth/forgot', { email: `varios-${i}@exemplo.com.br` }, ip)).statusCode).toBe(200);
    }
    expectLimited(await post('/api/auth/forgot', { email: 'mais-um@exemplo.com.br' }, ip), 15 * 60);
    expect((await post('/api/auth/forgot', { email: 'mais-um@exemplo.com.br' }, freshIp())).statusCode).toBe(200);
  });

  it('past 20 requests for one account from many addresses, answers slow down, doubling', async () => {
    for (let address = 0; address < 4; address += 1) {
      const ip = freshIp();
      for (let i = 0; i < 5; i += 1)
        expect((await post('/api/auth/forgot', { email: 'muito-pedido@exemplo.com.br' }, ip)).statusCode).toBe(200);
    }
    const delays: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { res, ms } = await timed(post('/api/auth/forgot', { email: 'muito-pedido@exemplo.com.br' }, freshIp()));
      expect(res.statusCode).toBe(200);
      delays.push(ms);
    }
    expect(delays[0]).toBeGreaterThanOrEqual(240);
    expect(delays[1]).toBeGreaterThanOrEqual(490);
    expect(delays[2]).toBeGreaterThanOrEqual(990);
    // Counted with this account, another one would wait 2 s; so would this one in the same window.
    expect((await timed(post('/api/auth/forgot', { email: 'tranquilo@exemplo.com.br' }, freshIp()))).ms).toBeLessThan(1500);
    advance(15 * MINUTE);
    expect((await timed(post('/api/auth/forgot', { email: 'muito-pedido@exemplo.com.br' }, freshIp()))).ms).toBeLessThan(1500);
  });
});

describe('POST /api/auth/reset-password', () => {
  const attempt = (email: string, ip: string) =>
    post('/api/auth/reset-password', { email, code: '000000', newPassword: 'nova-senha-1' }, ip);

  it('a stranger guessing codes from one address does not stop its owner from another', async () => {
    await createUser(t.app.ctx.db, { email: 'reset-alvo@exemplo.com.br' });
    const stranger = freshIp();
    for (let i = 0; i < 10; i += 1) expect((await attempt('reset-alvo@exemplo.com.br', stranger)).statusCode).toBe(400);
    expectLimited(await attempt('reset-alvo@exemplo.com.br', stranger), 15 * 60);
    expect((await attempt('reset-alvo@exemplo.com.br', freshIp())).statusCode).toBe(400);

    advance(15 * MINUTE);
    expect((await attempt('reset-alvo@exemplo.com.br', stranger)).statusCode).toBe(400);
  });

  it('limits one address to 30 tries per 15 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) expect((await attempt(`reset-${i}@exemplo.com.br`, ip)).statusCode).toBe(400);
    expectLimited(await attempt('reset-x@exemplo.com.br', ip), 15 * 60);
    expect((await attempt('reset-x@exemplo.com.br', freshIp())).statusCode).toBe(400);
  });
});

describe('POST /api/users/me/password and DELETE /api/users/me', () => {
  it('share 10 password tries per address in 15 minutes, so a stolen session cannot guess the password at leisure', async () => {
    const { headers } = await createSignedInUser(t.app);
    const ip = freshIp();
    const wrong = { currentPassword: 'errada-123', newPassword: 'nova-senha-456' };
    for (let i = 0; i < 5; i += 1) expect((await post('/api/users/me/password', wrong, ip, headers)).statusCode).toBe(400);
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        payload: { password: 'errada-123' },
        remoteAddress: ip,
        headers,
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await post('/api/users/me/password', { ...wrong, currentPassword: DEFAULT_PASSWORD }, ip, headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', message: tooMany });
    expect((await post('/api/users/me/password', { ...wrong, currentPassword: DEFAULT_PASSWORD }, freshIp(), headers)).statusCode).toBe(
      200,
    );
  });
});

describe('client addresses', () => {
  const forgotFrom = (remoteAddress: string, headers: Record<string, string> = {}, app = t.app) =>
    post('/api/auth/forgot', { email: `cliente-${(ipCounter += 1)}@exemplo.com.br` }, remoteAddress, headers, app);

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const client = freshIp();
    for (let i = 0; i < 10; i += 1) expect((await forgotFrom(client, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode).toBe(200);
    expectLimited(await forgotFrom(client, { 'x-forwarded-for': '203.0.113.99' }), 15 * 60);
  });

  it('with TRUST_PROXY, counts the address the named proxy forwarded, and only that proxy', async () => {
    const behindProxy = await createTestApp({ env: { RATE_LIMITS: 'on', TRUST_PROXY: '10.200.0.1' } });
    try {
      for (let i = 0; i < 10; i += 1) {
        expect((await forgotFrom('10.200.0.1', { 'x-forwarded-for': '198.51.100.7' }, behindProxy.app)).statusCode).toBe(200);
      }
      expectLimited(await forgotFrom('10.200.0.1', { 'x-forwarded-for': '198.51.100.7' }, behindProxy.app), 15 * 60);
      // A client that sends its own header along is still counted by the address the proxy saw.
      expectLimited(await forgotFrom('10.200.0.1', { 'x-forwarded-for': '192.0.2.1, 198.51.100.7' }, behindProxy.app), 15 * 60);
      expect((await forgotFrom('10.200.0.1', { 'x-forwarded-for': '198.51.100.8' }, behindProxy.app)).statusCode).toBe(200);

      // Anyone else who sends the header is not believed.
      const direct = '10.201.0.5';
      for (let i = 0; i < 10; i += 1)
        expect((await forgotFrom(direct, { 'x-forwarded-for': `198.51.100.${20 + i}` }, behindProxy.app)).statusCode).toBe(200);
      expectLimited(await forgotFrom(direct, { 'x-forwarded-for': '198.51.100.99' }, behindProxy.app), 15 * 60);
    } finally {
      await behindProxy.close();
    }
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    for (let i = 0; i < 10; i += 1) expect((await forgotFrom(`2001:db8:7:1::${(i + 1).toString(16)}`)).statusCode).toBe(200);
    expectLimited(await forgotFrom('2001:db8:7:1:ffff:ffff:ffff:ffff'), 15 * 60);
    expect((await forgotFrom('2001:db8:7:2::1')).statusCode).toBe(200);
  });
});

describe('with RATE_LIMITS=off', () => {
  const open = setUpTestApp({ env: { RATE_LIMITS: 'off' } });

  it('never answers 429', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i += 1) {
      const res = await open.app.inject({
        method: 'POST',
        url: '/api/auth/forgot',
        payload: { email: 'mesmo@exemplo.com.br' },
        remoteAddress: '10.9.9.9',
      });
      statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});
