import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { splitRoute } from '../../shared/api/route-key';
import { type ApiRoute, type ApiRoutes, apiRoutes, type RouteContract } from '../../shared/api/routes';
import { type ErrorCode, errorCodes } from '../../shared/error-codes';
import { errorReplySchema } from '../../shared/schemas/common';
import { isRateLimitHook } from '../lib/rate-limit';
import type { AuthUser } from '../core/context';
import type { RefreshingCache } from '../lib/refreshing-cache';
import { currentUser } from './authentication';

/** What each error status means, as OpenAPI describes its reply; the codes it may carry are listed beside it. */
const ERROR_STATUS_TEXT: Record<number, string> = {
  400: 'Pedido inválido: campos (validation_failed, com `fields`), JSON malformado ou fundo demais, caracteres de controle, ou a regra do caso',
  401: 'Sem sessão válida: sem token, token vencido ou encerrado, ou credenciais recusadas',
  403: 'Sem permissão para isto',
  404: 'Não encontrado (ou de outra pessoa)',
  408: 'O pedido demorou demais para chegar',
  409: 'O estado atual não permite isto',
  413: 'Corpo grande demais (JSON: 64 KB)',
  414: 'Endereço longo demais',
  415: 'Tipo de conteúdo não aceito (Content-Type)',
  429: 'Pedidos demais: espere (Retry-After) e tente de novo',
  500: 'Erro inesperado do servidor (sem detalhes)',
  503: 'Indisponível por um momento (banco de dados, provedor de pagamento ou conflito repetido): tente de novo (Retry-After)',
};

const codesOf = (status: number) => (Object.keys(errorCodes) as ErrorCode[]).filter((code) => errorCodes[code] === status);
const errorReplyByStatus = new Map<number, z.ZodType>();

/**
 * The error reply of `status` as OpenAPI shows it: `{code, message, fields?}`, `code` one of the catalogue's codes sent
 * with that status (src/shared/error-codes.ts), described by what the status means.
 */
export function errorReplyOf(status: number): typeof errorReplySchema {
  let schema = errorReplyByStatus.get(status);
  if (!schema) {
    const codes = codesOf(status);
    const code = codes.length > 0 ? z.enum(codes as [ErrorCode, ...ErrorCode[]]) : errorReplySchema.shape.code;
    schema = errorReplySchema
      .extend({ code: code.describe('Código estável da situação: um dos códigos deste status em src/shared/error-codes.ts') })
      .describe(`${ERROR_STATUS_TEXT[status] ?? 'Erro'}. Corpo: \`{code, message, fields?}\`.`);
    errorReplyByStatus.set(status, schema);
  }
  // The narrower enum is the same shape to a handler: a code of another status would be sent with that status.
  return schema as typeof errorReplySchema;
}

/** Error replies a route documents in OpenAPI, all `{code, message, fields?}`. */
export function errorReplies<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorReplyOf(status)])) as Record<S[number], typeof errorReplySchema>;
}

/** Methods whose body Fastify reads (a GET's or a HEAD's is never read). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses a route can answer whatever it does, from its method and contract, so no route lists them by
 * hand: 400 for anything it reads (a path, a query, headers, a body: refused fields, malformed or too-deep JSON,
 * control characters, a broken address); 414 for a path parameter longer than any address the server reads; 413 and
 * 415 for a method that reads a body (too large, or of a type the route does not read); 500 and 503 everywhere (the
 * unexpected, and a database or conflict to retry). 401 and 403 come from `signedInRoute` and `adminRoute`, 429 from
 * a rate limit on the route (`declareRateLimits`); what the use cases answer (404, 409…), from the route's own list.
 */
export function derivedErrorStatuses(method: string, contract: RouteContract): number[] {
  const readsBody = BODY_METHODS.has(method);
  const statuses: number[] = [];
  if (readsBody || contract.params || contract.query || contract.headers) statuses.push(400);
  if (contract.params) statuses.push(414);
  if (readsBody) statuses.push(413);
  // A body read as the bytes received takes any media type.
  if (readsBody && !contract.rawBody) statuses.push(415);
  statuses.push(500, 503);
  return statuses;
}

type Contract<K extends ApiRoute> = ApiRoutes[K];
/** A schema of the contract, or `undefined` when the route has none (Fastify then types it `unknown`). */
type Part<C, F extends 'params' | 'query' | 'body' | 'headers'> = C extends { readonly [P in F]: infer S } ? S : undefined;
type SuccessStatus<C> = C extends { readonly status: infer S extends number } ? S : 200;
/** The success reply as OpenAPI shows it: JSON, or the file or stream its contract `produces`. */
type SuccessReply<C extends RouteContract> = C extends { readonly produces: infer P extends string }
  ? { content: Record<P, { schema: C['reply'] }> }
  : C['reply'];

/** A reply documented under media types of its own (a page or JSON, as the client asks). */
type MediaReply = { description: string; content: Record<string, { schema: z.ZodType }> };

/**
 * What a route says of itself in OpenAPI beyond its contract; `replies`: other replies it documents, or one it
 * documents otherwise (a 503 of its own, a 400 that is also a page).
 */
export type RouteDocs = { tags: string[]; summary: string; description?: string; replies?: Record<number, z.ZodType | MediaReply> };

