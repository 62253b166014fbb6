import { and, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, DEFAULT_PASSWORD, referenceIds } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced } from '../../../../test-support/server/test-app';
import { games, registrations, series, users } from '../../db/schema';

/**
 * Organisers deleting their accounts under real parallel HTTP requests (truly parallel on PostgreSQL with
 * TEST_DATABASE_URL): series first, then games in id order, so crossed deletions and the players around them neither
 * deadlock nor leave a place alive or unrefunded in a game that is gone.
 */
const t = setUpRacingApp();
const ROUNDS = 3;
const PRICE = 1000;
const db = () => t.app.ctx.db;
const { signedIn, post, send } = t;
let ref: Awaited<ReturnType<typeof referenceIds>>;
beforeAll(async () => {
  ref = await referenceIds(db());
});

/** An organiser with a weekly series (five games out) and a game of their own, both at R$ 10. */
async function organiserWithGames(name: string) {
  const organiser = await signedIn(10 * PRICE);
  const created = await post('/api/series', organiser.authorization, {
    name,
    location: 'Arena Beira-Mar',
    address: 'Av. Beira-Mar Norte, 1000',
    price: PRICE / 100,
    totalSlots: 6,
    sportId: ref.volei,
    stateId: ref.santaCatarina,
    cityId: ref.florianopolis,
    firstDateTime: '2026-11-26T19:30',
    occurrences: 8,
    memberSlots: 3,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const game = await createGame(db(), { creatorId: organiser.user.id, totalSlots: 3, priceCents: PRICE });
  return { ...organiser, seriesId: (created.body.series as { id: number }).id, game };
}
type Organiser = Awaited<ReturnType<typeof organiserWithGames>>;

describe.runIf(isPostgres)(raced('organisers deleting their accounts in parallel'), () => {
  it(
    'organisers in each other’s series and games leave at once, with players applying, joining and leaving around them',
    { timeout: 120_000 },
    async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const organisers = [];
        for (const name of ['A', 'B', 'C', 'D']) organisers.push(await organiserWithGames(`Racha ${name}${round}`));
        const [first, second, third, fourth] = organisers as [Organiser, Organiser, Organiser, Organiser];
        // The first two are members of each other's series; every pair holds a place in each other's game.
        for (const [who, other] of [
          [first, second],
          [second, first],
        ] as const) {
          expect((await post(`/api/series/${other.seriesId}/members`, who.authorization)).status).toBe(200);
        }
        for (const [who, other] of [
          [first, second],
          [second, first],
          [third, fourth],
          [fourth, third],
        ] as const) {
          expect((await post(`/api/games/${other.game.id}/apply`, who.authorization, { paymentType: 'credit' })).status).toBe(200);
        }
        const players = [];
        for (let i = 0; i < 8; i += 1) players.push(await signedIn(10 * PRICE));
        const leaving = players.slice(0, 2);
        for (const player of leaving)
          expect((await post(`/api/games/${first.game.id}/apply`, player.authorization, { paymentType: 'credit' })).status).toBe(200);

        const requests = [
          ...organisers.map(
            (organiser) => () =>
              send('DELETE', '/api/users/me', organiser.authorization, { password: DEFAULT_PASSWORD, forfeitCredits: true }),
          ),
          ...leaving.map((player) => () => post(`/api/games/${first.game.id}/cancel`, player.authorization)),
          ...players.slice(2, 5).map((player) => () => post(`/api/series/${first.seriesId}/members`, player.authorization)),
          ...players
            .slice(5)
            .map((player) => () => post(`/api/games/${third.game.id}/apply`, player.authorization, { paymentType: 'credit' })),
        ];
        const replies = await Promise.all(requests.sort(() => Math.random() - 0.5).map((request) => request()));
        expect(replies.filter((reply) => reply.status >= 500)).toEqual([]);

        const ids = organisers.map((organiser) => organiser.user.id);
        const deleted = await db().select({ deletedAt: users.deletedAt }).from(users).where(inArray(users.id, ids));
        expect(deleted.every((row) => row.deletedAt !== null)).toBe(true);
        const theirSeries = await db().select({ status: series.status }).from(series).where(inArray(series.creatorId, ids));
        expect(theirSeries.map((row) => row.status)).toEqual(organisers.map(() => 'cancelled'));
        const theirGames = await db().select({ id: games.id, status: games.status }).from(games).where(inArray(games.creatorId, ids));
        expect(theirGames.filter((row) => row.status !== 'cancelled')).toEqual([]);
        const live = await db()
          .select()
          .from(registrations)
          .where(
            and(
              inArray(
                registrations.gameId,
                theirGames.map((row) => row.id),
              ),
              ne(registrations.status, 'cancelled'),
            ),
          );
        expect(live).toEqual([]);
        // Every player's money came back in full, whichever request reached the game first: an organiser's cancel
        // refunds in full, and a player who left first (more than 48 hours ahead) was refunded by the usual rule.
        const balances = await db()
          .select({ cents: users.balanceCents })
          .from(users)
          .where(
            inArray(
              users.id,
              players.map((player) => player.user.id),
            ),
          );
        expect(balances.map((row) => row.cents)).toEqual(players.map(() => 10 * PRICE));
        await expectLedgerBalanced(db());
      }
    },
  );
});
