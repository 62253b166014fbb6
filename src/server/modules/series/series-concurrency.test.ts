import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { addCredits, createSignedInUser, DAY_MS, referenceIds } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { createTestApp, isPostgres, raced, TEST_NOW, type TestApp } from '../../../../test-support/server/test-app';
import { creditTransactions, games, registrations, seriesMembers } from '../../db/schema';
import { rollSeriesForward } from './roll-series-forward';

/** Member places and money under real parallel HTTP requests, on PostgreSQL (TEST_DATABASE_URL). */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

/** The app listening on a port: requests race over real connections. */
async function listening(): Promise<{
  t: TestApp;
  post: (path: string, headers: { authorization: string }, body: object) => Promise<number>;
}> {
  const t = await createTestApp();
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const post = async (path: string, headers: { authorization: string }, body: object) =>
    (
      await fetch(`http://127.0.0.1:${port}/api${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).status;
  return { t, post };
}

describe.runIf(isPostgres)(raced('players racing for member places'), () => {
  it(
    '20 mensalistas and 10 drop-ins at once, with the job rolling: never over memberSlots or totalSlots, each place charged once',
    { timeout: 120_000 },
    async () => {
      const { t, post } = await listening();
      const db = () => t.app.ctx.db;
      const ref = await referenceIds(db());
      const organiser = await createSignedInUser(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/series',
        headers: organiser.headers,
        payload: {
          name: 'Racha disputado',
          location: 'Arena',
          firstDateTime: '2026-11-26T19:30',
          occurrences: 10,
          memberSlots: 3,
          totalSlots: 4,
          price: 10,
          sportId: ref.volei,
          stateId: ref.santaCatarina,
          cityId: ref.florianopolis,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const seriesId = created.json().series.id as number;
      const firstGameId = created.json().games[0].id as number;

      const players = [];
      for (let i = 0; i < 30; i += 1) {
        const player = await createSignedInUser(t.app);
        await addCredits(db(), player.user.id, 5000);
        players.push(player);
      }
      // A week later the job publishes week 5 while the requests race (tokens last 7 days: issued at TEST_NOW).
      t.clock.set(new Date(TEST_NOW.getTime() + 7 * DAY_MS - 60_000));
      const [statuses] = await Promise.all([
        Promise.all(
          players.map((player, index) =>
            index < 20
              ? post(`/series/${seriesId}/members`, player.headers, {})
              : post(`/games/${firstGameId}/apply`, player.headers, { paymentType: 'credit' }),
          ),
        ),
        rollSeriesForward(t.app.ctx),
      ]);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.slice(0, 20).filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.slice(0, 20).filter((status) => status === 409)).toHaveLength(17);

      const members = await db()
        .select()
        .from(seriesMembers)
        .where(and(eq(seriesMembers.seriesId, seriesId), isNull(seriesMembers.leftAt)));
      expect(members).toHaveLength(3);
      const seriesGames = await db().select().from(games).where(eq(games.seriesId, seriesId));
      expect(seriesGames).toHaveLength(6);
      for (const game of seriesGames) {
        const live = await db()
          .select()
          .from(registrations)
          .where(and(eq(registrations.gameId, game.id), inArray(registrations.status, ['confirmed', 'pending'])));
        expect(live.length).toBeLessThanOrEqual(4);
        // Every member holds a place in every game but the first, which drop-ins may have filled first.
        if (game.id !== firstGameId) expect(live.map((r) => r.userId).sort()).toEqual(members.map((m) => m.userId).sort());
        const charges = await db()
          .select()
          .from(creditTransactions)
          .where(
            and(
              eq(creditTransactions.type, 'spend_game'),
              inArray(
                creditTransactions.reference,
                live.map((r) => `registration:${r.id}`),
              ),
            ),
          );
        expect(charges).toHaveLength(live.length);
      }
      await expectLedgerBalanced(db());
    },
  );

  it(
    'drop-ins and mensalistas racing for the same weeks: drop-ins never take a member place, never over totalSlots, balances = ledger',
    { timeout: 120_000 },
    async () => {
      const { t, post } = await listening();
      const db = () => t.app.ctx.db;
      const ref = await referenceIds(db());
      const organiser = await createSignedInUser(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/series',
        headers: organiser.headers,
        payload: {
          name: 'Racha cheio',
          location: 'Arena',
          firstDateTime: '2026-11-26T19:30',
          occurrences: 8,
          memberSlots: 3,
          totalSlots: 6,
          price: 10,
          sportId: ref.volei,
          stateId: ref.santaCatarina,
          cityId: ref.florianopolis,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const seriesId = created.json().series.id as number;
      const [week1, week2] = (created.json().games as { id: number }[]).map((game) => game.id);

      const players = [];
      for (let i = 0; i < 18; i += 1) {
        const player = await createSignedInUser(t.app);
        await addCredits(db(), player.user.id, 5000);
        players.push(player);
      }
      // Six want to be mensalistas (three places), twelve drop in on the first two weeks, all at once.
      const statuses = await Promise.all(
        players.map((player, index) =>
          index < 6
            ? post(`/series/${seriesId}/members`, player.headers, {})
            : post(`/games/${index % 2 === 0 ? week1 : week2}/apply`, player.headers, { paymentType: 'credit' }),
        ),
      );
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.slice(0, 6).filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.slice(6).every((status) => status === 200)).toBe(true);

      const members = (
        await db()
          .select()
          .from(seriesMembers)
          .where(and(eq(seriesMembers.seriesId, seriesId), isNull(seriesMembers.leftAt)))
      ).map((m) => m.userId);
      expect(members).toHaveLength(3);
      for (const gameId of [week1!, week2!]) {
        const live = await db()
          .select()
          .from(registrations)
          .where(and(eq(registrations.gameId, gameId), inArray(registrations.status, ['confirmed', 'pending'])));
        expect(live).toHaveLength(6);
        // The three mensalistas hold their places; drop-ins hold the other three and the rest wait in line.
        expect(
          live
            .filter((r) => members.includes(r.userId))
            .map((r) => r.userId)
            .sort(),
        ).toEqual([...members].sort());
        const waiting = await db()
          .select()
          .from(registrations)
          .where(and(eq(registrations.gameId, gameId), eq(registrations.status, 'waitlist')));
        expect(waiting).toHaveLength(3);
        const charges = await db()
          .select()
          .from(creditTransactions)
          .where(
            and(
              eq(creditTransactions.type, 'spend_game'),
              inArray(
                creditTransactions.reference,
                live.map((r) => `registration:${r.id}`),
              ),
            ),
          );
        expect(charges).toHaveLength(6);
      }
      await expectLedgerBalanced(db());
    },
  );
});
