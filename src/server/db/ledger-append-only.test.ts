import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCredits, createUser } from '../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../test-support/server/ledger';
import { createTestDatabase } from '../../../test-support/server/test-app';
import type { Database } from './open-database';
import { creditTransactions, users } from './schema';

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

  it('keeps every balance from the ledger: a new entry moves it, and no other write of it gets through', async () => {
    const db = database.db;
    const user = await createUser(db);
    const balance = async () => (await db.select({ cents: users.balanceCents }).from(users).where(eq(users.id, user.id)))[0]!.cents;
    const entry = (amountCents: number, reference: string) =>
      db
        .insert(creditTransactions)
        .values({ userId: user.id, amountCents, type: 'add_manual', description: 'Teste', source: 'admin', reference });

    await entry(1500, 'test:ledger:1');
    await entry(-500, 'test:ledger:2');
    expect(await balance()).toBe(1000);
    // A movement posted again is skipped by the unique (type, reference) and moves nothing.
    await db
      .insert(creditTransactions)
      .values({ userId: user.id, amountCents: 1500, type: 'add_manual', description: 'Teste', source: 'admin', reference: 'test:ledger:1' })
      .onConflictDoNothing();
    expect(await balance()).toBe(1000);
    // No balance below zero: the entry that would cause one is refused with it.
    await expect(entry(-1001, 'test:ledger:3')).rejects.toThrow();
    expect(await db.select().from(creditTransactions).where(eq(creditTransactions.reference, 'test:ledger:3'))).toEqual([]);

    // Writing the balance itself is refused, in SQL or through Drizzle, and so is an account that starts with one.
    const refused = { cause: { message: expect.stringMatching(/o saldo só muda por um lançamento no extrato/) } };
    await expect(db.execute(sql`update users set balance_cents = balance_cents + 100 where id = ${user.id}`)).rejects.toMatchObject(
      refused,
    );
    await expect(db.update(users).set({ balanceCents: 0 }).where(eq(users.id, user.id))).rejects.toMatchObject(refused);
    await expect(
      db.execute(sql`insert into users (name, email, balance_cents) values ('Rica', 'rica@exemplo.com.br', 5000)`),
    ).rejects.toMatchObject(refused);
    // Writes that leave the balance as it is pass.
    await db.update(users).set({ name: 'Renomeado', balanceCents: 1000 }).where(eq(users.id, user.id));
    expect(await balance()).toBe(1000);
    await expectLedgerBalanced(db);
  });
});
