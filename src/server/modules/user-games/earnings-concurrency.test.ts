import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createUser, DAY_MS, HOUR_MS } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced, TEST_NOW } from '../../../../test-support/server/test-app';
import { organiserEarnings, payouts, users } from '../../db/schema';

/**
 * Organisers' earnings under real parallel HTTP requests (decision 045): applies, player cancellations (each
 * promoting the next in line), organiser cancels and an administrator's removals at once, on prices whose 7% fee
 * leaves half centavos. Afterwards, for every organiser, to the centavo: what players paid for their games minus what
 * came back equals their earnings plus the platform's fees, and every place still paid has its share, once.
 */
const t = setUpRacingApp({ env: { PLATFORM_FEE_PERCENT: '7', PAYOUT_HOLD_HOURS: '0', PAYOUT_MINIMUM: '1' } });
const db = () => t.app.ctx.db;
const ROUNDS = 2;
const PRICES = [1250, 1999];

type Outcome = { organiserId: number; paidLessRefunded: number; earned: number; fees: number };

/** Per organiser: the credits players spent on their games less the credits refunded for them, and the ledger's sums. */
async function books(organiserIds: number[]): Promise<Outcome[]> {
  const result = (await db().execute(sql`
    select o.id as "organiserId",
      coalesce((select sum(-t.amount_cents) from credit_transactions t
        join registrations r on t.reference = 'registration:' || r.id
        join games g on g.id = r.game_id
        where g.creator_id = o.id and t.type in ('spend_game', 'refund')), 0)::int as "paidLessRefunded",
      coalesce((select sum(e.net_cents) from organiser_earnings e where e.organiser_id = o.id and e.kind <> 'payout'), 0)::int as "earned",
      coalesce((select sum(e.fee_cents) from organiser_earnings e where e.organiser_id = o.id), 0)::int as "fees"
    from users o where o.id in ${organiserIds}
    order by o.id
  `)) as unknown as { rows: Outcome[] };
  return result.rows;
}

/** Every registration that still holds a paid place has its sale and no refund; every refunded one has both. */
async function sharesMatchPlaces(gameIds: number[]) {
  const result = (await db().execute(sql`
    select r.id, r.status, r.paid_cents,
      (select count(*) from organiser_earnings e where e.source = 'registration:' || r.id)::int as sales,
      (select count(*) from organiser_earnings e where e.source = 'refund:registration:' || r.id)::int as refunds,
      (select count(*) from credit_transactions c where c.type = 'refund' and c.reference = 'registration:' || r.id)::int as credited
    from registrations r where r.game_id in ${gameIds} and r.paid_cents > 0
  `)) as unknown as { rows: { id: number; status: string; sales: number; refunds: number; credited: number }[] };
  const wrong = result.rows.filter((row) =>
    row.status === 'confirmed' ? row.sales !== 1 || row.refunds !== 0 : row.sales !== 1 || row.refunds !== row.credited,
  );
  expect(wrong).toEqual([]);
  return result.rows;
}

