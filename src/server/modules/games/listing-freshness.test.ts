import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCredits, createGame, createSignedInUser } from '../../../../test-support/server/factories';
import { createTestApp, type TestApp } from '../../../../test-support/server/test-app';

// A cache that lives a minute: only the change feed can make a new answer appear at once.
describe('the visitor list after a change made through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LISTING_CACHE_MS: '60000' } });
  });
  afterAll(() => t.close());

  const visitorList = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games?location=Frescor' });
    return (res.json() as Array<{ name: string; remainingSlots: number }>).map((g) => [g.name, g.remainingSlots]);
  };

  it('shows the new free places at once on the instance that made the change', async () => {
    const game = await createGame(t.app.ctx.db, { name: 'Frescor', location: 'Quadra Frescor', totalSlots: 4, priceCents: 1000 });
    expect(await visitorList()).toEqual([['Frescor', 4]]);

    const player = await createSignedInUser(t.app);
    await addCredits(t.app.ctx.db, player.user.id, 1000);
    const apply = await t.app.inject({
      method: 'POST',
      url: `/api/games/${game.id}/apply`,
      headers: player.headers,
      payload: { paymentType: 'credit' },
    });
    expect(apply.statusCode).toBe(200);
    expect(await visitorList()).toEqual([['Frescor', 3]]);

    // A refused write changes nothing, and leaves the cache alone.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/games/${game.id}/apply`,
      headers: player.headers,
      payload: { paymentType: 'credit' },
    });
    expect(again.statusCode).toBe(409);
    expect(await visitorList()).toEqual([['Frescor', 3]]);
  });
});
