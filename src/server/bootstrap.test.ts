import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test-support/server/factories';
import { setUpTestApp } from '../../test-support/server/test-app';
import { ensureAdmin, resolveJwtSecret } from './bootstrap';
import { appSettings, users } from './db/schema';
import { verifyPassword } from './lib/passwords';
import { createTokenService } from './lib/token-service';

const t = setUpTestApp();

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

describe('ensureAdmin', () => {
  it('does nothing without an admin configured', async () => {
    const before = await t.app.ctx.db.select().from(users);
    await ensureAdmin(t.app.ctx.db, undefined);
    expect(await t.app.ctx.db.select().from(users)).toEqual(before);
  });

  it('creates the admin, keeps it on restart and changes its password when the setting changes', async () => {
    const email = 'admin@borajogar.com.br';
    await ensureAdmin(t.app.ctx.db, { email, password: 'senha-admin-1' });
    const [created] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(created).toMatchObject({ role: 'admin', name: 'Administrador' });
    expect(created!.passwordHash).toMatch(/^\$argon2id\$/);

    const first = await login(email, 'senha-admin-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().user.role).toBe('admin');

    // A restart with the same setting changes nothing: same row, same hash, same session.
    const [signedIn] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(signedIn).toEqual({ ...created, lastActiveAt: signedIn!.lastActiveAt });
    await ensureAdmin(t.app.ctx.db, { email, password: 'senha-admin-1' });
    const [same] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(same).toEqual(signedIn);
    expect((await me(first.json().token)).statusCode).toBe(200);

    // A new password in the environment: the old one and its sessions stop working.
    await ensureAdmin(t.app.ctx.db, { email, password: 'senha-admin-2' });
    const all = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(all).toHaveLength(1);
    expect(all[0]!.id).toBe(created!.id);
    expect((await me(first.json().token)).statusCode).toBe(401);
    expect((await login(email, 'senha-admin-1')).statusCode).toBe(401);
    const second = await login(email, 'senha-admin-2');
    expect(second.statusCode).toBe(200);
    expect((await me(second.json().token)).statusCode).toBe(200);
  });

  it('promotes an existing player with the admin e-mail and sets the configured password', async () => {
    const player = await createUser(t.app.ctx.db, { email: 'dono@borajogar.com.br' });
    await ensureAdmin(t.app.ctx.db, { email: 'dono@borajogar.com.br', password: 'senha-do-dono' });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, player.id));
    expect(row!.role).toBe('admin');
    expect(await verifyPassword(row!.passwordHash, 'senha-do-dono')).toBe(true);
  });
});

describe('resolveJwtSecret', () => {
  it('generates one secret, keeps it in the database and returns it every time', async () => {
    const first = await resolveJwtSecret(t.app.ctx.db, undefined);
    const second = await resolveJwtSecret(t.app.ctx.db, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const rows = await t.app.ctx.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
    expect(rows).toHaveLength(1);
    expect(new TextEncoder().encode(rows[0]!.value)).toEqual(first);
  });

  it('is shared by apps on the same database, so their tokens work on each other', async () => {
    const user = await createUser(t.app.ctx.db);
    const token = await t.app.ctx.tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
    const sibling = createTokenService({ secret: await resolveJwtSecret(t.app.ctx.db, undefined), clock: t.clock });
    expect(await sibling.verify(token)).toEqual({ userId: user.id, tokenVersion: user.tokenVersion });
  });

  it('uses the configured secret when there is one', async () => {
    const configured = 'um-segredo-configurado-com-mais-de-32-caracteres';
    const secret = await resolveJwtSecret(t.app.ctx.db, configured);
    expect(new TextDecoder().decode(secret)).toBe(configured);
  });
});