describe.runIf(isPostgres)(raced('organisers’ earnings under parallel requests'), () => {
  it(
    'applies, cancellations, promotions, removals and organiser cancels at once: paid − refunded = earnings + fees for every organiser',
    { timeout: 240_000 },
    async () => {
      const admin = await createUser(db(), { role: 'admin' });
      const adminAuth = `Bearer ${await t.app.ctx.tokens.issue({ userId: admin.id, tokenVersion: 0 })}`;
      for (let round = 0; round < ROUNDS; round += 1) {
        t.clock.set(TEST_NOW);
        const organisers = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
        const games = [];
        for (const [index, organiser] of organisers.entries()) {
          for (const price of PRICES) {
            games.push(
              await createGame(db(), {
                creatorId: organiser.user.id,
                priceCents: price + index,
                totalSlots: 4,
                dateTime: new Date(TEST_NOW.getTime() + 3 * DAY_MS),
              }),
            );
          }
        }
        // Seven players per game: four places, three in line, all able to pay.
        const players = new Map<number, Awaited<ReturnType<typeof t.signedIn>>[]>();
        for (const game of games) {
          const list = [];
          for (let i = 0; i < 7; i += 1) list.push(await t.signedIn(5000));
          players.set(game.id, list);
        }
        const applies = await Promise.all(
          games.flatMap((game) =>
            players.get(game.id)!.map((p) => t.post(`/api/games/${game.id}/apply`, p.authorization, { paymentType: 'credit' })),
          ),
        );
        expect(applies.filter((reply) => reply.status !== 200)).toEqual([]);

        // At once: two players of each game give up (in time: refunded, the line promoted), one is removed by the
        // administrator, a late applicant joins, and the first organiser cancels one of their games.
        const cancelled = games[0]!;
        const actions = games.flatMap((game) => {
          const list = players.get(game.id)!;
          return [
            t.post(`/api/games/${game.id}/cancel`, list[0]!.authorization),
            t.post(`/api/games/${game.id}/cancel`, list[1]!.authorization),
            t.send('DELETE', `/api/admin/games/${game.id}/users/${list[2]!.user.id}`, adminAuth),
            t.signedIn(5000).then((late) => t.post(`/api/games/${game.id}/apply`, late.authorization, { paymentType: 'credit' })),
          ];
        });
        actions.push(t.post(`/api/user-games/${cancelled.id}/cancel`, organisers[0]!.authorization, { reason: 'Chuva forte' }));
        const replies = await Promise.all(actions);
        expect(replies.filter((reply) => reply.status >= 500)).toEqual([]);

        const organiserIds = organisers.map((o) => o.user.id);
        const outcomes = await books(organiserIds);
        for (const outcome of outcomes)
          expect(outcome.paidLessRefunded, `organiser ${outcome.organiserId}`).toBe(outcome.earned + outcome.fees);
        expect(outcomes.every((outcome) => outcome.earned > 0)).toBe(true);
        const rows = await sharesMatchPlaces(games.map((game) => game.id));
        expect(rows.filter((row) => row.status === 'confirmed').length).toBeGreaterThan(0);
        // The cancelled game kept nothing, fee included.
        const [left] = await db()
          .select({
            net: sql<number>`coalesce(sum(${organiserEarnings.netCents}), 0)::int`,
            fee: sql<number>`coalesce(sum(${organiserEarnings.feeCents}), 0)::int`,
          })
          .from(organiserEarnings)
          .where(eq(organiserEarnings.gameId, cancelled.id));
        expect(left).toEqual({ net: 0, fee: 0 });
      }
      await expectLedgerBalanced(db());
    },
  );

  it('two payout requests at once make one payout, and paying it twice at once records it once', { timeout: 120_000 }, async () => {
    t.clock.set(TEST_NOW);
    const organiser = await t.signedIn();
    await db()
      .update(users)
      .set({ payoutKeyType: 'email', payoutKey: 'olga@exemplo.com.br', payoutHolderName: 'Olga' })
      .where(eq(users.id, organiser.user.id));
    const game = await createGame(db(), {
      creatorId: organiser.user.id,
      priceCents: 2000,
      dateTime: new Date(TEST_NOW.getTime() + HOUR_MS),
    });
    for (let i = 0; i < 3; i += 1) {
      const player = await t.signedIn(2000);
      expect((await t.post(`/api/games/${game.id}/apply`, player.authorization, { paymentType: 'credit' })).status).toBe(200);
    }
    t.clock.set(new Date(game.dateTime.getTime() + 1000));

    const asks = await Promise.all(Array.from({ length: 8 }, () => t.post('/api/user-games/payouts', organiser.authorization)));
    expect(asks.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await db().select().from(payouts).where(eq(payouts.organiserId, organiser.user.id));
    // 3 × (R$ 20,00 less 7%, R$ 1,40) = R$ 55,80.
    expect(rows.map((row) => row.amountCents)).toEqual([5580]);

    const admin = await createUser(db(), { role: 'admin' });
    const adminAuth = `Bearer ${await t.app.ctx.tokens.issue({ userId: admin.id, tokenVersion: 0 })}`;
    const reference = 'E0000000020261127120000000000042';
    const pays = await Promise.all(
      Array.from({ length: 6 }, () => t.post(`/api/admin/payouts/${rows[0]!.id}/paid`, adminAuth, { reference })),
    );
    expect(pays.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const ledger = await db()
      .select()
      .from(organiserEarnings)
      .where(inArray(organiserEarnings.payoutId, [rows[0]!.id]));
    expect(ledger.map((row) => row.netCents)).toEqual([-5580]);

    // Two other payouts recorded with one transfer id at once: one is paid, the other is a 409 naming the id as used.
    const others = [];
    for (let i = 0; i < 2; i += 1) {
      const other = await t.signedIn();
      await db()
        .update(users)
        .set({ payoutKeyType: 'email', payoutKey: `outra${i}@exemplo.com.br`, payoutHolderName: 'Outra' })
        .where(eq(users.id, other.user.id));
      t.clock.set(TEST_NOW);
      const otherGame = await createGame(db(), {
        creatorId: other.user.id,
        priceCents: 2000,
        dateTime: new Date(TEST_NOW.getTime() + HOUR_MS),
      });
      const player = await t.signedIn(2000);
      expect((await t.post(`/api/games/${otherGame.id}/apply`, player.authorization, { paymentType: 'credit' })).status).toBe(200);
      t.clock.set(new Date(otherGame.dateTime.getTime() + 1000));
      others.push((await t.post('/api/user-games/payouts', other.authorization)).body.payout as { id: number });
    }
    const shared = 'E0000000020261127120000000000043';
    const both = await Promise.all(
      others.map((payout) => t.post(`/api/admin/payouts/${payout.id}/paid`, adminAuth, { reference: shared })),
    );
    expect(both.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(both.find((reply) => reply.status === 409)!.body.code).toBe('payout_reference_used');
  });
});
