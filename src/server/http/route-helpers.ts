import type { FastifyReply, FastifyRequest } from 'fastify';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { errorReplySchema, idParamsSchema } from '../../shared/schemas/common';
import type { RefreshingCache } from '../lib/refreshing-cache';

/** Error replies a route documents in OpenAPI, all `{code, message, fields?}`. */
export function errorReplies<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorReplySchema])) as Record<S[number], typeof errorReplySchema>;
}

const bearerAuth = [{ bearerAuth: [] }];

/**
 * The schema of a route only a signed-in user may call: `schema` as the route would write it, plus the bearer
 * token in OpenAPI and the error replies `errorStatuses` and 401. The route still puts `app.requireUser` on the
 * `onRequest` hook: the session is checked before the body is read, so no one without a token costs a parse.
 *
 *     schema: signedInSchema({ tags, summary: '…', body: xSchema, response: { 200: xReplySchema } }, 400),
 */
export function signedInSchema<const S extends { response: object }, const E extends readonly number[]>(schema: S, ...errorStatuses: E) {
  return { ...schema, security: bearerAuth, response: { ...schema.response, ...errorReplies(...errorStatuses, 401) } };
}

/**
 * The schema maker of a module's signed-in routes on one resource, `/…/:id`, tagged `tags`: the id checked, and the
 * 400 (bad id or body) and 404 (missing, or someone else's) replies documented beside `errorStatuses`.
 */
export function signedInByIdSchema(tags: string[]) {
  return <const S extends { summary: string; response: object }, const E extends readonly number[]>(schema: S, ...errorStatuses: E) =>
    signedInSchema({ tags, params: idParamsSchema, ...schema }, 400, 404, ...errorStatuses);
}

/** A spreadsheet download: the CSV as it is, as an attachment, never cached (it holds personal data). */
export function sendCsv(reply: FastifyReply, file: { filename: string; body: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]+/g, '-')}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

/** A JSON reply kept encoded: its bytes, and the same gzipped once a client asks for it. */
export type EncodedReply = { body: Buffer; gzipped?: Buffer };

/** A reply encoded exactly as the route's schema serialiser would (checked, then JSON), to be kept and sent as bytes. */
export function encodeReply<S extends z.ZodType>(schema: S, value: z.output<S>): EncodedReply {
  return { body: Buffer.from(JSON.stringify(z.encode(schema, value))) };
}

const acceptsGzip = (header: string | string[] | undefined) => /\bgzip\b/.test(String(header ?? ''));

/**
 * Sends JSON encoded earlier: as bytes (an untyped reply, so the route's serialiser does not run again), gzipped
 * once and kept for the clients that accept it, so a hot reply costs neither encoding nor compression.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, encoded: EncodedReply): FastifyReply {
  const raw: FastifyReply = reply;
  raw.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  if (encoded.body.length >= GZIP_FROM_BYTES && acceptsGzip(request.headers['accept-encoding'])) {
    encoded.gzipped ??= gzipSync(encoded.body);
    return raw.header('Content-Encoding', 'gzip').send(encoded.gzipped);
  }
  return raw.send(encoded.body);
}

/** As the compression plugin: smaller replies go as they are. */
const GZIP_FROM_BYTES = 1024;

/**
 * Sends the reply `cache` keeps under `key` (built first when missing or stale), with `withHeaders` setting what
 * goes along with it. A fresh one is sent at once, without a promise: a repeated read costs no more than that.
 */
export function sendKept<V extends EncodedReply>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: RefreshingCache<V>,
  key: string,
  build: () => Promise<V>,
  withHeaders?: (kept: V) => void,
): Promise<void> | undefined {
  const send = (kept: V) => {
    withHeaders?.(kept);
    sendEncoded(request, reply, kept);
  };
  const fresh = cache.peek(key);
  if (!fresh) return cache.get(key, build).then(send);
  send(fresh.value);
  return undefined;
}
