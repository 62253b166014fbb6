import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCredits, createGame, createRegistration, createUser } from '../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../test-support/server/test-app';
import { recordRefund, recordRefundReversed, recordSale } from './earnings/record-earnings';

// The database's own rules of the two ledgers (definitions/refuse_ledger_change.sql, take_back_earning.sql), as
// today's migrator leaves them.
const t = setUpTestApp();
const db = () => t.app.ctx.db;
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;

type Earning = { kind: string; source: string; gross: number; fee: number; net: number };
const earningsOf = (registrationId: number) =>
  rowsOf<Earning>(sql`select kind, source, gross_cents as gross, fee_cents as fee, net_cents as net from organiser_earnings
    where registration_id = ${registrationId} order by id`);

let paid: number;
let free: number;
beforeAll(async () => {
  const player = await createUser(db());
  await addCredits(db(), player.id, 5000);
  const game = await createGame(db());
  paid = (
    await createRegistration(db(), { gameId: game.id, userId: player.id, status: 'confirmed', paymentType: 'credit', paidCents: 1000 })
  ).id;
  free = (await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed' })).id;
  await db().transaction(async (tx) => {
    await recordSale(tx, paid, 10, TEST_NOW);
    await recordSale(tx, free, 10, TEST_NOW);
  });
});

describe('the earnings taken back', () => {
  it('a refund takes back the sale, a rejected refund takes back the refund: each once, the amounts negated', async () => {
    const sale = { kind: 'sale', source: `registration:${paid}`, gross: 1000, fee: 100, net: 900 };
    const refund = { kind: 'refund', source: `refund:registration:${paid}`, gross: -1000, fee: -100, net: -900 };
    const reversed = { kind: 'refund_reversed', source: `refund-rejected:registration:${paid}`, gross: 1000, fee: 100, net: 900 };
    await db().transaction(async (tx) => {
      await recordRefund(tx, paid, TEST_NOW);
      await recordRefund(tx, paid, TEST_NOW);
    });
    expect(await earningsOf(paid)).toEqual([sale, refund]);
    await db().transaction(async (tx) => {
      await recordRefundReversed(tx, paid, TEST_NOW);
      await recordRefundReversed(tx, paid, TEST_NOW);
    });
    expect(await earningsOf(paid)).toEqual([sale, refund, reversed]);
  });

  it('a place that earned nothing has nothing taken back, and a refund never asked for is never reversed', async () => {
    await db().transaction(async (tx) => {
      await recordRefundReversed(tx, free, TEST_NOW);
      await recordRefund(tx, free, TEST_NOW);
      await recordRefundReversed(tx, free, TEST_NOW);
    });
    expect(await earningsOf(free)).toEqual([]);
  });
});

describe('the ledgers are append-only', () => {
  it.each([
    ['credit_transactions', 'créditos'],
    ['organiser_earnings', 'recebimentos'],
  ])('%s refuses UPDATE, DELETE and TRUNCATE, naming its ledger, and keeps its rows', async (table, ledger) => {
    const count = async () => (await rowsOf<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const refused: [statement: string, operation: string][] = [
      [`update ${table} set created_at = created_at`, 'UPDATE'],
      [`delete from ${table}`, 'DELETE'],
      [`truncate ${table} cascade`, 'TRUNCATE'],
    ];
    for (const [statement, operation] of refused) {
      await expect(db().execute(sql.raw(statement)), statement).rejects.toMatchObject({
        cause: { message: `o extrato de ${ledger} só aceita novos lançamentos (${operation} recusado)` },
      });
    }
    expect(await count()).toBe(before);
  });
});
