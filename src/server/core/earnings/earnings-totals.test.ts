import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createRegistration, createUser, DAY_MS, HOUR_MS } from '../../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { games } from '../../db/schema';
import { earningsByGame } from './earnings-statement';
import { organiserBalance, platformEarnings } from './organiser-balance';

// The sums kept as the earnings ledger is written (decision 073) say what adding up the ledger itself says: each
// game's, each organiser's balance and the administrator's books, through a game whose start moves and which is
// cancelled and brought back, on the ledger's rows written as the app writes them.
const t = setUpTestApp();
const db = () => t.app.ctx.db;
const HOLD_HOURS = 24;
const MONTH_START = new Date('2026-11-01T03:00:00.000Z');

let sources = 0;
/** One registration per game that every share of it names (the ledger asks for one; which does not matter here). */
const registrationOf = new Map<number, number>();

/** A row of the earnings ledger, as `record_sale`, `take_back_earning` and a paid payout write them. */
async function ledger(
  organiserId: number,
  kind: 'sale' | 'refund' | 'refund_reversed' | 'payout',
  gameId: number | null,
  net: number,
  fee: number,
  at: Date,
) {
  sources += 1;
  let registrationId: number | null = null;
  let payoutId: number | null = null;
  if (gameId === null) {
    const [payout] = await rowsOf(sql`insert into payouts (organiser_id, amount_cents, status, key_type, key, holder_name, reference,
        requested_at, decided_at)
      values (${organiserId}, ${-net}, 'paid', 'email', 'olga@exemplo.com.br', 'Olga Organizadora',
        ${`E12345678202611191200${String(sources).padStart(11, '0')}`}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      returning id`);
    payoutId = Number(payout!.id);
  } else {
    if (!registrationOf.has(gameId)) {
      const player = await createUser(db());
      registrationOf.set(gameId, (await createRegistration(db(), { gameId, userId: player.id, status: 'confirmed' })).id);
    }
    registrationId = registrationOf.get(gameId)!;
  }
  await db().execute(sql`insert into organiser_earnings (organiser_id, kind, source, game_id, registration_id, payout_id, gross_cents,
      fee_cents, net_cents, fee_percent, created_at)
    values (${organiserId}, ${kind}, ${`totais:${sources}`}, ${gameId}, ${registrationId}, ${payoutId}, ${net + fee}, ${fee}, ${net},
      10, ${at.toISOString()}::timestamptz)`);
}

type Row = Record<string, unknown>;
const rowsOf = async (query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: Row[] }).rows;

/** Each game's earnings added up from the ledger, as the statement read them before decision 073. */
async function gamesFromTheLedger(organiserId: number) {
  const taken = sql`e.kind = 'refund' and e.created_at >= g.date_time`;
  const rows = await rowsOf(sql`
    select g.id as "gameId",
      (count(*) filter (where e.kind in ('sale', 'refund_reversed')) - count(*) filter (where e.kind = 'refund'))::int as "placesPaid",
      coalesce(sum(e.gross_cents) filter (where e.kind = 'sale'), 0)::float8 as "grossCents",
      coalesce(-sum(e.gross_cents) filter (where e.kind <> 'sale'), 0)::float8 as "refundsCents",
      coalesce(sum(e.fee_cents), 0)::float8 as "feeCents",
      coalesce(sum(e.net_cents), 0)::float8 as "netCents",
      coalesce(-sum(e.net_cents) filter (where ${taken}), 0)::float8 as "takenBackCents",
      (extract(epoch from max(e.created_at) filter (where ${taken})) * 1000)::float8 as "takenBackAt"
    from organiser_earnings e join games g on g.id = e.game_id
    where e.organiser_id = ${organiserId} group by g.id order by g.date_time desc, g.id desc`);
  return rows.map((row) => ({ ...row, takenBackAt: row.takenBackAt === null ? null : new Date(Number(row.takenBackAt)) }));
}

/** The administrator's books added up from the ledger, as the dashboard read them before decision 073. */
async function booksFromTheLedger(now: Date) {
  const [row] = await rowsOf(sql`
    with per_organiser as (
      select e.organiser_id, sum(e.fee_cents) as fees,
        coalesce(sum(e.net_cents) filter (where e.kind <> 'payout' and g.status <> 'cancelled'
          and g.date_time + make_interval(hours => ${HOLD_HOURS}::int) > ${now.toISOString()}::timestamptz), 0) as pending,
        coalesce(sum(e.net_cents) filter (where e.kind <> 'payout' and g.status <> 'cancelled'
          and g.date_time + make_interval(hours => ${HOLD_HOURS}::int) <= ${now.toISOString()}::timestamptz), 0)
          + coalesce(sum(e.net_cents) filter (where e.kind = 'payout'), 0) as settled
      from organiser_earnings e left join games g on g.id = e.game_id group by e.organiser_id)
    select coalesce(sum(fees), 0)::float8 as fees, coalesce(sum(pending), 0)::float8 as pending,
      coalesce(sum(greatest(settled, 0)), 0)::float8 as available, coalesce(sum(greatest(-settled, 0)), 0)::float8 as owed_by
    from per_organiser`);
  return row!;
}