type TableSchema<K extends ApiRoute, D extends RouteDocs, E extends number> = Omit<D, 'replies'> & {
  params: Part<Contract<K>, 'params'>;
  querystring: Part<Contract<K>, 'query'>;
  body: Part<Contract<K>, 'body'>;
  headers: Part<Contract<K>, 'headers'>;
  response: Record<SuccessStatus<Contract<K>>, SuccessReply<Contract<K>>> & Record<E, typeof errorReplySchema> & NonNullable<D['replies']>;
};

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** A route's OpenAPI operationId, from its key: `'GET /games/:id/calendar.ics'` → `getGamesByIdCalendarIcs`. */
export function operationIdOf(route: ApiRoute): string {
  const { method, path } = splitRoute(route);
  const words = path.split('/').map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return method.toLowerCase() + words.join('');
}

/**
 * The method, URL and schema of the route `route` of the API's table (shared/api/routes.ts), to spread into
 * `app.route({...})` beside its hooks and handler: a route cannot take, or answer, other than its table entry
 * says. `docs`, the error statuses the contract implies (`derivedErrorStatuses`) and the route's own `errorStatuses`
 * (its use cases' 404s, 409s…) go to OpenAPI.
 *
 *     app.route({ ...apiRoute('POST /games/:id/apply', { tags, summary: '…' }, 409), handler: … });
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
    operationId: operationIdOf(route),
    // Public unless signedInRoute says otherwise: OpenAPI is told so rather than left to guess.
    security: [] as Array<Record<string, string[]>>,
    ...text,
    ...(contract.params && { params: contract.params }),
    ...(contract.query && { querystring: contract.query }),
    ...(contract.body && { body: contract.body }),
    // Documented, never validated: the provider's signature covers the bytes as they came.
    ...(contract.rawBody && { body: contract.rawBody }),
    ...(contract.headers && { headers: contract.headers }),
    // A form's body: OpenAPI documents it under the media types it is read from.
    ...(contract.consumes && { consumes: contract.consumes }),
    response: {
      // A file or a stream is its own media type; error replies stay JSON.
      [contract.status ?? 200]: contract.produces
        ? { description: contract.reply.description, content: { [contract.produces]: { schema: contract.reply } } }
        : contract.reply,
      ...errorReplies(...derivedErrorStatuses(method, contract), ...errorStatuses),
      ...replies,
    },
  };
  // Typed from the entry, which TypeScript knows key by key; the object built here only knows a RouteContract.
  return {
    method,
    url: path,
    schema: schema as unknown as TableSchema<K, D, E[number]>,
    // A body kept as bytes is not validated (a route-level compiler, since the app's validates every part it is given).
    ...(contract.rawBody && { validatorCompiler: () => () => true }),
  };
}

/**
 * Every route with a rate limit among its hooks (`RateLimiter.limit`, on or off) documents its 429, so no route
 * lists it by hand and none forgets it. Registered before the routes.
 */
export function declareRateLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: Record<number, unknown> } | undefined)?.response;
    if (!response || 429 in response) return;
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
    if (hooks.some(isRateLimitHook)) response[429] = errorReplyOf(429);
  });
}

const bearerAuth = [{ bearerAuth: [] }];

/**
 * `apiRoute` for a route only a signed-in user may call: the bearer token in OpenAPI, and 401 beside `errorStatuses`.
 * Registered by `signedInRoutes`, which signs the caller in on the `onRequest` hook, so no one without a token costs a
 * parse; a route that reads the account only when it must puts `app.requireToken` there itself, and the administrator's
 * routes (`adminRoute`) are all behind the admin plugin's `app.requireAdmin`.
 */
export function signedInRoute<const K extends ApiRoute, D extends RouteDocs, const E extends readonly number[]>(
  route: K,
  docs: D,
  ...errorStatuses: E
) {
  const { schema, ...rest } = apiRoute(route, docs, ...errorStatuses, 401);
  return { ...rest, schema: { ...schema, security: bearerAuth } };
}

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
type ZodRouteOptions<S extends FastifySchema> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;
type ZodHandler<S extends FastifySchema> = ZodRouteOptions<S>['handler'];
/** A signed-in route's options but for the hook that signs the caller in and the handler. */
type SignedInOptions<S extends FastifySchema> = Omit<ZodRouteOptions<S>, 'handler' | 'onRequest'> & { schema: S };
/** A signed-in route's handler: the request, its caller and the reply, answering as the route's schema says. */
type SignedInHandler<S extends FastifySchema> = (
  request: Parameters<ZodHandler<S>>[0],
  user: AuthUser,
  reply: Parameters<ZodHandler<S>>[1],
) => ReturnType<ZodHandler<S>>;

/**
 * Registers the signed-in routes of `app`: each route (`signedInRoute`, or a `signedInByIdRoute` maker's, with any
 * other options beside it) gets `app.requireUser` on its `onRequest` hook, so the session is checked before the body
 * is read, and its handler is handed the caller.
 *
 *     const route = signedInRoutes(app);
 *     route(signedInRoute('GET /series', { tags, summary: '…' }), (request, user) => listSeries(request.ctx, user));
 */
export function signedInRoutes(app: ZodApp) {
  return <S extends FastifySchema>(options: SignedInOptions<S>, handler: SignedInHandler<S>): void => {
    app.route<RouteGenericInterface, ContextConfigDefault, S>({
      ...options,
      onRequest: app.requireUser,
      handler: (request, reply) => handler(request, currentUser(request), reply),
    });
  };
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
