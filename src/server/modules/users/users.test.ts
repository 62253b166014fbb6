import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCredits, createSignedInUser } from '../../../../test-support/server/factories';
import { createTestApp, type TestApp } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { users } from '../../db/schema';
import { createTokenService, TOKEN_TTL_SECONDS } from '../../lib/token-service';

// A configured secret, so the tests can forge tokens with it (and with others).
const SECRET = 'segredo-de-teste-com-mais-de-32-caracteres!!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JWT_SECRET: SECRET } });
});
afterAll(() => t.close());

const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/users/me', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /api/users/me', () => {
  it('returns the signed-in user with balance and (empty) games', async () => {
    const { user, headers } = await createSignedInUser(t.app, { name: 'Gabi', phone: '48991234567' });
    await addCredits(t.app.ctx.db, user.id, 1990);
    const res = await me(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: 'Gabi',
      email: user.email,
      phone: '48991234567',
      role: 'player',
      credits: 19.9,
      hasPassword: true,
      myGames: [],
      waitlistedGames: [],
    });
  });

  it('answers 401 without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthenticated', message: messages.unauthenticated });
  });

  it('answers 401 for a header that is not a bearer token', async () => {
    const { token } = await createSignedInUser(t.app);
    for (const authorization of [`Basic ${token}`, token, 'Bearer', `Bearer ${token} extra`]) {
      const res = await me({ authorization });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('answers 401 for garbage tokens', async () => {
    for (const token of ['abc', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.', '...']) {
      const res = await me(bearer(token));
      expect(res.statusCode, token).toBe(401);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('answers 401 for a token signed with another secret', async () => {
    const { user } = await createSignedInUser(t.app);
    const other = createTokenService({ secret: new TextEncoder().encode('outro-segredo-com-mais-de-32-caracteres!!'), clock: t.clock });
    const res = await me(bearer(await other.issue({ userId: user.id, tokenVersion: user.tokenVersion })));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'session_expired', message: messages.sessionExpired });
  });

  it('answers 401 for an unsigned (alg none) token and for an HS512 token with the right secret', async () => {
    const { user, token } = await createSignedInUser(t.app);
    const iat = Math.floor(t.clock.now().getTime() / 1000);
    const claims = { tv: user.tokenVersion };
    const none = new UnsecuredJWT(claims)
      .setSubject(String(user.id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .encode();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(user.id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode(SECRET));
    // A forged header on a real signature: switching alg must not pass either.
    const [, payload, signature] = token.split('.');
    const relabelled = `${Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url')}.${payload}.${signature}`;
    for (const forged of [none, hs512, relabelled]) {
      const res = await me(bearer(forged));
      expect(res.statusCode).toBe(401);
    }
    expect((await me(bearer(token))).statusCode).toBe(200);
  });

  it('answers 401 for a well-signed token without a valid subject or version', async () => {
    const iat = Math.floor(t.clock.now().getTime() / 1000);
    const key = new TextEncoder().encode(SECRET);
    const sign = (sub: string | undefined, tv: unknown) => {
      const jwt = new SignJWT(tv === undefined ? {} : { tv })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600);
      if (sub !== undefined) jwt.setSubject(sub);
      return jwt.sign(key);
    };
    const { user } = await createSignedInUser(t.app);
    for (const token of [
      await sign(undefined, 0),
      await sign('abc', 0),
      await sign('-1', 0),
      await sign(String(user.id), undefined),
      await sign(String(user.id), '0'),
      await sign('999999', 0),
    ]) {
      expect((await me(bearer(token))).statusCode).toBe(401);
    }
    expect((await me(bearer(await sign(String(user.id), 0)))).statusCode).toBe(200);
  });

  it('accepts a token for 7 days and refuses it after', async () => {
    const start = t.clock.now();
    try {
      const { headers } = await createSignedInUser(t.app);
      t.clock.advance(TOKEN_TTL_SECONDS * 1000 - 1000);
      expect((await me(headers)).statusCode).toBe(200);
      t.clock.advance(2000);
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'session_expired', message: messages.sessionExpired });
    } finally {
      t.clock.set(start);
    }
  });

  it('answers 401 once the account is gone', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    await t.app.ctx.db.delete(users).where(eq(users.id, user.id));
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/phone', () => {
  const putPhone = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/users/phone', headers, payload: payload as object });

  it.each([
    ['(48) 99123-4567', '48991234567'],
    ['48991234567', '48991234567'],
    ['(11) 3456-7890', '1134567890'],
    ['99.98765.4321', '99987654321'],
  ])('saves %j as digits only (%s)', async (input, digits) => {
    const { user, headers } = await createSignedInUser(t.app, { phone: null });
    const res = await putPhone(headers, { phone: input });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.phoneSaved);
    expect(res.json().user).toMatchObject({ id: user.id, phone: digits });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).toBe(digits);
    expect((await me(headers)).json().phone).toBe(digits);
  });

  const phoneInvalid = 'Informe um telefone válido no formato brasileiro. Ex.: (11) 91234-5678';
  it.each([
    ['9 digits', '489912345'],
    ['12 digits', '489912345678'],
    ['13 digits with country code', '5548991234567'],
    ['area code 00', '00991234567'],
    ['area code 20', '2034567890'],
    ['area code 10 (mobile)', '10991234567'],
    ['11 digits not starting with 9 after the area code', '48891234567'],
    ['empty', ''],
    ['letters only', 'telefone'],
    ['too long text', `(48) 99123-4567${' '.repeat(40)}`],
  ])('answers 400 for %s and keeps the old phone', async (_label, phone) => {
    const { user, headers } = await createSignedInUser(t.app, { phone: '11912345678' });
    const res = await putPhone(headers, { phone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: phoneInvalid, fields: { phone: phoneInvalid } });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).toBe('11912345678');
  });

  it('answers 400 for a wrong type, a missing phone or unknown fields', async () => {
    const { headers } = await createSignedInUser(t.app);
    for (const payload of [{ phone: 48991234567 }, {}, { phone: '48991234567', userId: 1 }]) {
      const res = await putPhone(headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toBeDefined();
    }
  });

  it('answers 401 without a token and changes nobody', async () => {
    const res = await putPhone({}, { phone: '48991234567' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthenticated', message: messages.unauthenticated });
  });

  it('changes only the signed-in user', async () => {
    const a = await createSignedInUser(t.app, { phone: '11912345678' });
    const b = await createSignedInUser(t.app, { phone: '21912345678' });
    expect((await putPhone(a.headers, { phone: '(31) 93456-7890' })).statusCode).toBe(200);
    const [rowB] = await t.app.ctx.db.select().from(users).where(eq(users.id, b.user.id));
    expect(rowB!.phone).toBe('21912345678');
  });
});