async function expectTheLedgerSaysSo(organiserIds: number[], now: Date) {
  for (const organiserId of organiserIds) {
    const kept = await earningsByGame(db(), organiserId, now, HOLD_HOURS);
    expect(
      kept.map(({ gameId, placesPaid, grossCents, refundsCents, feeCents, netCents, takenBackCents, takenBackAt }) => ({
        gameId,
        placesPaid,
        grossCents,
        refundsCents,
        feeCents,
        netCents,
        takenBackCents,
        takenBackAt,
      })),
    ).toEqual(await gamesFromTheLedger(organiserId));
  }
  const books = await platformEarnings(db(), now, HOLD_HOURS, MONTH_START);
  const fromLedger = await booksFromTheLedger(now);
  expect({
    fees: books.feesCents,
    pending: books.owedPendingCents,
    available: books.owedAvailableCents,
    owed_by: books.owedByOrganisersCents,
  }).toEqual(fromLedger);
}

describe('earnings kept as the ledger is written', () => {
  it('say what the ledger says, through refunds before and after the start, a start moved, payouts, a cancellation and its reversal', async () => {
    const now = TEST_NOW;
    const olga = await createUser(db(), { name: 'Olga Organizadora' });
    const rui = await createUser(db(), { name: 'Rui Organizador' });
    const past = await createGame(db(), { creatorId: olga.id, dateTime: new Date(now.getTime() - 3 * DAY_MS) });
    const recent = await createGame(db(), { creatorId: olga.id, dateTime: new Date(now.getTime() - 2 * HOUR_MS) });
    const ahead = await createGame(db(), { creatorId: rui.id, dateTime: new Date(now.getTime() + 2 * DAY_MS) });

    for (const game of [past, recent]) {
      await ledger(olga.id, 'sale', game.id, 900, 100, new Date(game.dateTime.getTime() - 2 * DAY_MS));
      await ledger(olga.id, 'sale', game.id, 1350, 150, new Date(game.dateTime.getTime() - DAY_MS));
    }
    await ledger(rui.id, 'sale', ahead.id, 900, 100, new Date(now.getTime() - HOUR_MS));
    // A refund before the start, one taken back after it (decision 063), and a refund the administrator reversed.
    await ledger(olga.id, 'refund', past.id, -900, -100, new Date(past.dateTime.getTime() - HOUR_MS));
    await ledger(olga.id, 'refund', past.id, -1350, -150, new Date(past.dateTime.getTime() + 2 * HOUR_MS));
    await ledger(olga.id, 'refund_reversed', past.id, 1350, 150, new Date(past.dateTime.getTime() + 3 * HOUR_MS));
    const beforeRecentStart = new Date(now.getTime() - 150 * 60_000);
    await ledger(olga.id, 'refund', recent.id, -900, -100, beforeRecentStart);
    await ledger(olga.id, 'payout', null, -2000, 0, new Date(now.getTime() - DAY_MS));
    await expectTheLedgerSaysSo([olga.id, rui.id], now);
    expect(await organiserBalance(db(), olga.id, now, HOLD_HOURS)).toMatchObject({
      pendingCents: 1350,
      paidOutCents: 2000,
      settledCents: -650,
    });

    expect((await earningsByGame(db(), olga.id, now, HOLD_HOURS)).find((row) => row.gameId === recent.id)).toMatchObject({
      takenBackCents: 0,
    });
    // The recent game's start moves back before its refund: the refund now came after the start.
    await db()
      .update(games)
      .set({ dateTime: new Date(now.getTime() - 3 * HOUR_MS) })
      .where(eq(games.id, recent.id));
    await expectTheLedgerSaysSo([olga.id, rui.id], now);
    const [moved] = (await earningsByGame(db(), olga.id, now, HOLD_HOURS)).filter((row) => row.gameId === recent.id);
    expect(moved).toMatchObject({ takenBackCents: 900, takenBackAt: beforeRecentStart });

    // Cancelled, the game counts for nobody; brought back, it counts again.
    await db().update(games).set({ status: 'cancelled' }).where(eq(games.id, past.id));
    await expectTheLedgerSaysSo([olga.id, rui.id], now);
    await ledger(olga.id, 'refund', past.id, -1350, -150, now);
    await expectTheLedgerSaysSo([olga.id, rui.id], now);
    expect((await booksFromTheLedger(now)).owed_by).toBeGreaterThan(0);
    await db().update(games).set({ status: 'active' }).where(eq(games.id, past.id));
    await expectTheLedgerSaysSo([olga.id, rui.id], now);

    // A day later the recent game's earnings are no longer pending.
    await expectTheLedgerSaysSo([olga.id, rui.id], new Date(now.getTime() + DAY_MS));
  });

  it('fold the books into one row per organiser without changing them', async () => {
    const organisers = [await createUser(db()), await createUser(db())];
    const game = await createGame(db(), { creatorId: organisers[0]!.id, dateTime: new Date(TEST_NOW.getTime() - 5 * DAY_MS) });
    const other = await createGame(db(), { creatorId: organisers[1]!.id, dateTime: new Date(TEST_NOW.getTime() - 5 * DAY_MS) });
    // Enough rows that the 500th row's insert folds them.
    for (let i = 0; i < 260; i++) {
      await ledger(organisers[0]!.id, 'sale', game.id, 90, 10, new Date(TEST_NOW.getTime() - 6 * DAY_MS));
      await ledger(organisers[1]!.id, 'sale', other.id, 45, 5, new Date(TEST_NOW.getTime() - 6 * DAY_MS));
    }
    const [kept] = await rowsOf(sql`select count(*)::int as rows from organiser_earnings_totals`);
    expect(Number(kept!.rows)).toBeLessThan(520);
    await expectTheLedgerSaysSo(
      organisers.map((organiser) => organiser.id),
      TEST_NOW,
    );
  });
});
