import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCredits, createGame, createRegistration, createSignedInUser, DEFAULT_PASSWORD } from '../../../test-support/server/factories';
import { createTestApp, type TestApp } from '../../../test-support/server/test-app';

// The signed-in read model (decision 032) with a lifetime of a minute: only a write through the API (the change
// feed) can make a new answer appear before then.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNED_IN_CACHE_MS: '60000', LISTING_CACHE_MS: '60000' } });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });

async function signedInReads(headers: Headers, gameId: number) {
  const [game, list, me] = await Promise.all([
    get(`/api/games/${gameId}`, headers),
    get('/api/games?location=Modelo', headers),
    get('/api/users/me', headers),
  ]);
  for (const res of [game, list, me]) expect(res.statusCode).toBe(200);
  const listed = (list.json() as Array<{ id: number; registrationType: string | null; remainingSlots: number }>).find(
    (item) => item.id === gameId,
  );
  return {
    game: { registrationType: game.json().registrationType as string | null, remainingSlots: game.json().remainingSlots as number },
    listed: listed && { registrationType: listed.registrationType, remainingSlots: listed.remainingSlots },
    credits: me.json().credits as number,
    myGames: (me.json().myGames as Array<{ id: number; registrationType: string }>).map((item) => [item.id, item.registrationType]),
  };
}

describe('signed-in reads served from memory', () => {
  it('answer from memory until something is written through the API, then show it at once', async () => {
    const game = await createGame(t.app.ctx.db, { name: 'Modelo', location: 'Quadra Modelo', totalSlots: 4, priceCents: 1000 });
    const player = await createSignedInUser(t.app);
    await addCredits(t.app.ctx.db, player.user.id, 3000);
    const before = await signedInReads(player.headers, game.id);
    expect(before).toEqual({
      game: { registrationType: null, remainingSlots: 4 },
      listed: { registrationType: null, remainingSlots: 4 },
      credits: 30,
      myGames: [],
    });

    // Written behind the API's back: the same answers, from memory (nothing was announced).
    const other = await createSignedInUser(t.app);
    await createRegistration(t.app.ctx.db, { gameId: game.id, userId: other.user.id, status: 'confirmed' });
    expect(await signedInReads(player.headers, game.id)).toEqual(before);

    // What the player does is in their very next reads, the slot taken behind the API's back too.
    const applied = await post(`/api/games/${game.id}/apply`, player.headers, { paymentType: 'credit' });
    expect(applied.statusCode).toBe(200);
    expect(await signedInReads(player.headers, game.id)).toEqual({
      game: { registrationType: 'confirmed', remainingSlots: 2 },
      listed: { registrationType: 'confirmed', remainingSlots: 2 },
      credits: 20,
      myGames: [[game.id, 'confirmed']],
    });

    // Someone else's write shows as well: the cache is dropped for everyone.
    const third = await createSignedInUser(t.app);
    await addCredits(t.app.ctx.db, third.user.id, 1000);
    expect((await post(`/api/games/${game.id}/apply`, third.headers, { paymentType: 'credit' })).statusCode).toBe(200);
    expect((await signedInReads(player.headers, game.id)).game.remainingSlots).toBe(1);

    expect((await post(`/api/games/${game.id}/cancel`, player.headers)).statusCode).toBe(200);
    expect(await signedInReads(player.headers, game.id)).toMatchObject({
      game: { registrationType: 'cancelled', remainingSlots: 2 },
      credits: 30,
    });
  });

  it('once their lifetime has passed, show what changed behind the API too', async () => {
    const game = await createGame(t.app.ctx.db, { name: 'Modelo tempo', location: 'Quadra Modelo', totalSlots: 3 });
    const player = await createSignedInUser(t.app);
    expect((await signedInReads(player.headers, game.id)).game.remainingSlots).toBe(3);
    await createRegistration(t.app.ctx.db, { gameId: game.id, userId: player.user.id, status: 'waitlist' });
    expect((await signedInReads(player.headers, game.id)).game.registrationType).toBeNull();
    // Past twice the lifetime nothing stale is served any more, not even while refreshing.
    t.clock.advance(2 * 60_000 + 1);
    expect((await signedInReads(player.headers, game.id)).game.registrationType).toBe('waitlist');

    // A browser asking for gzip gets the very same list (two games here), compressed.
    const zipped = await get('/api/games?location=Modelo', { ...player.headers, 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe((await get('/api/games?location=Modelo', player.headers)).body);
  });

  it('a password change ends the earlier token at once, though its account was read from memory', async () => {
    const game = await createGame(t.app.ctx.db, { location: 'Quadra Modelo' });
    const player = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    await createRegistration(t.app.ctx.db, { gameId: game.id, userId: player.user.id, status: 'waitlist' });
    const device = { authorization: player.headers.authorization };
    expect((await get('/api/users/me', device)).statusCode).toBe(200);
    expect((await get(`/api/games/${game.id}`, device)).json().registrationType).toBe('waitlist');
    // Another player's reads keep working from memory meanwhile.
    expect((await get('/api/users/me', other.headers)).statusCode).toBe(200);

    const changed = await post('/api/users/me/password', player.headers, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'nova-senha-456',
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/users/me', device)).statusCode).toBe(401);
    // A public page takes an ended token as a visitor's: nothing of the player's shows.
    const asVisitor = await get(`/api/games/${game.id}`, device);
    expect(asVisitor.statusCode).toBe(200);
    expect(asVisitor.json()).not.toHaveProperty('registrationType');
    const fresh = { authorization: `Bearer ${changed.json().token as string}` };
    expect((await get(`/api/games/${game.id}`, fresh)).json().registrationType).toBe('waitlist');
    expect((await get('/api/users/me', other.headers)).statusCode).toBe(200);
  });

  it('keep private what is private: each caller gets their own answer, and an error is never remembered as one', async () => {
    const organiser = await createSignedInUser(t.app);
    const hidden = await createGame(t.app.ctx.db, {
      location: 'Quadra Modelo',
      visibility: 'private',
      privateLink: 'link-modelo-123',
      creatorId: organiser.user.id,
    });
    const stranger = await createSignedInUser(t.app);
    expect((await get(`/api/games/${hidden.id}`, organiser.headers)).json().privateLink).toBe('link-modelo-123');
    expect((await get(`/api/games/${hidden.id}`, stranger.headers)).statusCode).toBe(404);
    expect((await get(`/api/games/${hidden.id}`, {})).statusCode).toBe(404);
    // Opening the link makes the stranger an invitee: the game (a refusal before, never kept) opens for them at once.
    expect((await get('/api/games/private/link-modelo-123', stranger.headers)).statusCode).toBe(200);
    const invited = await get(`/api/games/${hidden.id}`, stranger.headers);
    expect(invited.statusCode).toBe(200);
    expect(invited.json().privateLink).toBe('link-modelo-123');
    expect((await get(`/api/games/${hidden.id}`, {})).statusCode).toBe(404);
  });
});
