import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from '../../../../test-support/server/factories';
import { createTestApp, setUpTestApp, type TestApp } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { users } from '../../db/schema';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const KID = 'chave-de-teste-1';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

let keys: KeyPair;
let jwks: http.Server;
let jwksUrl: string;
let jwksRequests = 0;
let t: TestApp;

beforeAll(async () => {
  keys = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwks = http.createServer((request, response) => {
    jwksRequests += 1;
    if (request.url !== '/certs') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`;
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => jwks.close(() => resolve()));
});

type TokenOptions = { claims?: JWTPayload; key?: KeyPair['privateKey']; kid?: string; expiresIn?: number; issuedAgo?: number };

/** A Google-like ID token, times relative to the app's clock. */
async function idToken(options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const iat = now - (options.issuedAgo ?? 10);
  return new SignJWT({
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: '110000000000000000001',
    email: 'wagner@gmail.com',
    email_verified: true,
    name: 'Wagner Lima',
    iat,
    exp: iat + (options.expiresIn ?? 3600),
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
    .sign(options.key ?? keys.privateKey);
}

const google = (token: unknown, app = t.app) => app.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });

async function usersWithEmail(email: string) {
  return t.app.ctx.db.select().from(users).where(eq(users.email, email));
}

describe('POST /api/auth/google', () => {
  it('creates an account for a new Google user and signs them in', async () => {
    const res = await google(await idToken());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: 'Wagner Lima',
      email: 'wagner@gmail.com',
      phone: null,
      role: 'player',
      credits: 0,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(body.user.id);

    const [row] = await usersWithEmail('wagner@gmail.com');
    expect(row).toMatchObject({ googleSub: '110000000000000000001', passwordHash: null });
    // A Google-only account has no password to log in with.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'wagner@gmail.com', password: 'qualquer-senha' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('signs the same Google account into the same user, even after its e-mail changed', async () => {
    const claims = { sub: '110000000000000000002', email: 'xuxa@gmail.com', name: 'Xuxa' };
    const first = await google(await idToken({ claims }));
    expect(first.statusCode).toBe(200);
    const second = await google(await idToken({ claims: { ...claims, email: 'xuxa.nova@gmail.com' } }));
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(first.json().user.id);
    expect(await usersWithEmail('xuxa.nova@gmail.com')).toHaveLength(0);
  });

  it('links a password account with the same e-mail instead of creating another', async () => {
    const user = await createUser(t.app.ctx.db, { name: 'Yara Dias', email: 'yara@gmail.com' });
    const res = await google(await idToken({ claims: { sub: '110000000000000000003', email: 'Yara@Gmail.com', name: 'Outro Nome' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, name: 'Yara Dias', email: 'yara@gmail.com' });
    const rows = await usersWithEmail('yara@gmail.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.googleSub).toBe('110000000000000000003');
    // The password still works after linking.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'yara@gmail.com', password: DEFAULT_PASSWORD },
    });
    expect(login.json().user.id).toBe(user.id);
  });

  it('signs two simultaneous first logins of one Google account into one user', async () => {
    const token = await idToken({ claims: { sub: '110000000000000000007', email: 'dupla@gmail.com', name: 'Dupla' } });
    const results = await Promise.all(Array.from({ length: 5 }, () => google(token)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().user.id)).size).toBe(1);
    expect(await usersWithEmail('dupla@gmail.com')).toHaveLength(1);
  });

  it('accepts the issuer without scheme, as Google also writes it', async () => {
    const res = await google(
      await idToken({ claims: { iss: 'accounts.google.com', sub: '110000000000000000008', email: 'semhttps@gmail.com' } }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('uses the e-mail as the name when the token has none', async () => {
    const res = await google(await idToken({ claims: { sub: '110000000000000000004', email: 'zeca@gmail.com', name: undefined } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('zeca');
  });

  it('takes line breaks and direction controls out of a Google name, which cannot be refused, and the e-mail when nothing is left', async () => {
    const forged = await google(
      await idToken({ claims: { sub: '110000000000000000021', email: 'forjado@gmail.com', name: 'Ana\r\nBcc: \u202Eetnaf\u202C' } }),
    );
    expect(forged.json().user.name).toBe('Ana Bcc: etnaf');
    const empty = await google(
      await idToken({ claims: { sub: '110000000000000000022', email: 'vazio@gmail.com', name: '\u2067\n\u2069' } }),
    );
    expect(empty.json().user.name).toBe('vazio');
    expect((await usersWithEmail('forjado@gmail.com'))[0]!.name).toBe('Ana Bcc: etnaf');
  });

  it.each<[string, () => Promise<string>]>([
    ['a wrong audience', () => idToken({ claims: { aud: 'outro-app.apps.googleusercontent.com' } })],
    ['a wrong issuer', () => idToken({ claims: { iss: 'https://accounts.google.com.evil.example' } })],
    ['an expired token', () => idToken({ issuedAgo: 7200, expiresIn: 3600 })],
    ['a token signed by an unknown key', async () => idToken({ key: (await generateKeyPair('RS256')).privateKey, kid: 'outra-chave' })],
    ['a token signed by another key under the known kid', async () => idToken({ key: (await generateKeyPair('RS256')).privateKey })],
    ['a token without subject', () => idToken({ claims: { sub: undefined } })],
    ['a token without e-mail', () => idToken({ claims: { email: undefined } })],
    [
      'an unsigned token',
      async () => {
        const [, payload] = (await idToken()).split('.');
        return `${Buffer.from(JSON.stringify({ alg: 'none', kid: KID })).toString('base64url')}.${payload}.`;
      },
    ],
    ['garbage', async () => 'isto-nao-e-um-token'],
    ['a three-part garbage', async () => 'a.b.c'],
  ])('answers 401 for %s and creates nobody', async (_label, makeToken) => {
    const before = (await t.app.ctx.db.select().from(users)).length;
    const res = await google(await makeToken());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'google_token_invalid', message: messages.googleInvalidToken });
    expect((await t.app.ctx.db.select().from(users)).length).toBe(before);
  });

  it('answers 401 for an unverified e-mail and does not link the account', async () => {
    const user = await createUser(t.app.ctx.db, { email: 'alvo@gmail.com' });
    const res = await google(await idToken({ claims: { sub: '110000000000000000005', email: 'alvo@gmail.com', email_verified: false } }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'google_email_unverified', message: messages.googleUnverifiedEmail });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSub).toBeNull();
  });

  it('accepts a token until it expires on the app clock', async () => {
    const token = await idToken({ claims: { sub: '110000000000000000006', email: 'bia@gmail.com' }, issuedAgo: 0, expiresIn: 600 });
    const start = t.clock.now();
    try {
      t.clock.advance(590_000);
      expect((await google(token)).statusCode).toBe(200);
      t.clock.advance(20_000);
      expect((await google(token)).statusCode).toBe(401);
    } finally {
      t.clock.set(start);
    }
  });

  it('answers 400 for a missing or wrong-typed token', async () => {
    for (const payload of [{}, { token: '' }, { token: 123 }, { token: 'x', extra: 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('fetched the keys from the configured JWKS address', () => {
    expect(jwksRequests).toBeGreaterThan(0);
  });
});

describe('GET /api/auth/config', () => {
  it('gives the client id when Google is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ googleClientId: CLIENT_ID, googleAllowedOrigins: ['http://bora.test'] });
  });

  it("lists PUBLIC_URL's origin and those of GOOGLE_ALLOWED_ORIGINS, once each", async () => {
    const other = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        PUBLIC_URL: 'https://borajogar.com.br/app',
        GOOGLE_ALLOWED_ORIGINS: 'https://www.borajogar.com.br, http://localhost:5173/, https://borajogar.com.br',
      },
    });
    const res = await other.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json().googleAllowedOrigins).toEqual(['https://borajogar.com.br', 'https://www.borajogar.com.br', 'http://localhost:5173']);
    await other.close();
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  const plain = setUpTestApp();

  it('answers 404 with a clear message and creates nobody', async () => {
    const res = await google(await idToken(), plain.app);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'google_sign_in_disabled', message: 'O login com Google não está disponível.' });
    expect(await plain.app.ctx.db.select().from(users)).toHaveLength(0);
  });

  it('reports googleClientId null in the client config', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ googleClientId: null, googleAllowedOrigins: ['http://bora.test'] });
  });
});
