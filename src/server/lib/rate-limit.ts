import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { messages } from '../../shared/messages';
import { AppError } from './app-error';
import type { Clock } from './clock';

export type RateRule = {
  /** Counter family, e.g. `login:ip`. */
  name: string;
  max: number;
  windowMs: number;
  /** The key to count under; undefined skips the rule for this request. */
  key: (request: FastifyRequest) => string | undefined;
};

type Window = { count: number; resetAt: number };

/** Fixed-window counters kept in this process; `enabled: false` (RATE_LIMITS=off) turns every rule off. */
export function createRateLimiter(options: { enabled: boolean; clock: Clock }) {
  const windows = new Map<string, Window>();

  function purgeExpired(now: number) {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  function hit(rule: RateRule, key: string): void {
    const now = options.clock.now().getTime();
    if (windows.size > 50_000) purgeExpired(now);
    const id = `${rule.name}:${key}`;
    let window = windows.get(id);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      windows.set(id, window);
    }
    window.count += 1;
    if (window.count > rule.max) {
      throw new AppError('too_many_requests', messages.tooManyRequests, undefined, Math.ceil((window.resetAt - now) / 1000));
    }
  }

  return {
    /** A hook that counts the request against every rule and answers 429 once one is exceeded. */
    limit(...rules: RateRule[]): preValidationHookHandler {
      return async (request) => {
        if (!options.enabled) return;
        for (const rule of rules) {
          const key = rule.key(request);
          if (key !== undefined) hit(rule, key);
        }
      };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const byIp = (request: FastifyRequest) => request.ip;

/** The e-mail of a JSON body, normalised the way accounts are; undefined when there is none. */
export function byBodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

const MINUTE = 60_000;
export const minutes = (n: number) => n * MINUTE;
