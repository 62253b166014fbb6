import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { z } from 'zod';
import { splitRoute } from '../../shared/api/route-key';
import { type ApiRoute, type ApiRoutes, apiRoutes, type RouteContract } from '../../shared/api/routes';
import { errorReplySchema } from '../../shared/schemas/common';
import type { RefreshingCache } from '../lib/refreshing-cache';

/** Error replies a route documents in OpenAPI, all `{code, message, fields?}`. */
export function errorReplies<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorReplySchema])) as Record<S[number], typeof errorReplySchema>;
}

type Contract<K extends ApiRoute> = ApiRoutes[K];
/** A schema of the contract, or `undefined` when the route has none (Fastify then types it `unknown`). */
type Part<C, F extends 'params' | 'query' | 'body' | 'headers'> = C extends { readonly [P in F]: infer S } ? S : undefined;
type SuccessStatus<C> = C extends { readonly status: infer S extends number } ? S : 200;
/** The success reply as OpenAPI shows it: JSON, or the file or stream its contract `produces`. */
type SuccessReply<C extends RouteContract> = C extends { readonly produces: infer P extends string }
  ? { content: Record<P, { schema: C['reply'] }> }
  : C['reply'];

/** What a route says of itself in OpenAPI beyond its contract; `replies`: other replies it documents (a 503 of its own). */
export type RouteDocs = { tags: string[]; summary: string; description?: string; replies?: Record<number, z.ZodType> };

type TableSchema<K extends ApiRoute, D extends RouteDocs, E extends number> = Omit<D, 'replies'> & {
  params: Part<Contract<K>, 'params'>;
  querystring: Part<Contract<K>, 'query'>;
  body: Part<Contract<K>, 'body'>;
  headers: Part<Contract<K>, 'headers'>;
  response: Record<SuccessStatus<Contract<K>>, SuccessReply<Contract<K>>> & Record<E, typeof errorReplySchema> & NonNullable<D['replies']>;
};

/**
 * The method, URL and schema of the route `route` of the API's table (shared/api/routes.ts), to spread into
 * `app.route({...})` beside its hooks and handler: a route cannot take, or answer, other than its table entry
 * says. `docs` and the error replies `errorStatuses` go to OpenAPI.
 *
 *     app.route({ ...apiRoute('GET /games/:id', { tags, summary: '…' }, 400, 404), handler: … });
 */
export function apiRoute<const K extends ApiRoute, D extends RouteDocs, const E extends readonly number[]>(
  route: K,
  docs: D,
  ...errorStatuses: E
) {
  const contract: RouteContract = apiRoutes[route];
  const { method, path } = splitRoute(route);
  const { replies, ...text } = docs;
  const schema = {
    ...text,
    ...(contract.params && { params: contract.params }),
    ...(contract.query && { querystring: contract.query }),
    ...(contract.body && { body: contract.body }),
    ...(contract.headers && { headers: contract.headers }),
    // A form's body: OpenAPI documents it under the media types it is read from.
    ...(contract.consumes && { consumes: contract.consumes }),
    response: {
      // A file or a stream is its own media type; error replies stay JSON.
      [contract.status ?? 200]: contract.produces
        ? { description: contract.reply.description, content: { [contract.produces]: { schema: contract.reply } } }
        : contract.reply,
      ...errorReplies(...errorStatuses),
      ...replies,
    },
  };
  // Typed from the entry, which TypeScript knows key by key; the object built here only knows a RouteContract.
  return { method, url: path, schema: schema as unknown as TableSchema<K, D, E[number]> };
}

const bearerAuth = [{ bearerAuth: [] }];

/**
 * `apiRoute` for a route only a signed-in user may call: the bearer token in OpenAPI, and 401 beside `errorStatuses`.
 * The route still puts `app.requireUser` on the `onRequest` hook: the session is checked before the body is read,
 * so no one without a token costs a parse.
 */
export function signedInRoute<const K extends ApiRoute, D extends RouteDocs, const E extends readonly number[]>(
  route: K,
  docs: D,
  ...errorStatuses: E
) {
  const { schema, ...rest } = apiRoute(route, docs, ...errorStatuses, 401);
  return { ...rest, schema: { ...schema, security: bearerAuth } };
}

/**
 * The route maker of a module's signed-in routes on one resource, `/…/:id`, tagged `tags`: the 400 (bad id or body)
 * and 404 (missing, or someone else's) replies documented beside `errorStatuses`.
 */
export function signedInByIdRoute(tags: string[]) {
  return <const K extends ApiRoute, const E extends readonly number[]>(route: K, summary: string, ...errorStatuses: E) =>
    signedInRoute(route, { tags, summary }, 400, 404, ...errorStatuses);
}

/**
 * A spreadsheet download: the CSV as it is (or as it is written, for one read a batch at a time), as an attachment,
 * never cached (it holds personal data).
 */
export function sendCsv(reply: FastifyReply, file: { filename: string; body: string | AsyncIterable<string> }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]+/g, '-')}"`)
    .header('Cache-Control', 'no-store')
    .send(typeof file.body === 'string' ? file.body : Readable.from(file.body));
}

/** A JSON reply kept encoded: its bytes, and the same gzipped once a client asks for it. */
export type EncodedReply = { body: Buffer; gzipped?: Buffer };

/**
 * A reply encoded by the route's own serialiser (its JSON; in the test suite's apps, held to its schema first: see
 * replySerializer), to be kept and sent as bytes.
 */
export function encodeReply(reply: FastifyReply, value: unknown): EncodedReply {
  // The app's serializers (replySerializer) always give text.
  return { body: Buffer.from(reply.serialize(value) as string) };
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
