import { and, desc, eq, sql } from 'drizzle-orm';
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

/** Row count and a checksum of every row of every application table: equal digests, nothing written. */
export async function tableDigest(database: Db): Promise<Record<string, string>> {
  const tables = (await database.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as { rows: { table_name: string }[] };
  const result: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    const { rows } = (await database.execute(
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${table}" t`),
    )) as { rows: { n: number; h: string }[] };
    result[table] = `${rows[0]!.n}:${rows[0]!.h}`;
  }
  return result;
}
