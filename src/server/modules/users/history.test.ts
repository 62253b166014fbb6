import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, createRegistration, createSignedInUser, createUser, HOUR_MS } from '../../../../test-support/server/factories';
import { createTestApp, TEST_NOW, type TestApp } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { HISTORY_PAGE_SIZE, type HistoryReply } from '../../../shared/schemas/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const history = async (headers: Record<string, string>, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/users/me/history${query}`, headers });
  return { status: res.statusCode, body: res.json() as HistoryReply };
};

/** Every page from the first, following `next` until it is null. */
async function allPages(headers: Record<string, string>): Promise<HistoryReply[]> {
  const pages: HistoryReply[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = await history(headers, cursor ? `?cursor=${cursor}` : '');
    expect(page.status).toBe(200);
    pages.push(page.body);
    cursor = page.body.next;
  }
  return pages;
}

describe('GET /api/users/me/history', () => {
  it('pages every started game of the player, latest first, each once, with its last registration', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const someoneElse = await createUser(t.app.ctx.db);
    const db = t.app.ctx.db;
    // 45 games that have started, one hour apart, six of them at one instant across the first page's end.
    const played = [];
    for (let i = 0; i < 45; i++) {
      const hoursAgo = i >= 17 && i <= 22 ? 17 : i;
      const game = await createGame(db, { dateTime: new Date(TEST_NOW.getTime() - hoursAgo * HOUR_MS) });
      played.push(game);
    }
    const [startingNow, leftLine, cancelled, inLine, signedUpTwice] = played;
    for (const game of played.slice(5)) await createRegistration(db, { gameId: game.id, userId: user.id, status: 'confirmed' });
    await createRegistration(db, { gameId: startingNow!.id, userId: user.id, status: 'confirmed' });
    await createRegistration(db, { gameId: leftLine!.id, userId: user.id, status: 'cancelled', cancelledFrom: 'waitlist' });
    await createRegistration(db, { gameId: cancelled!.id, userId: user.id, status: 'cancelled', cancelledFrom: 'confirmed' });
    await createRegistration(db, { gameId: inLine!.id, userId: user.id, status: 'waitlist' });
    await createRegistration(db, { gameId: signedUpTwice!.id, userId: user.id, status: 'cancelled', cancelledFrom: 'confirmed' });
    await createRegistration(db, { gameId: signedUpTwice!.id, userId: user.id, status: 'confirmed' });
    // Not in the history: a game ahead, and a game of someone else.
    const ahead = await createGame(db, { dateTime: new Date(TEST_NOW.getTime() + HOUR_MS) });
    await createRegistration(db, { gameId: ahead.id, userId: user.id, status: 'confirmed' });
    const others = await createGame(db, { dateTime: new Date(TEST_NOW.getTime() - HOUR_MS) });
    await createRegistration(db, { gameId: others.id, userId: someoneElse.id, status: 'confirmed' });

    const pages = await allPages(headers);
    expect(pages.map((page) => page.games.length)).toEqual([HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE, 5]);
    const expected = [...played].sort((a, b) => b.dateTime.getTime() - a.dateTime.getTime() || b.id - a.id).map((game) => game.id);
    const seen = pages.flatMap((page) => page.games);
    expect(seen.map((game) => game.id)).toEqual(expected);

    const byId = new Map(seen.map((game) => [game.id, game]));
    const statusOf = (id: number) => [byId.get(id)!.registrationType, byId.get(id)!.leftWaitlist];
    expect(statusOf(startingNow!.id)).toEqual(['confirmed', false]);
    expect(statusOf(leftLine!.id)).toEqual(['cancelled', true]);
    expect(statusOf(cancelled!.id)).toEqual(['cancelled', false]);
    expect(statusOf(inLine!.id)).toEqual(['waitlist', false]);
    expect(statusOf(signedUpTwice!.id)).toEqual(['confirmed', false]);
    expect(byId.get(played[30]!.id)).toMatchObject({ name: played[30]!.name, registrationType: 'confirmed', status: 'active' });
  });

  it('is empty for a player with no game started yet', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const ahead = await createGame(t.app.ctx.db);
    await createRegistration(t.app.ctx.db, { gameId: ahead.id, userId: user.id, status: 'confirmed' });
    expect(await history(headers)).toEqual({ status: 200, body: { games: [], next: null } });
  });

  it('refuses a continuation it did not give, and any other parameter, changing nothing', async () => {
    const { headers } = await createSignedInUser(t.app);
    for (const query of ['?cursor=abc', '?cursor=1.2.3', '?cursor=-5.1', '?cursor=99999999999999.1', '?cursor=1.2147483648', '?page=2']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/me/history${query}`, headers });
      expect([res.statusCode, res.json().code], query).toEqual([400, 'validation_failed']);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/me/history?cursor=abc', headers });
    expect(bad.json().fields).toEqual({ cursor: messages.historyCursorInvalid });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/history' });
    expect([res.statusCode, res.json().code]).toEqual([401, 'unauthenticated']);
  });
});
