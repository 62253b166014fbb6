import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyRateLimit, { type CreateRateLimitOptions, normalizeIP, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { messages } from '../../shared/messages';
import { AppError } from '../lib/app-error';

export type RateRule = {
  /** Counter family, e.g. `login:ip`. */
  name: string;
  max: number;
  windowMs: number;
  /** The key to count under; undefined skips the rule for this request. */
  key: (request: FastifyRequest) => string | undefined;
  /**
   * Past `max`: `block` (the default) answers 429 with Retry-After; `slow-down` still answers, after a
   * delay that doubles with every request over (see slowDownMs), so nobody can lock the key's owner out.
   */
  overLimit?: 'block' | 'slow-down';
};

export type RateLimiter = {
  /** A hook that counts the request against the rules in order and answers 429 at the first blocking one exceeded. */
  limit(...rules: RateRule[]): preValidationHookHandler;
};

export type RateLimitOptions = {
  /** false (RATE_LIMITS=off) turns every rule off. */
  enabled: boolean;
  /** Counters shared through this Redis; without it they live in this process. */
  redisUrl: string | undefined;
  /** Prefix of every counter's key in Redis. */
  keyPrefix: string;
};

type CounterOptions = CreateRateLimitOptions & { cache?: number };

const SLOW_DOWN_FIRST_MS = 250;
const SLOW_DOWN_MAX_MS = 10_000;
/** Keys each in-memory counter family keeps before forgetting the least recently seen. */
const LOCAL_KEYS = 20_000;
/**
 * The plugin reports `remaining` rather than the count; a slow-down rule counts against this
 * unreachable max, so `UNCAPPED - remaining` is how many requests it has seen.
 */
const UNCAPPED = Number.MAX_SAFE_INTEGER;
const STARTUP_WAIT_MS = 1000;
/** How long a failed Redis is left alone before a request tries it again. */
const REDIS_RETRY_MS = 5_000;

/** How long the `requestsOver`-th request past a slow-down rule's max waits: 250 ms, doubling, at most 10 s. */
export function slowDownMs(requestsOver: number): number {
  return Math.min(SLOW_DOWN_MAX_MS, SLOW_DOWN_FIRST_MS * 2 ** (requestsOver - 1));
}

/**
 * Rate limits on @fastify/rate-limit: counters in Redis when `redisUrl` is set, in this process
 * otherwise. A request Redis cannot count (down, unreachable, too slow) is counted in this process
 * instead, so during an outage limits get looser by the number of instances but never turn off, and
 * requests do not wait on Redis.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<RateLimiter> {
  if (!options.enabled) return { limit: () => rateLimitHook(async () => {}) };
  const breaker = redisBreaker(app.log);
  const local = await counterFactory(app, {});
  const redis = options.redisUrl ? await connectRedis(app, options.redisUrl, breaker) : undefined;
  const shared = redis ? await counterFactory(app, { redis, nameSpace: options.keyPrefix }) : undefined;

  function counter(rule: RateRule) {
    const counterOptions: CounterOptions = {
      max: rule.overLimit === 'slow-down' ? UNCAPPED : rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
      cache: LOCAL_KEYS,
    };
    const inProcess = local(counterOptions);
    const inRedis = shared?.(counterOptions);
    return async (request: FastifyRequest) => {
      if (inRedis && breaker.isWorthAsking()) {
        try {
          const result = await inRedis(request);
          breaker.succeeded();
          return result;
        } catch (error) {
          breaker.failed(error);
        }
      }
      return inProcess(request);
    };
  }

  return {
    limit(...rules) {
      const counted = rules.map((rule) => ({ rule, count: counter(rule) }));
      return rateLimitHook(async (request) => {
        let delayMs = 0;
        for (const { rule, count } of counted) {
          if (rule.key(request) === undefined) continue;
          const result = await count(request);
          if (result.isAllowed) continue;
          if (rule.overLimit === 'slow-down') {
            const requestsOver = UNCAPPED - result.remaining - rule.max;
            if (requestsOver === 1) request.log.warn({ rule: rule.name }, 'limite atingido: respostas atrasadas até a janela acabar');
            if (requestsOver > 0) delayMs = Math.max(delayMs, slowDownMs(requestsOver));
          } else if (result.isExceeded) {
            throw new AppError('rate_limited', messages.tooManyRequests, undefined, result.ttlInSeconds);
          }
        }
        if (delayMs > 0) await sleep(delayMs);
      });
    },
  };
}

const rateLimitHooks = new WeakSet<object>();

/** Marks `hook` as a rate limit's, so a route that has one documents its 429 (`declareRateLimits`), limits on or off. */
function rateLimitHook(hook: preValidationHookHandler): preValidationHookHandler {
  rateLimitHooks.add(hook);
  return hook;
}

/** Whether `hook` is one that `RateLimiter.limit` made. */
export const isRateLimitHook = (hook: unknown): boolean => typeof hook === 'function' && rateLimitHooks.has(hook);

/** The plugin's `createRateLimit` over one store; each store gets its own scope, since the plugin decorates once per scope. */
async function counterFactory(
  app: FastifyInstance,
  store: Pick<RateLimitPluginOptions, 'redis' | 'nameSpace'>,
): Promise<FastifyInstance['createRateLimit']> {
  let create: FastifyInstance['createRateLimit'] | undefined;
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, { global: false, ...store });
    create = scope.createRateLimit;
  });
  return create!;
}

