import { vi } from 'vitest';

export type RecordedCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Reply = { status?: number; body?: unknown } | 'network-error';
type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

/**
 * Stubs `fetch` at the network boundary: `routes` maps `'POST /api/auth/login'` to a reply
 * (or a function of the call). Unknown routes answer 404 so a forgotten stub shows up.
 */
export function fakeApi(routes: Record<string, Handler>) {
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
    const handler = routes[`${method} ${url.pathname}`];
    const reply = typeof handler === 'function' ? await handler(call) : (handler ?? { status: 404, body: { message: 'Recurso não encontrado.' } });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path.split('?')[0] === path),
  };
}
