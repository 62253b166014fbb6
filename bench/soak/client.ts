// The soak's client: spreads requests over the instances as a load balancer does (round robin; a refused connection,
// which never reached a server, goes to the next instance) and records every request's start, end and outcome, so the
// report can tell the errors inside a fault's window from those outside every window.
import { isConnectionRefused } from '../../test-support/server/processes';

export type RequestRecord = {
  method: string;
  route: string;
  startedAt: number;
  endedAt: number;
  status: number | 'transport';
  cause?: string;
};

export type Reply<T = unknown> = { status: number; body: T };

/** A request whose answer never came (a reset, a timeout, no instance listening): recorded, its outcome unknown. */
export class TransportError extends Error {
  constructor(
    readonly route: string,
    cause: unknown,
  ) {
    super(`${route}: ${describe(cause)}`, { cause });
  }
}

const REQUEST_TIMEOUT_MS = 90_000;

export class SoakClient {
  readonly records: RequestRecord[] = [];
  private next = 0;

  constructor(private readonly urls: string[]) {}

  /**
   * One request, on the next instance: a refused connection tries the next ones (a second round after a short wait);
   * any other transport failure (a reset, a timeout) is recorded and thrown, as its outcome is unknown.
   */
  call<T = Record<string, unknown>>(
    method: string,
    route: string,
    options: { token?: string; body?: unknown; instance?: number } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return this.send<T>(method, route, headers, options.body === undefined ? undefined : JSON.stringify(options.body), options.instance);
  }

  /** A request with these exact headers and body (a provider's signed webhook). */
  callRaw(method: string, route: string, headers: Record<string, string>, body: string): Promise<Reply> {
    return this.send(method, route, headers, body);
  }

  private async send<T>(method: string, route: string, headers: Record<string, string>, body: string | undefined, instance?: number) {
    const startedAt = Date.now();
    const label = route.replace(/\/\d+/g, '/:id').replace(/\?.*$/, '');
    let lastError: unknown;
    for (let attempt = 0; attempt < this.urls.length * 2; attempt += 1) {
      if (attempt === this.urls.length) await new Promise((resolve) => setTimeout(resolve, 500));
      const base = instance !== undefined ? this.urls[instance]! : this.urls[this.next++ % this.urls.length]!;
      try {
        const res = await fetch(`${base}${route}`, {
          method,
          headers,
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await res.text();
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // Not JSON (a CSV, a calendar): the text itself.
        }
        const refusal = res.status >= 400 ? (parsed as { code?: string; message?: string } | undefined) : undefined;
        const code = refusal?.code === 'validation_failed' ? `${refusal.code}: ${refusal.message}` : refusal?.code;
        this.records.push({ method, route: label, startedAt, endedAt: Date.now(), status: res.status, ...(code ? { cause: code } : {}) });
        return { status: res.status, body: parsed as T };
      } catch (error) {
        lastError = error;
        if (isConnectionRefused(error) && instance === undefined) continue;
        break;
      }
    }
    this.records.push({ method, route: label, startedAt, endedAt: Date.now(), status: 'transport', cause: describe(lastError) });
    throw new TransportError(`${method} ${label}`, lastError);
  }
}

/** An error's code and text, with its cause's: what failed, for the report. */
export function describe(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: string; message?: string };
    parts.push([code, message].filter(Boolean).join(' '));
  }
  return parts.filter(Boolean).join(' ← ') || String(error);
}
