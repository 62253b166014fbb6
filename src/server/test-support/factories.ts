import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open-database';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';

export const DEFAULT_PASSWORD = 'senha-forte-123';
// Hashing is deliberately slow; factories share one hash of the default password.
const defaultHash = hashPassword(DEFAULT_PASSWORD);

type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

export async function createUser(db: Db, overrides: UserOverrides = {}) {
  const { password, ...values } = overrides;
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      name: `Jogador ${suffix}`,
      email: `jogador-${suffix}@exemplo.com.br`,
      phone: '48991234567',
      passwordHash: password ? await hashPassword(password) : await defaultHash,
      ...values,
    })
    .returning();
  return user!;
}

/** A user and a valid bearer token for them. */
export async function createSignedInUser(app: FastifyInstance, overrides: UserOverrides = {}) {
  const user = await createUser(app.ctx.db, overrides);
  const token = await app.ctx.tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
