import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/server/test-app';
import { registerErrorHandling } from './errors';
import { byIp, type RateLimiter, registerRateLimits } from '../lib/rate-limit';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const isCi = process.env.CI === 'true' || process.env.CI === '1';

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, enableOfflineQueue: false, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const hasRedis = await redisAnswers(redisUrl);
const missing = `nenhum Redis respondeu em ${redisUrl} (rode redis-server ou defina TEST_REDIS_URL)`;
if (!hasRedis && !isCi) console.warn(`⚠ testes de limites no Redis pulados: ${missing}`);

it.runIf(!hasRedis && isCi)('has a Redis to test against (CI=true)', () => {
  expect.fail(missing);
});

/** A key prefix of its own, so runs and tests never share counters. */
const freshPrefix = () => `bora-jogar-test:${randomUUID()}:`;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP hop in front of the real Redis that a test can cut or stall, without touching Redis itself. */
async function redisProxy(port = 0) {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  let isStalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => isStalled || upstream.write(chunk));
    upstream.on('data', (chunk) => isStalled || client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    port: (server.address() as net.AddressInfo).port,
    stall() {
      isStalled = true;
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function clientsNamed(redis: Redis, name: string): Promise<number> {
  const list = (await redis.client('LIST')) as string;
  return list.split('\n').filter((line) => line.includes(` name=${name} `)).length;
}

describe.skipIf(!hasRedis)(`rate limits shared through Redis${hasRedis ? '' : ` (pulado: ${missing})`}`, () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl);
  });
  afterAll(() => redis.quit());

  describe('two app instances on one Redis', () => {
    const prefix = freshPrefix();
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      // One after the other: a database clone blocks the event loop, which could make the other app's first Redis command time out.
      const env = { RATE_LIMITS: 'on', REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
      a = await createTestApp({ env });
      b = await createTestApp({ env });
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
    });

    const login = (t: TestApp, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'compartilhada@exemplo.com.br', password: 'chute' },
        remoteAddress,
      });

    it('share their counts: the second answers 429 after failures spread over both', async () => {
      for (let i = 0; i < 5; i += 1) {
        expect((await login(a, '10.50.0.1')).statusCode).toBe(401);
        expect((await login(b, '10.50.0.1')).statusCode).toBe(401);
      }
      const blocked = await login(b, '10.50.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ code: 'rate_limited', message: 'Muitas tentativas. Aguarde um pouco e tente novamente.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect((await login(a, '10.50.0.1')).statusCode).toBe(429);
      expect((await login(a, '10.50.0.2')).statusCode).toBe(401);

      // An app with another prefix counts on its own.
      const elsewhere = await createTestApp({ env: { RATE_LIMITS: 'on', REDIS_URL: redisUrl, REDIS_KEY_PREFIX: freshPrefix() } });
      try {
        expect((await login(elsewhere, '10.50.0.1')).statusCode).toBe(401);
      } finally {
        await elsewhere.close();
      }
    });

    it('keeps no e-mail address in Redis', async () => {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((key) => key.includes('login:account-ip:'))).toBe(true);
      expect(keys.some((key) => key.includes('@'))).toBe(false);
    });
  });

  it('closes its Redis connection when the app closes', async () => {
    const before = await clientsNamed(redis, 'bora-jogar');
    const t = await createTestApp({ env: { RATE_LIMITS: 'on', REDIS_URL: redisUrl, REDIS_KEY_PREFIX: freshPrefix() } });
    expect(await clientsNamed(redis, 'bora-jogar')).toBe(before + 1);
    await t.close();
    await vi.waitFor(async () => expect(await clientsNamed(redis, 'bora-jogar')).toBe(before), { timeout: 2000 });
  });

  it('with Redis unreachable, serves and still counts in the process', async () => {
    const t = await createTestApp({ env: { RATE_LIMITS: 'on', REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'sem-redis@exemplo.com.br', password: 'chute' },
        remoteAddress: '10.51.0.1',
      });
    try {
      for (let i = 0; i < 10; i += 1) expect((await login()).statusCode).toBe(401);
      expect((await login()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('a Redis that accepts connections but never answers holds the start back only about the command timeout', async () => {
    const silent = net.createServer((socket) => socket.on('error', () => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const app = Fastify();
    try {
      const started = performance.now();
      await registerRateLimits(app, {
        enabled: true,
        redisUrl: `redis://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
        keyPrefix: freshPrefix(),
      });
      expect(performance.now() - started).toBeLessThan(2500);
    } finally {
      await app.close();
      silent.close();
    }
  });

  describe('when Redis goes away and comes back', () => {
    let proxy: Awaited<ReturnType<typeof redisProxy>>;
    let app: FastifyInstance;
    const logs: { level: number; msg: string }[] = [];
    const prefix = freshPrefix();

    beforeAll(async () => {
      proxy = await redisProxy();
      app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line)) } } });
      registerErrorHandling(app);
      const limiter: RateLimiter = await registerRateLimits(app, { enabled: true, redisUrl: proxy.url, keyPrefix: prefix });
      app.post('/tentar', { preValidation: limiter.limit({ name: 'tentar:ip', max: 3, windowMs: 60_000, key: byIp }) }, async () => ({
        ok: true,
      }));
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await proxy.cut().catch(() => {});
    });

    const tryFrom = async (remoteAddress: string) => {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/tentar', remoteAddress });
      return { status: res.statusCode, ms: performance.now() - started };
    };
    const messages = (level: number) => logs.filter((line) => line.level === level).map((line) => line.msg);

    it('counts in Redis while it answers', async () => {
      for (let i = 0; i < 3; i += 1) expect((await tryFrom('10.52.0.1')).status).toBe(200);
      expect((await tryFrom('10.52.0.1')).status).toBe(429);
      expect(await redis.keys(`${prefix}*tentar:ip:10.52.0.1`)).toHaveLength(1);
    });

    it('cut off: answers at once, counts in the process and warns once', async () => {
      await proxy.cut();
      // Long enough for the client to see its connection close.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const tries = [];
      for (let i = 0; i < 4; i += 1) tries.push(await tryFrom('10.52.0.2'));
      expect(tries.map((t) => t.status)).toEqual([200, 200, 200, 429]);
      for (const t of tries) expect(t.ms).toBeLessThan(200);
      expect(messages(40).filter((msg) => msg.startsWith('Redis indisponível'))).toHaveLength(1);
    });

    it('back again: shared counts resume (the Redis count of before still holds) and the recovery is logged', async () => {
      proxy = await redisProxy(proxy.port);
      let address = 0;
      await vi.waitFor(
        async () => {
          address += 1;
          expect((await tryFrom(`10.53.0.${address}`)).status).toBe(200);
          expect(messages(30)).toContain('Redis de volta: limites de tentativas compartilhados de novo');
        },
        { timeout: 15_000, interval: 500 },
      );
      expect(await redis.keys(`${prefix}*tentar:ip:10.53.0.${address}`)).toHaveLength(1);
      expect((await tryFrom('10.52.0.1')).status).toBe(429);
    });

    it('stalled: one request waits the command timeout, the next ones do not wait at all', async () => {
      proxy.stall();
      const first = await tryFrom('10.52.0.4');
      expect(first.status).toBe(200);
      expect(first.ms).toBeGreaterThanOrEqual(450);
      expect(first.ms).toBeLessThan(1500);
      const next = await tryFrom('10.52.0.4');
      expect(next.status).toBe(200);
      expect(next.ms).toBeLessThan(200);
    });
  });
});
