import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '../core/context';
import { errorForLog } from '../lib/logger';
import type { Metrics } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The app's context with this request's logger: a handler hands it to the use cases it calls, so that what
     * they log (a provider refusing, a notice not queued) carries the request's id.
     */
    ctx: ServerContext;
  }
}

const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id kept as is: what proxies and tracers send (UUIDs, hex, base64url…), nothing that could forge a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's X-Request-Id when sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * `request.ctx`, made when a handler asks for it. An explicit context rather than an AsyncLocalStorage: on Node 20
 * that turns on async hooks for every promise and socket, a sixth of a cached read's time (decision 034).
 */
export function registerRequestContext(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      return { ...ctx, log: this.log };
    },
  });
}

/**
 * Paths that carry a secret (a private game's link, a calendar feed's token, an e-mail's unsubscribe link, a checkout
 * session): logged as their pattern, wherever they appear in the path (doubled slashes included), so a request that
 * matched no route is kept out too.
 */
const SECRET_PATHS: Array<[RegExp, string]> = [
  [/\/+api\/+games\/+private\/+[^/]+/, '/api/games/private/:link'],
  [/\/+games\/+private\/+[^/]+/, '/games/private/:privateLink'],
  [/\/+api\/+calendar\/+[^/]+/, '/api/calendar/:token.ics'],
  [/\/+api\/+unsubscribe\/+[^/]+/, '/api/unsubscribe/:token'],
  [/\/+sandbox\/+checkout\/+[^/]+/, '/sandbox/checkout/:sessionId'],
];

/** A request's URL as logs may keep it: no query string (tokens, codes, links and session ids travel there), no secret path. */
export function urlForLog(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(path)) return path.replace(pattern, replacement);
  return path;
}

/**
 * Pino's serializers for the app's log lines: requests without secrets; errors with their code and cause, database
 * errors without their values (`errorForLog`).
 */
export const logSerializers = {
  req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
    method: request.method,
    url: urlForLog(request.url),
    remoteAddress: request.ip,
  }),
  err: (error: unknown) => errorForLog(error),
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Request ids on every reply and log line, Prometheus metrics of every request (by route pattern,
 * never by raw path: no ids or tokens in labels), and GET /api/metrics behind METRICS_TOKEN.
 */
export function registerObservability(app: FastifyInstance, options: { metrics: Metrics; metricsToken: string | undefined }): void {
  const { metrics, metricsToken } = options;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      { method: request.method, route: request.routeOptions.url ?? 'desconhecida', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  if (!metricsToken) return;
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    // Without the token the route looks absent, as it is when METRICS_TOKEN is unset.
    if (!match?.[1] || !sameSecret(match[1], metricsToken)) return reply.callNotFound();
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
