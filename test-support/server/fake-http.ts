import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake provider server saw, for assertions. */
export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** JSON or form body decoded by the fake (Stripe's bracket form becomes nested objects and arrays). */
  body: unknown;
};

export type FakeHttpRequest = Omit<RecordedRequest, 'body'> & { url: URL };

export type RunningFake = { url: string; close(): Promise<void> };

/** A node:http server on 127.0.0.1 and a random port; a handler error becomes a 500 with its message. */
export async function startHttpServer(
  handler: (request: FakeHttpRequest, response: ServerResponse) => Promise<void> | void,
): Promise<RunningFake> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: FakeHttpRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        url,
      };
      Promise.resolve()
        .then(() => handler(request, res))
        .catch((error: unknown) => {
          if (!res.headersSent) sendJson(res, 500, { error: { message: error instanceof Error ? error.message : String(error) } });
          else res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // SDK clients keep connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A webhook as a provider would send it: feed it to handleWebhook directly, or POST it with deliverWebhook. */
export type WebhookDelivery = {
  rawBody: string;
  headers: Record<string, string>;
  query: Record<string, string>;
};

/** POSTs a delivery to `url` (its query is appended), as the provider's servers would. */
export async function deliverWebhook(url: string, delivery: WebhookDelivery): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  for (const [name, value] of Object.entries(delivery.query)) target.searchParams.set(name, value);
  const response = await fetch(target, { method: 'POST', headers: delivery.headers, body: delivery.rawBody });
  return { status: response.status, body: await response.text() };
}
