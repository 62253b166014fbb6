import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { liveEmailIs } from './core/users/live-email';
import type { Db } from './db/open-database';
import { appSettings, users } from './db/schema';
import type { Config } from './lib/config';
import { hashPassword, verifyPassword } from './lib/passwords';

const JWT_SECRET_KEY = 'jwt_secret';

/** The configured secret, or one generated once and kept in the database so every instance shares it. */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSettings)
    .values({ key: JWT_SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, JWT_SECRET_KEY));
  return new TextEncoder().encode(row!.value);
}

/** Makes sure the configured administrator exists with exactly this password. */
export async function ensureAdmin(db: Db, admin: Config['admin']): Promise<void> {
  if (!admin) return;
  const [existing] = await db.select().from(users).where(liveEmailIs(admin.email));
  if (existing && existing.role === 'admin' && (await verifyPassword(existing.passwordHash, admin.password))) return;
  const passwordHash = await hashPassword(admin.password);
  if (existing) {
    // A changed password ends the sessions opened with the old one.
    await db
      .update(users)
      .set({ passwordHash, role: 'admin', tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, existing.id));
    return;
  }
  await db.insert(users).values({ name: 'Administrador', email: admin.email, passwordHash, role: 'admin' });
}
