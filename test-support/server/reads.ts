import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/open-database';
import { registrations, users } from '../../src/server/db/schema';

/** A user's balance in centavos, as the database holds it now. */
export async function balanceOf(db: Db, userId: number): Promise<number> {
  return (await db.select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b;
}

/** The newest registration of a user in a game (a player who left and came back has several), or undefined. */
export async function latestRegistration(db: Db, gameId: number, userId: number) {
  return (
    await db
      .select()
      .from(registrations)
      .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, userId)))
      .orderBy(desc(registrations.id))
      .limit(1)
  )[0];
}
