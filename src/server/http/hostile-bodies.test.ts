import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, createSignedInUser } from '../../../test-support/server/factories';
import { tableDigest } from '../../../test-support/server/reads';
import { setUpTestApp } from '../../../test-support/server/test-app';
import { isErrorCode } from '../../shared/error-codes';
import { messages } from '../../shared/messages';
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH, nestsDeeperThan } from './json-body';

type Operation = { security?: unknown[]; requestBody?: { content?: Record<string, unknown> } };
type Route = { method: string; path: string; isSignedIn: boolean; hasBody: boolean };

/** `{"paymentType":[[[[…]]]]}` nested `levels` deep: about 2 bytes a level. */
const deep = (levels: number) => `{"paymentType":${'['.repeat(levels)}${']'.repeat(levels)}}`;

/** An object of `count` fields no schema knows, each named at length. */
const unknownFields = (count: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`campo_desconhecido_${'x'.repeat(20)}_${i}`, i])));

/** Hostile bodies, each a JSON text as it goes on the wire. */
const BODIES: Record<string, string> = {
  'nested 10 000 levels': deep(10_000),
  'nested just past the limit': deep(MAX_JSON_DEPTH + 1),
  'a deep string-free array': `[${'['.repeat(8_000)}${']'.repeat(8_000)}]`,
  'larger than the limit': JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) }),
  'thousands of unknown fields': unknownFields(1_200),
  truncated: '{"name": "Ana", "email": ',
  'not an object': '"texto"',
  'arrays where text goes': JSON.stringify({ name: [[1]], email: [{}], price: ['10'], dateTime: { $gt: '' }, totalSlots: [1e308] }),
  'prototype poisoning': '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}',
  'numbers beyond any range': JSON.stringify({ amount: 1e308, price: -1e308, totalSlots: 2 ** 60, quantity: Number.MAX_SAFE_INTEGER }),
};

/** CPU time of this process spent on `work`: not moved by what else the machine runs. */
async function cpuMs<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, ms: (used.user + used.system) / 1000 };
}

describe('the body depth check', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[[[[[[[{{{{{{' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'aspas \\" e [[[[[[[[' }), 2)).toBe(false);
    expect(nestsDeeperThan(`[${'['.repeat(100_000)}`, MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('hostile bodies on every route that takes one', () => {
  const t = setUpTestApp();
  let routes: Route[];
  let adminHeaders: Record<string, string>;
  let playerHeaders: Record<string, string>;

  beforeAll(async () => {
    adminHeaders = (await createSignedInUser(t.app, { role: 'admin' })).headers;
    playerHeaders = (await createSignedInUser(t.app)).headers;
    // Every id in a path names this game: the bodies reach routes on a game that exists.
    const game = await createGame(t.app.ctx.db);
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{\w+\}/g, String(game.id)),
          isSignedIn: (operation.security?.length ?? 0) > 0,
          hasBody: Boolean(operation.requestBody),
        })),
    );
  });

  const send = (route: Route, body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: route.method as 'POST',
      url: route.path,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });

  it('answers each with a small pt-BR 4xx, never a 5xx, within 100 ms of CPU, and writes nothing', async () => {
    const before = await tableDigest(t.app.ctx.db);
    const failures: string[] = [];
    let sent = 0;
    // A route that takes no body ignores one that parses (and does its work): only a visitor, refused, is sent there.
    const callers = (route: Route) =>
      route.hasBody
        ? ([
            ['visitor', {}],
            ['player', playerHeaders],
            ['admin', adminHeaders],
          ] as const)
        : ([['visitor', {}]] as const);
    for (const route of routes.filter((route) => route.hasBody || route.isSignedIn)) {
      for (const [kind, body] of Object.entries(BODIES)) {
        for (const [caller, headers] of callers(route)) {
          const { result: res, ms } = await cpuMs(() => send(route, body, headers));
          sent++;
          const where = `${route.method} ${route.path} (${kind}, ${caller}) → ${res.statusCode}`;
          if (res.statusCode >= 500 || res.statusCode < 400) failures.push(`${where}: ${res.body.slice(0, 160)}`);
          else if (res.body.length > 2_048) failures.push(`${where}: a reply of ${res.body.length} bytes`);
          else if (!/^[A-ZÀ-Ú]/.test(res.json().message) || !isErrorCode(res.json().code))
            failures.push(`${where}: ${res.body.slice(0, 160)}`);
          if (ms > 100) failures.push(`${where}: ${ms.toFixed(0)} ms of CPU`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    expect(await tableDigest(t.app.ctx.db)).toEqual(before);
  });

  it('checks the session before the body: without a token, a broken body is a 401 on every signed-in route', async () => {
    const signedIn = routes.filter((route) => route.isSignedIn);
    expect(signedIn.length).toBeGreaterThan(20);
    const answers = await Promise.all(
      signedIn.map(async (route) => `${route.method} ${route.path} → ${(await send(route, deep(10_000))).statusCode}`),
    );
    expect(answers).toEqual(signedIn.map((route) => `${route.method} ${route.path} → 401`));
  });

  it('refuses a deeply nested body with its own message, and a huge one with 413', async () => {
    const register = { method: 'POST', path: '/api/auth/register', isSignedIn: false, hasBody: true };
    const tooDeep = await send(register, deep(MAX_JSON_DEPTH + 1));
    expect([tooDeep.statusCode, tooDeep.json()]).toEqual([400, { code: 'json_too_deep', message: messages.jsonTooDeep }]);
    const huge = await send(register, BODIES['larger than the limit']!);
    expect([huge.statusCode, huge.json()]).toEqual([413, { code: 'payload_too_large', message: messages.payloadTooLarge }]);
  });

  it('names a few unknown fields, each cut short, and not the thousands sent', async () => {
    const res = await send({ method: 'POST', path: '/api/auth/login', isSignedIn: false, hasBody: true }, unknownFields(1_200));
    expect(res.statusCode).toBe(400);
    const fields = Object.keys(res.json().fields);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.length).toBeLessThanOrEqual(5);
    expect(res.body.length).toBeLessThan(1_024);
  });
});
