import type { AddressInfo } from 'node:net';
import { beforeAll } from 'vitest';
import { addCredits, createUser } from './factories';
import { setUpTestApp, type TestApp } from './test-app';

export type RacingApp = TestApp & {
  /** POSTs `body` (if any) as JSON to `path` over a real connection; the reply's status and JSON body. */
  post(path: string, authorization: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The same with any method (a DELETE, a PUT). */
  send(method: string, path: string, authorization: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }>;
  /** A new user holding `cents` credits (from the ledger) and the bearer header of their token. */
  signedIn(cents?: number): Promise<{ user: Awaited<ReturnType<typeof createUser>>; authorization: string }>;
};

/**
 * setUpTestApp, with the app listening on a free port so requests race over real connections (truly in parallel on
 * PostgreSQL; PGlite serialises them).
 */
export function setUpRacingApp(options: Parameters<typeof setUpTestApp>[0] = {}): RacingApp {
  const t = setUpTestApp(options);
  let baseUrl = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  async function send(method: string, path: string, authorization: string, body?: object) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  return Object.assign(t, {
    send,
    post: (path: string, authorization: string, body?: object) => send('POST', path, authorization, body),
    async signedIn(cents = 0) {
      const db = t.app.ctx.db;
      const user = await createUser(db);
      if (cents > 0) await addCredits(db, user.id, cents);
      const token = await t.app.ctx.tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
      return { user, authorization: `Bearer ${token}` };
    },
  });
}
