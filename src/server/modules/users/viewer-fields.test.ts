import { describe, expect, it } from 'vitest';
import { createGame, createRegistration, createSignedInUser, createUser, HOUR_MS } from '../../../../test-support/server/factories';
import { setUpTestApp, type TestApp, TEST_NOW } from '../../../../test-support/server/test-app';

const fresh = setUpTestApp();
// The visitor list kept for a minute: a signed-in list is then the kept one with the caller's registrations on top.
const kept = setUpTestApp({ env: { LISTING_CACHE_MS: '60000' } });

const VIEWER_FIELDS = [
  'userRegistration',
  'registrationType',
  'paymentType',
  'paidAmount',
  'paymentDeadline',
  'waitlistPosition',
  'waitlistId',
];
const viewerFields = (game: Record<string, unknown>) => Object.fromEntries(VIEWER_FIELDS.map((key) => [key, game[key]]));

/** Every kind of latest registration of one player; `beforeList` runs before the player reads the games list. */
async function sameFieldsEverywhere(t: TestApp, beforeList: () => Promise<void> = async () => {}) {
  const db = () => t.app.ctx.db;
  const player = await createSignedInUser(t.app);
  const other = await createUser(db());
  const at = (hours: number) => new Date(TEST_NOW.getTime() + hours * HOUR_MS);
  const games = {
    confirmed: await createGame(db(), { dateTime: at(24) }),
    held: await createGame(db(), { dateTime: at(25) }),
    lapsed: await createGame(db(), { dateTime: at(26) }),
    waiting: await createGame(db(), { dateTime: at(27), totalSlots: 1 }),
    leftLine: await createGame(db(), { dateTime: at(28), totalSlots: 1 }),
    again: await createGame(db(), { dateTime: at(29) }),
  };
  const mine = (game: { id: number }, values: Omit<Parameters<typeof createRegistration>[1], 'gameId' | 'userId'>) =>
    createRegistration(db(), { gameId: game.id, userId: player.user.id, ...values });
  await mine(games.confirmed, { status: 'confirmed', paymentType: 'credit', paidCents: 1000 });
  await mine(games.held, { status: 'pending', paymentType: 'stripe', paymentDeadline: at(1) });
  // A hold past its deadline is already cancelled, written or not.
  await mine(games.lapsed, { status: 'pending', paymentType: 'stripe', paymentDeadline: at(-1) });
  await createRegistration(db(), { gameId: games.waiting.id, userId: other.id, status: 'waitlist', joinedAt: at(-3) });
  const waiting = await mine(games.waiting, { status: 'waitlist', joinedAt: at(-2) });
  await mine(games.leftLine, { status: 'cancelled', cancelledFrom: 'waitlist', cancelledAt: at(-1) });
  // The latest registration is the one shown.
  await mine(games.again, { status: 'cancelled', cancelledFrom: 'confirmed', cancelledAt: at(-2) });
  await mine(games.again, { status: 'confirmed', paymentType: 'external' });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: player.headers }).then((res) => res.json());
  const me = await get('/api/users/me');
  await beforeList();
  const list = await get('/api/games');
  for (const [kind, game] of Object.entries(games)) {
    const single = await get(`/api/games/${game.id}`);
    const fromList = list.find((g: { id: number }) => g.id === game.id);
    const fromMe = [...me.myGames, ...me.waitlistedGames].find((g: { id: number }) => g.id === game.id);
    expect(viewerFields(fromMe), kind).toEqual(viewerFields(single));
    expect(viewerFields(fromList), kind).toEqual(viewerFields(single));
  }
  const byId = (id: number) => [...me.myGames, ...me.waitlistedGames].find((g: { id: number }) => g.id === id);
  expect(byId(games.confirmed.id)).toMatchObject({
    registrationType: 'confirmed',
    paymentType: 'credit',
    paidAmount: 10,
    leftWaitlist: false,
  });
  expect(byId(games.held.id)).toMatchObject({ registrationType: 'pending', paymentDeadline: at(1).toISOString() });
  expect(byId(games.lapsed.id)).toMatchObject({ registrationType: 'cancelled', paymentDeadline: null, leftWaitlist: false });
  expect(me.waitlistedGames).toEqual([
    expect.objectContaining({ id: games.waiting.id, position: 2, waitlistPosition: 2, waitlistId: waiting.id }),
  ]);
  expect(byId(games.leftLine.id)).toMatchObject({ registrationType: 'cancelled', leftWaitlist: true });
  expect(byId(games.again.id)).toMatchObject({ registrationType: 'confirmed', paymentType: 'external', leftWaitlist: false });
  return list as Array<{ id: number }>;
}

describe("the caller's fields of a game, read with the game or after it", () => {
  it('are the same in /users/me, a game and the games list (read with them), for every kind of latest registration', async () => {
    await sameFieldsEverywhere(fresh);
  });

  it('are the same when the list is the kept visitor list with the registrations read on top', async () => {
    let unseen = 0;
    const list = await sameFieldsEverywhere(kept, async () => {
      expect((await kept.app.inject({ method: 'GET', url: '/api/games' })).statusCode).toBe(200);
      // Written behind the API's back: only a list read afresh would show it, so its absence shows the kept one was used.
      unseen = (await createGame(kept.app.ctx.db, { dateTime: new Date(TEST_NOW.getTime() + 30 * HOUR_MS) })).id;
    });
    expect(list.map((game) => game.id)).not.toContain(unseen);
  });
});
