import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorCode, statusOfCode } from '../../shared/error-codes';
import { messages } from '../../shared/messages';
import { errorBody } from './errors';

/**
 * The longest path parameter the router reads: as long as any request line Node accepts (its 16 KB of headers), so
 * every parameter reaches its route's schema, whose own limit (a token's 200 characters) answers 400 naming it.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

const FRAMEWORK_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_BAD_URL: { code: 'bad_request', message: messages.badRequest },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long', message: messages.uriTooLong },
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (an address that does not
 * decode, a parameter past MAX_PARAM_LENGTH) gets the `{code, message}` shape in Portuguese, the request id and the
 * headers every answer to that address gets (`headersFor`, set once the security headers are known), and never
 * echoes the address.
 */
export function answerFrameworkError(headersFor: () => (url: string) => Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = (error.code && FRAMEWORK_CODES[error.code]) || { code: 'internal_error' as const, message: messages.internalError };
    if (known.code === 'internal_error') request.log.error({ err: error }, 'erro do roteador');
    return reply
      .headers(headersFor()(request.raw.url ?? '/'))
      .header('x-request-id', request.id)
      .status(statusOfCode(known.code))
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(errorBody(known.code, known.message)));
  };
}
