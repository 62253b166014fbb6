import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message of a Server-Sent Events stream: a comment (a heartbeat) or data (parsed JSON). */
export type StreamMessage = { comment: string } | { data: unknown };

export type EventStream = {
  status: number;
  headers: Headers;
  /** The body of a refused stream (a JSON error). */
  error?: { message: string };
  /** The next message, or the error `within` ms without one. */
  next(within?: number): Promise<StreamMessage>;
  /** The next data message, skipping comments. */
  nextData(within?: number): Promise<unknown>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/** The app listening on a free local port (streams need a real connection); the app's close() stops it. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function parseBlock(block: string): StreamMessage | undefined {
  const lines = block.split('\n');
  const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
  if (data.length > 0) return { data: JSON.parse(data.join('\n')) };
  const comment = lines.find((line) => line.startsWith(':'));
  return comment === undefined ? undefined : { comment: comment.slice(1).trim() };
}

/**
 * Opens `url` as a browser's EventSource would, on a connection of its own (closed with the stream, so no idle
 * keep-alive connection outlives the test), and reads its messages as they come.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, resolve).on('error', reject);
  });
  const responseHeaders = new Headers(Object.entries(res.headers).map(([name, value]): [string, string] => [name, String(value)]));
  const status = res.statusCode ?? 0;
  if (status !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const error = JSON.parse(Buffer.concat(chunks).toString()) as { message: string };
    const refused = () => Promise.reject(new Error(`stream refused with ${status}`));
    return { status, headers: responseHeaders, error, next: refused, nextData: refused, ended: Promise.resolve(), close: () => {} };
  }
  const messages: StreamMessage[] = [];
  let wake: (() => void) | undefined;
  let isEnded = false;
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (text: string) => {
    buffer += text;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const message = parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (message) messages.push(message);
    }
    wake?.();
  });
  const ended = new Promise<void>((resolve) => {
    res.once('close', () => {
      isEnded = true;
      wake?.();
      resolve();
    });
  });

  async function next(within = 2000): Promise<StreamMessage> {
    const deadline = Date.now() + within;
    while (messages.length === 0) {
      if (isEnded) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${within} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return messages.shift()!;
  }

  return {
    status,
    headers: responseHeaders,
    next,
    async nextData(within = 2000) {
      const deadline = Date.now() + within;
      for (;;) {
        const message = await next(Math.max(deadline - Date.now(), 1));
        if ('data' in message) return message.data;
      }
    },
    ended,
    close: () => res.destroy(),
  };
}