async function connectRedis(app: FastifyInstance, url: string, breaker: ReturnType<typeof redisBreaker>): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: 'bora-jogar',
    lazyConnect: true,
    // A request never waits for Redis: nothing is queued while disconnected, and connecting and
    // each command give up quickly (the request is then counted in this process).
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
  });
  // ioredis keeps reconnecting on its own; the outage itself is logged once by the breaker.
  redis.on('error', (error) => app.log.debug({ err: error }, 'Redis: falha de conexão'));
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
  // The start waits for Redis at most this long; until it is ready, requests are counted in the process.
  const connecting = redis.connect().catch((error: unknown) => breaker.failed(error));
  await Promise.race([connecting, sleep(STARTUP_WAIT_MS, undefined, { ref: false })]);
  return redis;
}

/**
 * Whether Redis is worth asking. After a failure it is left alone for a few seconds, so a Redis that
 * stopped answering costs one request the command timeout now and then, not every request; the
 * outage and the recovery are logged once each.
 */
function redisBreaker(log: FastifyBaseLogger) {
  let isDown = false;
  let retryAt = 0;
  return {
    isWorthAsking: () => !isDown || Date.now() >= retryAt,
    failed(error: unknown) {
      retryAt = Date.now() + REDIS_RETRY_MS;
      if (isDown) return;
      isDown = true;
      log.warn({ err: error }, 'Redis indisponível: limites de tentativas contados só neste processo até ele voltar');
    },
    succeeded() {
      if (!isDown) return;
      isDown = false;
      log.info('Redis de volta: limites de tentativas compartilhados de novo');
    },
  };
}

/**
 * The client's address; IPv6 addresses count per /64, the block one subscriber usually holds. A client that has
 * already hung up has none any more (its socket is gone): it is counted as one unknown address, and is answered
 * nothing anyway.
 */
export const byIp = (request: FastifyRequest) => {
  const ip = request.ip as string | undefined;
  return ip === undefined ? 'desconhecido' : normalizeIP(ip);
};

/** The signed-in account (a rule on a route whose `onRequest` checked the session); undefined for anyone else. */
export const byUser = (request: FastifyRequest) => (request.user ? String(request.user.id) : undefined);

/**
 * The account of a JSON body's e-mail, normalised the way accounts are and hashed, so Redis never
 * holds e-mail addresses; undefined when there is none.
 */
export function byAccount(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  if (typeof body?.email !== 'string') return undefined;
  return createHash('sha256').update(body.email.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

/** One account from one address: what a stranger can exhaust without touching the owner elsewhere. */
export function byAccountAndIp(request: FastifyRequest): string | undefined {
  const account = byAccount(request);
  return account === undefined ? undefined : `${account}:${byIp(request)}`;
}

const MINUTE = 60_000;
export const minutes = (n: number) => n * MINUTE;
