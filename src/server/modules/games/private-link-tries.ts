import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { ServerContext } from '../../core/context';
import { byIp, minutes, type RateRule } from '../../lib/rate-limit';

/** Asking with a `privateLink` query is trying a link: counted by address; other calls are not. */
export const byIpWhenLinkGiven = (request: FastifyRequest) =>
  (request.query as { privateLink?: unknown }).privateLink ? byIp(request) : undefined;

/**
 * The limit on trying private links by address (links are unguessable; the limit keeps anyone from trying),
 * counted by `key`: every address, or only the calls that present a link.
 */
export function privateLinkTries(ctx: ServerContext, key: RateRule['key']): preValidationHookHandler {
  return ctx.rateLimiter.limit({ name: 'private-link:ip', max: 60, windowMs: minutes(1), key });
}
