import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCredits, createGame, createRegistration, createSignedInUser, createUser } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { dashboardTotals, games, registrations } from '../../db/schema';

const t = setUpTestApp();
const db = () => t.app.ctx.db;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  admin = await createSignedInUser(t.app, { role: 'admin' });
});

/**
 * The dashboard's three running totals computed from all history, as before migration 0017: revenue counts the places
 * paid through the platform (credits, card, PIX) since migration 0023, not those paid to the organiser outside.
 */
async function fromAllHistory() {
  const [row] = (
    (await db().execute(sql`select
      (select count(*) from users)::int as users,
      (select count(*) from games where status <> 'cancelled')::int as games,
      (select coalesce(sum(g.price_cents), 0) from registrations r join games g on g.id = r.game_id
        where r.status = 'confirmed' and r.payment_type in ('credit', 'stripe', 'mercadopago')
          and g.status <> 'cancelled')::float8 as revenue_cents`)) as unknown as {
      rows: Array<{ users: number; games: number; revenue_cents: number }>;
    }
  ).rows;
  return { totalUsers: row!.users, totalGames: row!.games, revenueCents: Number(row!.revenue_cents) };
}

async function dashboard() {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return {
    totalUsers: body.totalUsers as number,
    totalGames: body.totalGames as number,
    revenueCents: Math.round(body.totalRevenue * 100),
  };
}

/** The dashboard answers what adding up all history gives. */
async function expectSameAsAllHistory() {
  const kept = await dashboard();
  expect(kept).toEqual(await fromAllHistory());
}

describe('the dashboard totals kept by the database (migration 0017)', () => {
  it('give the same figures as adding up all history, through registrations, price changes, cancels in either order and applies', async () => {
    await expectSameAsAllHistory();
    const organiser = await createUser(db());
    const players = await Promise.all(Array.from({ length: 6 }, () => createUser(db())));
    const game = await createGame(db(), { creatorId: organiser.id, priceCents: 2500, totalSlots: 10 });
    const other = await createGame(db(), { creatorId: organiser.id, priceCents: 1200, totalSlots: 10 });
    await createGame(db(), { creatorId: organiser.id, priceCents: 900, status: 'cancelled' });
    // Half of the places paid by card, half to the organiser outside the platform.
    for (const [i, player] of players.entries()) {
      const paymentType = i % 2 === 0 ? 'stripe' : 'external';
      await createRegistration(db(), { gameId: game.id, userId: player.id, status: i < 4 ? 'confirmed' : 'pending', paymentType });
      await createRegistration(db(), { gameId: other.id, userId: player.id, status: i < 3 ? 'confirmed' : 'waitlist', paymentType });
    }
    await expectSameAsAllHistory();
    expect((await dashboard()).revenueCents).toBe(2 * 2500 + 2 * 1200);

    // A pending place confirmed, a confirmed one given up.
    await db().update(registrations).set({ status: 'confirmed' }).where(eq(registrations.userId, players[4]!.id));
    // A place the organiser marked as paid outside, then settled through the platform after all.
    await db().update(registrations).set({ paymentType: 'mercadopago' }).where(eq(registrations.userId, players[1]!.id));
    await db()
      .update(registrations)
      .set({ status: 'cancelled', cancelledFrom: 'confirmed' })
      .where(eq(registrations.userId, players[0]!.id));
    await expectSameAsAllHistory();

    // A new price counts for every confirmed player; a cancelled game's players stop counting, whichever is written first.
    await db().update(games).set({ priceCents: 3000 }).where(eq(games.id, game.id));
    await expectSameAsAllHistory();
    await db().update(games).set({ status: 'cancelled' }).where(eq(games.id, game.id));
    await db().update(registrations).set({ status: 'cancelled', cancelledFrom: 'confirmed' }).where(eq(registrations.gameId, game.id));
    await expectSameAsAllHistory();
    await db().update(registrations).set({ status: 'cancelled', cancelledFrom: 'confirmed' }).where(eq(registrations.gameId, other.id));
    await db().update(games).set({ status: 'cancelled' }).where(eq(games.id, other.id));
    await expectSameAsAllHistory();

    // The one-statement apply (fast_apply) and the price of a cancelled game changed afterwards.
    const applicant = await createSignedInUser(t.app);
    await addCredits(db(), applicant.user.id, 5000);
    const open = await createGame(db(), { creatorId: organiser.id, priceCents: 1500 });
    const apply = await t.app.inject({
      method: 'POST',
      url: `/api/games/${open.id}/apply`,
      headers: applicant.headers,
      payload: { paymentType: 'credit' },
    });
    expect(apply.statusCode).toBe(200);
    await db().update(games).set({ priceCents: 100 }).where(eq(games.id, other.id));
    await expectSameAsAllHistory();
  });

  it('fold their rows so a view reads a few hundred of them, keeping the figures', async () => {
    const organiser = await createUser(db());
    const ten = await Promise.all(
      Array.from({ length: 10 }, () => createGame(db(), { creatorId: organiser.id, priceCents: 700, totalSlots: 40 })),
    );
    // Each new account and each confirmed place writes a row of differences: 700 of them pass a fold.
    for (let i = 0; i < 350; i++) {
      const player = await createUser(db());
      await createRegistration(db(), { gameId: ten[i % 10]!.id, userId: player.id, status: 'confirmed', paymentType: 'stripe' });
    }
    const [kept] = await db()
      .select({ rows: sql<number>`count(*)::int` })
      .from(dashboardTotals);
    expect(kept!.rows).toBeLessThan(500);
    await expectSameAsAllHistory();
  });
});
