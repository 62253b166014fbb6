import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { referenceIds } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced } from '../../../../test-support/server/test-app';
import { games, registrations, seriesMembers } from '../../db/schema';

/**
 * The lock order of decision 027 (series, then its games in id order, then users) under real parallel HTTP requests on
 * PostgreSQL: a player joining and leaving a series while applying to and cancelling its games never deadlocks. The
 * database's own count of deadlocks proves it, so a request that ran again after losing one would not hide it.
 */
const t = setUpRacingApp();
const ROUNDS = 25;
const PLAYERS = 4;

const db = () => t.app.ctx.db;

/** Deadlocks PostgreSQL detected in this file's database so far (each backend reports its own within a second of idling). */
async function deadlocksSoFar(): Promise<number> {
  await sleep(2500);
  const { rows } = (await db().execute(
    sql`select pg_stat_clear_snapshot(), deadlocks::int as count from pg_stat_database where datname = current_database()`,
  )) as unknown as { rows: { count: number }[] };
  return rows[0]!.count;
}

describe.runIf(isPostgres)(raced('joining and leaving a series while applying to its games'), () => {
  it('never deadlocks, never sells a game over its slots and keeps every balance equal to its ledger', { timeout: 300_000 }, async () => {
    const ref = await referenceIds(db());
    const organiser = await t.signedIn();
    const created = await t.post('/api/series', organiser.authorization, {
      name: 'Racha travado',
      location: 'Arena',
      firstDateTime: '2026-11-26T19:30',
      occurrences: 5,
      memberSlots: PLAYERS,
      totalSlots: PLAYERS + 2,
      price: 10,
      sportId: ref.volei,
      stateId: ref.santaCatarina,
      cityId: ref.florianopolis,
    });
    expect(created.status).toBe(201);
    const seriesId = (created.body.series as { id: number }).id;
    const gameIds = (created.body.games as { id: number }[]).map((game) => game.id);
    expect(gameIds).toHaveLength(5);
    const players = [];
    for (let i = 0; i < PLAYERS; i += 1) players.push(await t.signedIn(100_000));

    const deadlocksBefore = await deadlocksSoFar();
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const replies = await Promise.all(
        players.flatMap((player, index) => {
          // Each player's own requests race each other, on different games of the series each round.
          const applyTo = gameIds[(round + index) % gameIds.length]!;
          const cancelIn = gameIds[(round + index + 2) % gameIds.length]!;
          const lastWeek = gameIds[gameIds.length - 1]!;
          return [
            t.post(`/api/series/${seriesId}/members`, player.authorization, {}),
            t.post(`/api/games/${applyTo}/apply`, player.authorization, { paymentType: 'credit' }),
            t.send('DELETE', `/api/series/${seriesId}/members/me`, player.authorization),
            t.post(`/api/games/${cancelIn}/cancel`, player.authorization),
            t.post(`/api/games/${lastWeek}/apply`, player.authorization, { paymentType: 'credit' }),
          ];
        }),
      );
      statuses.push(...replies.map((reply) => reply.status));
    }

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(await deadlocksSoFar()).toBe(deadlocksBefore);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    for (const gameId of gameIds) {
      const holding = await db()
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.gameId, gameId), inArray(registrations.status, ['confirmed', 'pending'])));
      const [game] = await db().select().from(games).where(eq(games.id, gameId));
      expect(holding.length).toBeLessThanOrEqual(game!.totalSlots);
    }
    const members = await db()
      .select()
      .from(seriesMembers)
      .where(and(eq(seriesMembers.seriesId, seriesId), isNull(seriesMembers.leftAt)));
    expect(members.length).toBeLessThanOrEqual(PLAYERS);
    await expectLedgerBalanced(db());
  });
});
