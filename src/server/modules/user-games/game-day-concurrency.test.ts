import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, createRegistration, createSignedInUser } from '../../../../test-support/server/factories';
import { createTestApp, isPostgres, raced, TEST_NOW, type TestApp } from '../../../../test-support/server/test-app';
import { teamPlayers } from '../../db/schema';

/** Draws and check-ins arriving at once (truly parallel on PostgreSQL): each draw replaces the last whole, under the game lock. */
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const send = async (method: 'POST' | 'PUT', path: string, authorization: string, body: object) => {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { teams?: { players: { id: number }[] }[] } };
};

describe.runIf(isPostgres)(raced('game day in parallel'), () => {
  it('simultaneous check-ins and draws: every reply 200, and the saved teams are exactly one whole draw of the present players', async () => {
    const organiser = await createSignedInUser(t.app);
    const game = await createGame(t.app.ctx.db, { creatorId: organiser.user.id, dateTime: TEST_NOW });
    const players = [];
    for (let i = 0; i < 10; i++) {
      const { user } = await createSignedInUser(t.app);
      await createRegistration(t.app.ctx.db, { gameId: game.id, userId: user.id, status: 'confirmed' });
      players.push(user);
    }
    const auth = organiser.headers.authorization;
    const checkIns = players.map((player, i) =>
      send('PUT', `/api/user-games/${game.id}/players/${player.id}`, auth, { present: true, level: 1 + (i % 5) }),
    );
    expect((await Promise.all(checkIns)).map((r) => r.status)).toEqual(players.map(() => 200));

    const draws = await Promise.all(
      [2, 3, 4, 5, 2, 3].map((teamCount) => send('POST', `/api/user-games/${game.id}/teams`, auth, { teamCount })),
    );
    expect(draws.map((r) => r.status)).toEqual(draws.map(() => 200));
    const saved = await t.app.ctx.db.select().from(teamPlayers).where(eq(teamPlayers.gameId, game.id));
    expect(saved.map((row) => row.userId!).sort((a, b) => a - b)).toEqual(players.map((p) => p.id).sort((a, b) => a - b));
    const teamCounts = new Set(saved.map((row) => row.team)).size;
    expect(draws.some((draw) => draw.body.teams!.length === teamCounts)).toBe(true);
  });
});
