import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCredits, createUser } from '../../../test-support/server/factories';
import { createTestDatabase } from '../../../test-support/server/test-app';
import type { Database } from './open-database';
import { creditTransactions } from './schema';

describe('the credit ledger in the database itself', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('takes new entries but refuses to change, delete or truncate one', async () => {
    const db = database.db;
    const user = await createUser(db);
    await addCredits(db, user.id, 2500);
    const [entry] = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));
    expect(entry?.amountCents).toBe(2500);

    await expect(db.update(creditTransactions).set({ amountCents: 999_999 }).where(eq(creditTransactions.id, entry!.id))).rejects.toThrow();
    await expect(db.delete(creditTransactions).where(eq(creditTransactions.id, entry!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate table credit_transactions cascade`)).rejects.toThrow();

    const [after] = await db.select().from(creditTransactions).where(eq(creditTransactions.id, entry!.id));
    expect(after).toEqual(entry);
  });
});
