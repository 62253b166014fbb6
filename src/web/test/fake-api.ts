import { vi } from 'vitest';
import { checkReply } from '../../shared/api/check-reply';
import { splitRoute } from '../../shared/api/route-key';
import { type ApiRoute, apiRoutes, type RouteContract } from '../../shared/api/routes';
import { errorCodes, isErrorCode } from '../../shared/error-codes';

export type RecordedCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Reply = { status?: number; body?: unknown } | 'network-error';
type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

/** Replies served off contract since the last check; the test setup fails the test that served them. */
const offContract: Error[] = [];

/** Throws the first reply served off contract in this test (test/setup.ts calls it after each test). */
export function throwRepliesOffContract(): void {
  const [first] = offContract.splice(0);
  if (first) throw first;
}

type TableRoute = { route: ApiRoute; method: string; segments: string[] };

// A route with fewer parameters wins, as in the server's router: /games/sports before /games/:id.
const tableRoutes: TableRoute[] = (Object.keys(apiRoutes) as ApiRoute[])
  .map((route) => {
    const { method, path } = splitRoute(route);
    return { route, method, segments: path.split('/').slice(1) };
  })
  .sort((a, b) => parameterCount(a) - parameterCount(b));

function parameterCount(route: TableRoute): number {
  return route.segments.filter((segment) => segment.startsWith(':')).length;
}

/** The route of the API's table a call goes to; `path` below /api, with its query string. */
export function findRoute(method: string, path: string): ApiRoute | undefined {
  const segments = (path.split('?')[0] ?? '').split('/').slice(1);
  return tableRoutes.find(
    (route) =>
      route.method === method &&
      route.segments.length === segments.length &&
      route.segments.every((segment, index) => segment.startsWith(':') || segment === segments[index]),
  )?.route;
}

/** `'GET /api/games/7'` as the client asks for it, below /api. */
function parseRoute(route: string): { method: string; path: string } {
  const match = /^(GET|POST|PUT|PATCH|DELETE) \/api(\/\S*)$/.exec(route);
  if (!match) throw new Error(`fakeApi: rota "${route}" não tem a forma "MÉTODO /api/caminho"`);
  return { method: match[1]!, path: match[2]! };
}

/**
 * A success reply must be what the route's reply schema in the table says (src/shared/api/routes.ts). An error reply
 * with a message is the API's: it must carry a code of the catalogue, sent with that code's status. One without a
 * message is left free: the client copes with whatever a proxy or gateway may send.
 */
function checkCannedReply(route: ApiRoute, method: string, path: string, reply: Reply): void {
  if (reply === 'network-error') return;
  const status = reply.status ?? 200;
  if (status >= 200 && status < 300) return checkReply(route, path, reply.body);
  const body = reply.body as { code?: unknown; message?: unknown } | undefined;
  if (typeof body !== 'object' || body === null || body.message === undefined) return;
  if (!isErrorCode(body.code))
    throw new Error(
      `fakeApi: a resposta de erro de ${method} ${path} não tem um code do catálogo (src/shared/error-codes.ts): ${String(body.code)}`,
    );
  if (errorCodes[body.code] !== status) throw new Error(`fakeApi: ${body.code} é enviado com ${errorCodes[body.code]}, não ${status}`);
}

/**
 * Stubs `fetch` at the network boundary: `routes` maps `'POST /api/auth/login'` to a reply
 * (or a function of the call). Unknown routes answer 404 so a forgotten stub shows up. Every
 * route must be one the API has, and every success reply must keep to its schema: a fixed reply
 * is checked here, one a function returns when it is served.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const handlers = new Map<string, { route: ApiRoute; handler: Handler }>();
  for (const [stubbed, handler] of Object.entries(routes)) {
    const { method, path } = parseRoute(stubbed);
    const route = findRoute(method, path);
    if (!route) throw new Error(`fakeApi: ${stubbed} não é uma rota da API (src/shared/api/routes.ts)`);
    if (typeof handler !== 'function') checkCannedReply(route, method, path, handler);
    handlers.set(stubbed, { route, handler });
  }

  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const stub = handlers.get(`${method} ${url.pathname}`);
    const handler = stub?.handler ?? { status: 404, body: { code: 'not_found', message: 'Recurso não encontrado.' } };
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    if (stub && typeof stub.handler === 'function') {
      try {
        checkCannedReply(stub.route, method, call.path.replace(/^\/api/, ''), reply);
      } catch (error) {
        offContract.push(error as Error);
      }
    }
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    // A text reply (a list to copy) goes as the text it is, like the server sends it.
    const produces = stub && (reply.status ?? 200) < 400 ? (apiRoutes[stub.route] as RouteContract).produces : undefined;
    const isText = produces !== undefined && typeof reply.body === 'string';
    return new Response(reply.body === undefined ? null : isText ? (reply.body as string) : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': isText ? `${produces}; charset=utf-8` : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path.split('?')[0] === path),
  };
}
