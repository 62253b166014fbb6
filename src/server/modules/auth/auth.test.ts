import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCredits, createUser, DEFAULT_PASSWORD } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';

const t = setUpTestApp();

const register = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

async function userCount(): Promise<number> {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(users);
  return row!.n;
}

describe('POST /api/auth/register', () => {
  it('creates a player account and returns a working token', async () => {
    const res = await register({ name: '  Ana Souza ', email: '  Ana.Souza@Exemplo.COM.br ', password: 'segredo1' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: 'Ana Souza',
      email: 'ana.souza@exemplo.com.br',
      phone: null,
      role: 'player',
      credits: 0,
    });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('ana.souza@exemplo.com.br');
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const res = await register({ name: 'Bruno', email: 'bruno@exemplo.com.br', password: 'minha-senha-secreta' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'bruno@exemplo.com.br'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('minha-senha-secreta');
    expect(await verifyPassword(row!.passwordHash, 'minha-senha-secreta')).toBe(true);
    expect(res.body).not.toContain('argon2');
    expect(res.json().user).not.toHaveProperty('passwordHash');
  });

  it('refuses an e-mail already registered, whatever its case, and writes nothing', async () => {
    await createUser(t.app.ctx.db, { email: 'carla@exemplo.com.br' });
    const before = await userCount();
    for (const email of ['carla@exemplo.com.br', 'CARLA@Exemplo.com.br', ' Carla@exemplo.com.br ']) {
      const res = await register({ name: 'Outra Carla', email, password: 'segredo1' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'email_taken',
        message: 'Este e-mail já está cadastrado',
        fields: { email: 'Este e-mail já está cadastrado' },
      });
    }
    expect(await userCount()).toBe(before);
  });

  const valid = { name: 'Diego', email: 'diego@exemplo.com.br', password: 'segredo1' };
  const invalidCases: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing name', { email: valid.email, password: valid.password }, 'name', messages.nameRequired],
    ['blank name', { ...valid, name: '   ' }, 'name', messages.nameRequired],
    ['name too long', { ...valid, name: 'a'.repeat(101) }, 'name', messages.nameTooLong],
    ['missing e-mail', { name: valid.name, password: valid.password }, 'email', 'E-mail é obrigatório'],
    ['blank e-mail', { ...valid, email: '  ' }, 'email', 'E-mail é obrigatório'],
    ['e-mail without @', { ...valid, email: 'diego.exemplo.com.br' }, 'email', 'Formato de e-mail inválido'],
    ['e-mail without domain dot', { ...valid, email: 'diego@exemplo' }, 'email', 'Formato de e-mail inválido'],
    ['e-mail with inner space', { ...valid, email: 'die go@exemplo.com.br' }, 'email', 'Formato de e-mail inválido'],
    ['e-mail too long', { ...valid, email: `${'a'.repeat(250)}@x.com` }, 'email', 'Formato de e-mail inválido'],
    ['missing password', { name: valid.name, email: valid.email }, 'password', messages.passwordRequired],
    ['short password', { ...valid, password: '12345' }, 'password', 'A senha deve ter pelo menos 6 caracteres'],
    ['password too long', { ...valid, password: 'x'.repeat(129) }, 'password', messages.passwordTooLong],
  ];
  it.each(invalidCases)('answers 400 for %s and writes nothing', async (_label, payload, field, message) => {
    const before = await userCount();
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fields[field]).toBe(message);
    expect(body.message).toBe(Object.values(body.fields)[0]);
    expect(await userCount()).toBe(before);
  });

  it('accepts a password of exactly 6 characters', async () => {
    const res = await register({ name: 'Seis', email: 'seis@exemplo.com.br', password: '123456' });
    expect(res.statusCode).toBe(201);
  });

  it('reports every invalid field at once', async () => {
    const res = await register({ name: '', email: 'x', password: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: messages.nameRequired,
      email: messages.emailInvalid,
      password: messages.passwordTooShort,
    });
  });

  it('rejects unknown fields (no setting the role from outside) and writes nothing', async () => {
    const before = await userCount();
    const res = await register({ ...valid, email: 'intruso@exemplo.com.br', role: 'admin', credits: 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ role: 'Campo não permitido: role', credits: 'Campo não permitido: credits' });
    expect(await userCount()).toBe(before);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'intruso@exemplo.com.br'));
    expect(row).toBeUndefined();
  });

  it.each([
    ['number name', { ...valid, name: 42 }, 'name'],
    ['array e-mail', { ...valid, email: ['diego@exemplo.com.br'] }, 'email'],
    ['object password', { ...valid, password: { value: 'segredo1' } }, 'password'],
    ['null password', { ...valid, password: null }, 'password'],
  ])('answers 400 for a wrong type (%s)', async (_label, payload, field) => {
    const before = await userCount();
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it('answers 400 for a body that is not an object', async () => {
    for (const payload of [[valid], 'texto']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('creates one account when the same e-mail registers twice at once', async () => {
    const before = await userCount();
    const results = await Promise.all(
      [1, 2, 3].map(() => register({ name: 'Rápido', email: 'corrida@exemplo.com.br', password: 'segredo1' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await userCount()).toBe(before + 1);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the e-mail case and spaces', async () => {
    const user = await createUser(t.app.ctx.db, { email: 'elisa@exemplo.com.br', phone: null });
    const res = await login({ email: ' ELISA@exemplo.com.br ', password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: user.id, name: user.name, email: 'elisa@exemplo.com.br', phone: null, role: 'player', credits: 0 });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().id).toBe(user.id);
  });

  it('reports the role and the balance in reais', async () => {
    const admin = await createUser(t.app.ctx.db, { email: 'chefe@exemplo.com.br', role: 'admin' });
    await addCredits(t.app.ctx.db, admin.id, 2550);
    const res = await login({ email: 'chefe@exemplo.com.br', password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', credits: 25.5 });
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and a Google-only account', async () => {
    await createUser(t.app.ctx.db, { email: 'fabio@exemplo.com.br' });
    await createUser(t.app.ctx.db, { email: 'google@exemplo.com.br', passwordHash: null, googleSub: 'google-sub-1' });
    const wrongPassword = await login({ email: 'fabio@exemplo.com.br', password: 'senha-errada' });
    const unknownEmail = await login({ email: 'ninguem@exemplo.com.br', password: DEFAULT_PASSWORD });
    const googleOnly = await login({ email: 'google@exemplo.com.br', password: DEFAULT_PASSWORD });
    for (const res of [wrongPassword, unknownEmail, googleOnly]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'invalid_credentials', message: 'Credenciais inválidas' });
    }
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(googleOnly.body).toBe(wrongPassword.body);
  });

  it('does not accept the stored hash as the password', async () => {
    const user = await createUser(t.app.ctx.db, { email: 'hash@exemplo.com.br' });
    const res = await login({ email: 'hash@exemplo.com.br', password: user.passwordHash!.slice(0, 128) });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['missing e-mail', { password: 'segredo1' }, 'email', 'E-mail é obrigatório'],
    ['bad e-mail', { email: 'nao-e-email', password: 'segredo1' }, 'email', 'Formato de e-mail inválido'],
    ['missing password', { email: 'a@b.com' }, 'password', messages.passwordRequired],
    ['empty password', { email: 'a@b.com', password: '' }, 'password', messages.passwordRequired],
    ['password too long', { email: 'a@b.com', password: 'x'.repeat(129) }, 'password', messages.passwordTooLong],
    ['unknown field', { email: 'a@b.com', password: 'segredo1', remember: true }, 'remember', 'Campo não permitido: remember'],
    ['wrong type', { email: 'a@b.com', password: 123456 }, 'password', undefined],
  ])('answers 400 for %s', async (_label, payload, field, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields;
    expect(fields).toHaveProperty(field);
    if (message) expect(fields[field]).toBe(message);
  });
});
