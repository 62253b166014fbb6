import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { referenceIds } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced } from '../../../../test-support/server/test-app';
import { loadPlaces } from '../../core/games/places';
import { creditTransactions, games, registrations, seriesMembers, users } from '../../db/schema';

/**
 * Players waiting in a series week's line who become mensalistas at the same time (issue 39), under real parallel HTTP
 * requests on PostgreSQL: each join takes a free member place of the week with the player's entry in line, in its own
 * transaction, while drop-ins leave the week and promote the line.
 */
const t = setUpRacingApp();
const db = () => t.app.ctx.db;
const activeMembers = async (seriesId: number) =>
  (
    await db()
      .select({ userId: seriesMembers.userId })
      .from(seriesMembers)
      .where(and(eq(seriesMembers.seriesId, seriesId), isNull(seriesMembers.leftAt)))
  ).map((member) => member.userId);

describe.runIf(isPostgres)(raced('players in a week’s line joining the series at once'), () => {
  it(
    'more of them than member places: no week over its places, no place charged twice, no member left in line beside a free place, balances = ledger',
    { timeout: 180_000 },
    async () => {
      const ref = await referenceIds(db());
      const organiser = await t.signedIn();
      const series = {
        name: 'Racha da fila',
        location: 'Arena',
        firstDateTime: '2026-11-26T19:30',
        occurrences: 5,
        memberSlots: 2,
        totalSlots: 6,
        price: 10,
        sportId: ref.volei,
        stateId: ref.santaCatarina,
        cityId: ref.florianopolis,
      };
      const created = await t.post('/api/series', organiser.authorization, series);
      expect(created.status).toBe(201);
      const seriesId = (created.body.series as { id: number }).id;
      const gameIds = (created.body.games as { id: number }[]).map((game) => game.id);
      const week = gameIds[0]!;

      // Week 1: four drop-ins fill the drop-in places (6 − 2 kept) and eight more wait in line.
      const dropIns = [];
      for (let i = 0; i < 4; i += 1) {
        const dropIn = await t.signedIn(10_000);
        expect((await t.post(`/api/games/${week}/apply`, dropIn.authorization, { paymentType: 'credit' })).body.registrationType).toBe(
          'confirmed',
        );
        dropIns.push(dropIn);
      }
      const waiting = [];
      for (let i = 0; i < 8; i += 1) {
        // Half can pay from credits, half cannot (their place is held until 48 h before).
        const player = await t.signedIn(i % 2 === 0 ? 10_000 : 0);
        expect((await t.post(`/api/games/${week}/apply`, player.authorization, { paymentType: 'credit' })).body.registrationType).toBe(
          'waitlist',
        );
        waiting.push(player);
      }
      // The organiser now keeps four member places: the week has two free for mensalistas, the series two more members.
      const edited = await t.send('PUT', `/api/series/${seriesId}`, organiser.authorization, { ...series, memberSlots: 4 });
      expect(edited.status).toBe(200);
      expect((await loadPlaces(db(), week, t.clock.now())).forMembers).toBe(2);
      const before = new Map(
        (
          await db()
            .select({ id: users.id, cents: users.balanceCents })
            .from(users)
            .where(
              inArray(
                users.id,
                waiting.map((player) => player.user.id),
              ),
            )
        ).map((row) => [row.id, row.cents]),
      );

      // Everyone in line asks to become a mensalista at once: four may, and two of those find a place in this week.
      const joins = await Promise.all(waiting.map((player) => t.post(`/api/series/${seriesId}/members`, player.authorization, {})));
      expect(joins.filter((reply) => reply.status >= 500)).toEqual([]);
      expect(joins.filter((reply) => reply.status === 200)).toHaveLength(4);
      expect(joins.filter((reply) => reply.status === 409).map((reply) => reply.body.code)).toEqual(Array(4).fill('member_places_full'));
      const outcomes = joins
        .filter((reply) => reply.status === 200)
        .map((reply) => (reply.body.games as { gameId: number; outcome: string }[]).find((game) => game.gameId === week)!.outcome);
      expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(2);
      expect(outcomes.filter((outcome) => outcome === 'confirmed' || outcome === 'pending')).toHaveLength(2);
      const inWeek = await db()
        .select({ userId: registrations.userId, status: registrations.status })
        .from(registrations)
        .where(and(eq(registrations.gameId, week), ne(registrations.status, 'cancelled')));
      const joined = await activeMembers(seriesId);
      const membersIn = (statuses: string[]) => inWeek.filter((r) => joined.includes(r.userId) && statuses.includes(r.status));
      expect(membersIn(['confirmed', 'pending'])).toHaveLength(2);
      expect(membersIn(['waitlist'])).toHaveLength(2);
      expect(inWeek.filter((r) => r.status !== 'waitlist')).toHaveLength(6);
      expect((await loadPlaces(db(), week, t.clock.now())).forMembers).toBe(0);

      // Then two drop-ins leave the week, the organiser keeps every place for mensalistas and the four others try again,
      // all at once: the week's places go to mensalistas in line, and joiners take what is free when their turn comes.
      const again = await Promise.all([
        ...dropIns.slice(0, 2).map((dropIn) => t.post(`/api/games/${week}/cancel`, dropIn.authorization)),
        t.send('PUT', `/api/series/${seriesId}`, organiser.authorization, { ...series, memberSlots: 6 }),
        ...waiting
          .filter((_, index) => joins[index]!.status === 409)
          .map((player) => t.post(`/api/series/${seriesId}/members`, player.authorization, {})),
      ]);
      expect(again.filter((reply) => reply.status >= 500)).toEqual([]);
      expect(again.slice(0, 3).map((reply) => reply.status)).toEqual([200, 200, 200]);
      const members = await activeMembers(seriesId);
      expect(members.length).toBeGreaterThanOrEqual(4);
      expect(members.length).toBeLessThanOrEqual(6);

      const seriesGames = await db().select().from(games).where(eq(games.seriesId, seriesId));
      expect(seriesGames).toHaveLength(5);
      for (const game of seriesGames) {
        const live = await db()
          .select()
          .from(registrations)
          .where(and(eq(registrations.gameId, game.id), ne(registrations.status, 'cancelled')));
        const holding = live.filter((r) => r.status === 'confirmed' || r.status === 'pending');
        expect(holding.length).toBeLessThanOrEqual(game.totalSlots);
        // No mensalista waits in a line while a place they may take is free (the fix of issue 39).
        const membersInLine = live.filter((r) => r.status === 'waitlist' && members.includes(r.userId));
        if (membersInLine.length > 0) expect((await loadPlaces(db(), game.id, t.clock.now())).forMembers).toBe(0);
        // Every member holds a place in every later week, where nobody else plays.
        if (game.id !== week) expect(holding.map((r) => r.userId).sort()).toEqual([...members].sort());
      }

      // Each place charged at most once, and each place confirmed from credits exactly once at its price.
      const charges = (await db()
        .select({ reference: creditTransactions.reference, count: sql<number>`count(*)::int` })
        .from(creditTransactions)
        .where(eq(creditTransactions.type, 'spend_game'))
        .groupBy(creditTransactions.reference)) as { reference: string; count: number }[];
      expect(charges.filter((charge) => charge.count > 1)).toEqual([]);
      const charged = new Set(charges.map((charge) => charge.reference));
      const seriesRegistrations = await db()
        .select()
        .from(registrations)
        .where(
          inArray(
            registrations.gameId,
            seriesGames.map((game) => game.id),
          ),
        );
      for (const registration of seriesRegistrations) {
        const paidByCredits = registration.paymentType === 'credit' && registration.paidCents > 0;
        expect(charged.has(`registration:${registration.id}`), `registration ${registration.id}`).toBe(paidByCredits);
        if (registration.status === 'confirmed' && registration.paymentType === 'credit') expect(registration.paidCents).toBe(1000);
      }

      // What each player in line now has is what their places cost: R$ 10 for each place confirmed from credits.
      for (const player of waiting) {
        const [row] = await db().select({ cents: users.balanceCents }).from(users).where(eq(users.id, player.user.id));
        const paid = seriesRegistrations.filter(
          (r) => r.userId === player.user.id && r.status === 'confirmed' && r.paymentType === 'credit',
        );
        expect(row!.cents).toBe(before.get(player.user.id)! - 1000 * paid.length);
        // Never more than one live registration in a week: the entry in line became the place.
        const weeksLive = seriesRegistrations.filter((r) => r.userId === player.user.id && r.status !== 'cancelled').map((r) => r.gameId);
        expect(new Set(weeksLive).size).toBe(weeksLive.length);
      }
      await expectLedgerBalanced(db());
    },
  );
});
