import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '../../shared/messages';
import { AppError } from '../lib/app-error';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Runs of a write before it is answered 503: each conflict has rolled the whole transaction back. */
export const MAX_ATTEMPTS = 4;

/** Whether `error` (or what it wraps: the ORM wraps the driver's error) is a conflict that a new attempt can pass. */
export function isRetryableConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

/**
 * Every write route runs again, from the start, when its transaction lost a deadlock or a serialization check to
 * another: the database rolled it back whole, so nothing of the attempt remains. After MAX_ATTEMPTS the caller gets
 * a 503 in Portuguese to try again, never a 500. Reads take no row locks and are not wrapped.
 */
export function retryConflicts(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS')) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function retrying(request, reply) {
      const attempt = (number: number): unknown => {
        const result = handler.call(this, request, reply);
        // A handler that answers without a promise has no transaction of its own to run again.
        if (!(result instanceof Promise)) return result;
        return result.catch(async (error: unknown) => {
          if (!isRetryableConflict(error) || reply.sent) throw error;
          if (number >= MAX_ATTEMPTS) {
            request.log.warn({ err: error, attempts: number }, 'conflito no banco persistiu após novas tentativas');
            throw new AppError('busy_try_again', messages.busyTryAgain, undefined, 1);
          }
          request.log.info({ attempt: number }, 'conflito no banco: a requisição roda de novo');
          // A short random wait, so the transactions that met do not meet again in the same order.
          await sleep(5 + Math.random() * 20 * number);
          return attempt(number + 1);
        });
      };
      return attempt(1);
    };
  });
}
