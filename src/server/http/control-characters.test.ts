import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test-support/server/factories';
import { setUpTestApp } from '../../../test-support/server/test-app';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };
type Operation = { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

const NUL = 'a\u0000b';

/** A value of the schema's shape where every string holds a NUL. */
function poisoned(schema: JsonSchema | undefined): unknown {
  if (!schema) return NUL;
  const types = [schema.type, ...(schema.anyOf ?? []).map((option) => option.type)].flat();
  if (schema.properties) return Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, poisoned(value)]));
  if (types.includes('array')) return [poisoned(schema.items)];
  return NUL;
}

describe('a NUL or another control character anywhere in a request', () => {
  const t = setUpTestApp();
  let headers: Record<string, string>;
  let operations: Array<{ method: string; path: string; operation: Operation }>;

  beforeAll(async () => {
    // An admin reaches every route's validation (admin routes check the token before anything else).
    headers = (await createSignedInUser(t.app, { role: 'admin' })).headers;
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });

  it('is a 400 with a pt-BR message on every route that takes text, never a 500', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path, operation } of operations) {
      const params = operation.parameters ?? [];
      const url = path.replace(/\{(\w+)\}/g, () => encodeURIComponent(NUL));
      const query = params.filter((param) => param.in === 'query').map((param) => `${param.name}=${encodeURIComponent(NUL)}`);
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (!path.includes('{') && query.length === 0 && !body) continue;
      checked++;
      const res = await t.app.inject({
        method: method as 'GET',
        url: query.length > 0 ? `${url}?${query.join('&')}` : url,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(poisoned(body)) } : {}),
      });
      // A path whose parameter is a number never matches text: 400 from its own schema, or 404.
      if (res.statusCode >= 500 || ![400, 404].includes(res.statusCode) || !/^[A-ZÀ-Ú]/.test(res.json().message)) {
        failures.push(`${method} ${path} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it('names the field, and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ana\u0000', email: 'ana@bora.test', password: 'Senha-forte-123', confirmPassword: 'Senha-forte-123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'control_character',
      message: 'O texto contém caracteres de controle não permitidos.',
      fields: { name: 'O texto contém caracteres de controle não permitidos.' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@bora.test', password: 'Senha-forte-123' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('is a 400 in the fields that otherwise reach the database as they are', async () => {
    const requests: Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> = [
      { method: 'POST', url: '/api/auth/login', payload: { email: 'ana@bora.test', password: NUL } },
      { method: 'POST', url: '/api/auth/forgot', payload: { email: `ana${NUL}@bora.test` } },
      { method: 'GET', url: `/api/games/private/${encodeURIComponent(NUL)}` },
      { method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(NUL)}` },
      { method: 'GET', url: `/api/credits/verify-payment?session_id=${encodeURIComponent(NUL)}` },
      { method: 'GET', url: `/api/games?location=${encodeURIComponent(NUL)}` },
      {
        method: 'POST',
        url: '/api/user-games',
        payload: {
          name: `Vôlei ${NUL}`,
          location: 'Quadra',
          address: 'Rua 1',
          dateTime: '2027-01-10T22:00:00.000Z',
          price: 10,
          totalSlots: 10,
          visibility: 'private',
          usePlatformPayment: false,
          description: '',
        },
      },
    ];
    for (const request of requests) {
      const res = await t.app.inject({ ...request, headers });
      expect({ url: request.url, status: res.statusCode, message: res.json().message }).toEqual({
        url: request.url,
        status: 400,
        message: 'O texto contém caracteres de controle não permitidos.',
      });
    }
  });

  it('keeps tabs and line breaks where text may span lines', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ninguem@bora.test', password: 'linha\tcom\ntab' },
    });
    expect(res.statusCode).toBe(401);
  });
});
