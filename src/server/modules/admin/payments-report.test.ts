import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardPaidRegistration } from '../../../../test-support/server/admin';
import { createGame, createUser } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { payments } from '../../db/schema';
import { exportPaymentsReport } from './export-payments-report';

const t = setUpTestApp();
const db = () => t.app.ctx.db;

/** The whole file the report writes. */
async function reportText(...args: Parameters<typeof exportPaymentsReport>): Promise<string> {
  let text = '';
  for await (const chunk of (await exportPaymentsReport(...args)).body) text += chunk;
  return text;
}

describe('the payments report, read in batches', () => {
  it("reads a period a batch at a time after the last row's exact key: rows in the same microsecond or a microsecond apart are each written once", async () => {
    const game = await createGame(db(), { name: 'Vôlei em lotes' });
    for (const [i, paidAt] of ['2026-10-20T12:00:00.000Z', '2026-10-20T12:00:00.000Z', '2026-10-20T13:00:00.000Z'].entries()) {
      const payer = await createUser(db());
      const paid = await cardPaidRegistration(t.app, { gameId: game.id, userId: payer.id, amountCents: 1000 + i, method: 'card' });
      await db()
        .update(payments)
        .set({ paidAt: new Date(paidAt) })
        .where(eq(payments.registrationId, paid.id));
      // The first one paid 7 µs later than the second, which has the higher id.
      if (i === 0)
        await db().execute(sql`update payments set paid_at = paid_at + interval '7 microseconds' where registration_id = ${paid.id}`);
    }
    // Eleven credit movements, three to a microsecond.
    const holder = await createUser(db());
    await db().execute(sql`insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_at)
      select ${holder.id}, 100 + i, 'add_manual', 'Lote ' || i, 'admin', 'lote:' || i,
        timestamptz '2026-10-20 12:00:00+00' + (i / 3) * interval '1 microsecond'
      from generate_series(0, 10) i`);

    const query = { from: '2026-10-20', to: '2026-10-20' };
    const whole = await reportText(t.app.ctx, query);
    expect(whole.match(/;lote:\d+;/g)).toHaveLength(11);
    expect(whole.match(/;Cartão;Pago;10,0\d;/g)).toHaveLength(3);
    for (const batch of [1, 2, 3]) expect(await reportText(t.app.ctx, query, batch), `batch ${batch}`).toBe(whole);

    // Written as it is read: the header, then a piece for every two of the 14 rows, then the last rows with the totals.
    const pieces: string[] = [];
    for await (const piece of (await exportPaymentsReport(t.app.ctx, query, 2)).body) pieces.push(piece);
    expect(pieces).toHaveLength(1 + 7 + 1);
    expect(pieces.slice(1, -1).every((piece) => piece.split('\r\n').length === 3)).toBe(true);
    expect(pieces.join('')).toBe(whole);
  });

  it('reads the first batches before it answers: a database that cannot answer is an error, not a file cut short', async () => {
    const failure = new Error('connection terminated');
    const db = new Proxy(t.app.ctx.db, {
      get: (target, property, receiver) =>
        property === 'select'
          ? () => {
              throw failure;
            }
          : Reflect.get(target, property, receiver),
    });
    await expect(exportPaymentsReport({ ...t.app.ctx, db }, { from: '2026-10-20', to: '2026-10-20' })).rejects.toBe(failure);
  });
});
