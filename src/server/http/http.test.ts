import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, setUpTestApp } from '../../../test-support/server/test-app';
import { messages } from '../../shared/messages';
import { buildApp } from '../app';
import type { Database } from '../db/open-database';
import { users } from '../db/schema';
import { loadConfig } from '../lib/config';
import { BODY_LIMIT_BYTES } from './json-body';

const t = setUpTestApp();

const validRegister = { name: 'Ana', email: 'ana@exemplo.com.br', password: 'segredo1' };

/** A POST whose body is this JSON text as it stands, malformed or oversized. */
const postRawJson = (url: string, body: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });

describe('request bodies', () => {
  it('answers 400 with a pt-BR message for malformed JSON', async () => {
    const res = await postRawJson('/api/auth/login', '{"email": "a@b.com", "password": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'malformed_json', message: messages.malformedJson });
  });

  it('answers 400 for an empty JSON body', async () => {
    const res = await postRawJson('/api/auth/login', '');
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers 413 for a body over the limit and writes nothing', async () => {
    const res = await postRawJson('/api/auth/register', JSON.stringify({ ...validRegister, name: 'x'.repeat(BODY_LIMIT_BYTES) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', message: messages.payloadTooLarge });
    expect(await t.app.ctx.db.select().from(users)).toHaveLength(0);
  });

  it('accepts a body just under the limit (and then validates it)', async () => {
    const res = await postRawJson('/api/auth/register', JSON.stringify({ ...validRegister, name: 'x'.repeat(BODY_LIMIT_BYTES - 100) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.name).toBe(messages.nameTooLong);
  });

  it.each([
    ['text/plain', JSON.stringify(validRegister)],
    ['application/x-www-form-urlencoded', 'name=Ana&email=ana%40exemplo.com.br&password=segredo1'],
    ['application/xml', '<user><name>Ana</name></user>'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--x--'],
  ])('refuses %s on a JSON route with a 4xx, never a 5xx, and writes nothing', async (contentType, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': contentType }, payload });
    expect([400, 415]).toContain(res.statusCode);
    expect(typeof res.json().message).toBe('string');
    expect(await t.app.ctx.db.select().from(users)).toHaveLength(0);
  });

  it('answers 415 with a pt-BR message for a content type it cannot parse', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'unsupported_media_type', message: messages.unsupportedMediaType });
  });
});

describe('requests Node cannot parse', () => {
  let port: number;
  beforeAll(async () => {
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  /** Sends raw bytes to the listening app and reads the whole answer. */
  async function raw(request: string): Promise<{ status: number; body: unknown }> {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.write(request);
    await new Promise((resolve) => socket.on('close', resolve));
    const text = Buffer.concat(chunks).toString();
    const [head, body] = text.split('\r\n\r\n');
    return { status: Number(head!.split(' ')[1]), body: JSON.parse(body!) };
  }

  it('headers too large: 431 in the {message} shape, in Portuguese', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res).toEqual({ status: 431, body: { code: 'headers_too_large', message: 'Os cabeçalhos da requisição são grandes demais.' } });
  });

  it('a broken request line: 400 in the same shape', async () => {
    const res = await raw('NOT A REQUEST\r\n\r\n');
    expect(res).toEqual({ status: 400, body: { code: 'bad_request', message: messages.badRequest } });
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/xyz'],
    ['POST', '/api/xyz'],
    ['GET', '/api'],
    ['GET', '/api/auth'],
    ['DELETE', '/api/users/phone'],
    ['GET', '/api/xyz?q=1'],
  ] as const)('%s %s answers a JSON 404', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 'not_found', message: messages.notFound });
  });

  it('answers 404 for app pages when no web build is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/perfil' });
    expect(res.statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it.each([
    ['a success', '/api/auth/config'],
    ['a 404', '/api/nada-aqui'],
    ['a 401', '/api/users/me'],
  ])('of an API are present on %s: nothing may load or frame it', async (_label, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No referrer leaves for another site: a private game's link is in its page's URL.
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // Served over plain http here: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['a page', '/perfil'],
    ["the API's documentation", '/api/docs'],
  ])('of %s allow the app itself and Google sign-in only', async (_label, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('https://accounts.google.com/gsi/client');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('are present on validation errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('tell browsers to keep to https for a year when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://borajogar.com.br' } });
    for (const url of ['/api/health', '/perfil']) {
      const res = await secure.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    await secure.close();
  });
});

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document of the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Bora Jogar API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/users/me', '/api/users/phone']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(doc.paths['/api/users/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(res.body).not.toContain('passwordHash');
  });

  it('is compressed when the client accepts gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')).openapi).toMatch(/^3\./);
  });
});

describe('unexpected errors', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMITS: 'off' }), database });
    app.get('/api/test/boom', async () => {
      throw new Error('senha do banco: hunter2 em db.interno:5432');
    });
    app.get('/api/test/db', async () => {
      await database.db.execute('select * from tabela_que_nao_existe');
      return { ok: true };
    });
    app.get('/api/test/teapot', async () => {
      throw Object.assign(new Error('detalhe interno'), { statusCode: 418 });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(['/api/test/boom', '/api/test/db'])('%s answers a generic 500 that leaks nothing', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal_error', message: 'Erro interno do servidor. Tente novamente mais tarde.' });
    expect(res.body).not.toMatch(/hunter2|interno:5432|tabela_que_nao_existe|stack/);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('maps a 4xx the catalogue does not name to a bad_request with the generic pt-BR text', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: messages.badRequest });
  });
});
