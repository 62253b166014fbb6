import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/open-database';
import { creditTransactions, users } from '../../src/server/db/schema';

/** The ledger invariant: every user's balance equals the sum of their credit transactions. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const rows = await db
    .select({
      userId: users.id,
      balanceCents: users.balanceCents,
      ledgerCents: sql<number>`coalesce(sum(${creditTransactions.amountCents}), 0)::int`,
    })
    .from(users)
    .leftJoin(creditTransactions, eq(creditTransactions.userId, users.id))
    .groupBy(users.id);
  expect(rows.filter((row) => row.balanceCents !== row.ledgerCents)).toEqual([]);
  expect(rows.every((row) => row.balanceCents >= 0)).toBe(true);
}
