import type { InjectOptions } from 'fastify';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, createSignedInUser } from '../../../test-support/server/factories';
import { setUpTestApp } from '../../../test-support/server/test-app';
import { errorCodeList, errorCodes, isErrorCode } from '../../shared/error-codes';
import { answerClientError } from './errors';
import { MAX_PARAM_LENGTH } from './framework-errors';

type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type Reply = { statusCode: number; body: string; headers: Record<string, unknown> };

/** What is wrong with an error reply, if anything: each carries a code of the catalogue, sent with that code's status. */
function problemWith(res: Reply): string | undefined {
  if (res.statusCode < 400) return undefined;
  let body: { code?: unknown; message?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return `not JSON: ${res.body.slice(0, 80)}`;
  }
  if (!isErrorCode(body.code)) return `code ${String(body.code)} is not in the catalogue`;
  if (errorCodes[body.code] !== res.statusCode)
    return `${body.code} is ${errorCodes[body.code]} in the catalogue, sent as ${res.statusCode}`;
  if (typeof body.message !== 'string' || body.message === '') return 'no message';
  return undefined;
}

describe('error codes on every route', () => {
  const t = setUpTestApp();
  let operations: Array<{ method: string; path: string; operation: Operation }>;
  let callers: Array<{ who: string; headers: Record<string, string> }>;
  let gameId: number;

  beforeAll(async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    const player = await createSignedInUser(t.app, { phone: null });
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    gameId = (await createGame(t.app.ctx.db, { creatorId: player.user.id })).id;
    callers = [
      { who: 'visitor', headers: {} },
      { who: 'stale token', headers: { authorization: 'Bearer not-a-token' } },
      { who: 'player', headers: player.headers },
      { who: 'admin', headers: admin.headers },
    ];
  });

  it('answers every error of every route with a code of the catalogue and its status', async () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    let errors = 0;
    for (const { method, path, operation } of operations) {
      const takesBody = operation.requestBody !== undefined;
      const isPage = operation.responses?.['200']?.content?.['text/html'] !== undefined;
      // An id that exists, one that does not, one that is not a number; no body, an empty one, a broken one.
      const urls = [String(gameId), '999999', 'x'].map((id) => path.replace(/\{(\w+)\}/g, id));
      const bodies: Array<string | undefined> = takesBody ? [undefined, '{}', '{"a":'] : [undefined];
      for (const url of new Set(urls)) {
        // A live stream that opens stays open: only its refusals are for this walk.
        if (url.endsWith('/events') && !url.includes('/999999/') && !url.includes('/x/')) continue;
        for (const { who, headers } of callers) {
          for (const payload of bodies) {
            const res = await t.app.inject({
              method: method as 'GET',
              url,
              headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(payload !== undefined ? { payload } : {}),
            });
            if (res.statusCode < 400) continue;
            // A page for people (the e-mail's unsubscribe link) answers its refusals as a page, saying why in words.
            if (isPage && String(res.headers['content-type']).startsWith('text/html')) continue;
            errors++;
            const problem = problemWith(res);
            if (problem) failures.push(`${who} ${method} ${url} ${payload ?? ''} → ${res.statusCode}: ${problem}`);
            else seen.add((JSON.parse(res.body) as { code: string }).code);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(errors).toBeGreaterThan(300);
    // The walk meets the codes every route can give, not only the generic ones.
    for (const code of ['unauthenticated', 'session_expired', 'forbidden', 'validation_failed', 'malformed_json', 'game_not_found']) {
      expect(seen).toContain(code);
    }
  });

  it('gives the framework, the body limits and unknown addresses their codes', async () => {
    const headers = { 'content-type': 'application/json' };
    const cases: Array<{ code: string; request: InjectOptions & { method: 'GET' | 'POST'; url: string } }> = [
      { code: 'not_found', request: { method: 'GET', url: '/api/no-such-route' } },
      { code: 'not_found', request: { method: 'POST', url: '/no-such-page' } },
      { code: 'malformed_json', request: { method: 'POST', url: '/api/auth/login', headers, payload: '{"email":' } },
      {
        code: 'json_too_deep',
        request: { method: 'POST', url: '/api/auth/login', headers, payload: `${'['.repeat(40)}${']'.repeat(40)}` },
      },
      {
        code: 'payload_too_large',
        request: { method: 'POST', url: '/api/auth/login', headers, payload: `{"email":"${'a'.repeat(70_000)}"}` },
      },
      {
        code: 'unsupported_media_type',
        request: { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' },
      },
      {
        code: 'control_character',
        request: { method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@bora.test', password: 'x' } },
      },
      {
        code: 'invalid_credentials',
        request: { method: 'POST', url: '/api/auth/login', payload: { email: 'ninguem@bora.test', password: 'Senha-forte-123' } },
      },
      { code: 'unauthenticated', request: { method: 'GET', url: '/api/users/me' } },
      { code: 'not_found', request: { method: 'GET', url: '/metrics' } },
    ];
    for (const { code, request } of cases) {
      const res = await t.app.inject(request);
      expect(problemWith(res), `${request.method} ${request.url}`).toBeUndefined();
      expect(res.json(), `${request.method} ${request.url}`).toMatchObject({ code });
    }
  });

  it('answers a request Node could not parse with a code too', async () => {
    for (const [errorCode, code] of [
      ['HPE_HEADER_OVERFLOW', 'headers_too_large'],
      ['ERR_HTTP_REQUEST_TIMEOUT', 'request_timeout'],
      ['HPE_INVALID_METHOD', 'bad_request'],
    ] as const) {
      const socket = new PassThrough();
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      answerClientError(Object.assign(new Error('x'), { code: errorCode }), socket);
      await new Promise((resolve) => socket.on('end', resolve));
      const [head, body] = Buffer.concat(chunks).toString().split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${errorCodes[code]} `));
      expect(JSON.parse(body!)).toMatchObject({ code });
    }
  });

  it('lists in the OpenAPI document, under each error status, the codes sent with it: every code somewhere', () => {
    type Reply = { content?: { 'application/json'?: { schema: { properties: { code: { enum: string[] } }; required: string[] } } } };
    const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, Reply> }>> };
    const schema = document.paths['/api/games/{id}']!.get!.responses['404']!.content!['application/json']!.schema;
    expect(schema.properties.code.enum).toEqual(errorCodeList.filter((code) => errorCodes[code] === 404));
    expect(schema.required).toContain('code');
    const listed = new Set(
      Object.values(document.paths).flatMap((methods) =>
        Object.values(methods).flatMap((operation) =>
          Object.values(operation.responses).flatMap((reply) => reply.content?.['application/json']?.schema.properties?.code?.enum ?? []),
        ),
      ),
    );
    // What Node answers before any route (a request it could not read in time, or whose headers are too large) is
    // said once, in the document's description, not under each operation.
    expect(errorCodeList.filter((code) => !listed.has(code))).toEqual(['request_timeout', 'headers_too_large']);
    const { info } = t.app.swagger() as unknown as { info: { description: string } };
    for (const code of ['request_timeout', 'headers_too_large', '{ code, message, fields? }']) expect(info.description).toContain(code);
  });

  it("answers what the router refuses in the product's shape, with its headers, never echoing the address", async () => {
    const cases = [
      { url: `/api/games/private/${'a'.repeat(MAX_PARAM_LENGTH + 1)}`, method: 'GET', status: 414, code: 'uri_too_long' },
      { url: `/api/games/${'9'.repeat(MAX_PARAM_LENGTH + 1)}/apply`, method: 'POST', status: 414, code: 'uri_too_long' },
      { url: '/api/games/%E0%A4%A/apply', method: 'POST', status: 400, code: 'bad_request' },
    ] as const;
    for (const { url, method, status, code } of cases) {
      const res = await t.app.inject({ method, url });
      expect([res.statusCode, res.json().code], url.slice(0, 40)).toEqual([status, code]);
      expect(res.body).not.toContain('aaaa');
      expect(res.body).not.toContain('%E0');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    }
    // Up to the router's bound a parameter reaches its schema, whose own limit is what the document declares.
    const token = await t.app.inject({ method: 'GET', url: `/api/calendar/${'a'.repeat(201)}.ics` });
    expect([token.statusCode, token.json().code, Object.keys(token.json().fields)]).toEqual([400, 'validation_failed', ['token']]);
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { parameters: Array<{ name: string; schema: { maxLength?: number } }> }>>;
    };
    expect(document.paths['/api/calendar/{token}.ics']!.get!.parameters.find((p) => p.name === 'token')!.schema.maxLength).toBe(200);
  });
});
