import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../open-database';
import { users } from '../schema';

/** The demo accounts the README lists. */
export const demoAccounts = [
  { name: 'Admin Bora Jogar', email: 'admin@borajogar.com.br', password: 'admin123', role: 'admin', phone: '48999990000' },
  { name: 'Joana Jogadora', email: 'jogador@borajogar.com.br', password: 'jogador123', role: 'player', phone: '48991234567' },
  { name: 'Otávio Organizador', email: 'organizador@borajogar.com.br', password: 'organizador123', role: 'player', phone: '47988887777' },
] as const;

/** Fills an empty database with demo data; does nothing once anyone has an account. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  for (const account of demoAccounts) {
    await db
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        phone: account.phone,
        role: account.role,
        passwordHash: await hashPassword(account.password),
      })
      .onConflictDoNothing();
  }
  return true;
}
