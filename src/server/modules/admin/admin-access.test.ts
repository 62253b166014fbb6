import { beforeAll, describe, expect, it } from 'vitest';
import { pendingCancellation, signedInCast } from '../../../../test-support/server/admin';
import { createGame, createRegistration, createUser } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';

/**
 * Every admin route, as nobody, a bad token, a player, an organiser (a player who created games) and
 * an admin: 401, 401, 403, 403, and what the route answers an admin.
 */
const t = setUpTestApp();
let cast: Awaited<ReturnType<typeof signedInCast>>;
let routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; adminStatus: number }[];

beforeAll(async () => {
  cast = await signedInCast(t.app);
  const db = t.app.ctx.db;
  const someone = await createUser(db);
  const game = await createGame(db, { visibility: 'private', sportId: null, stateId: null, cityId: null });
  const gameToDelete = await createGame(db);
  const gameWithPlayer = await createGame(db);
  const { request } = await pendingCancellation(t.app, {
    gameId: gameWithPlayer.id,
    userId: someone.id,
    amountCents: 1000,
    withPaymentRow: false,
  });
  await createRegistration(db, { gameId: gameWithPlayer.id, userId: cast.player.user.id, status: 'waitlist' });
  const gamePayload = {
    name: 'Vôlei do admin',
    location: 'Ginásio',
    dateTime: '2026-12-24T19:00:00-03:00',
    price: 10,
    totalSlots: 12,
    visibility: 'private',
  };
  routes = [
    { method: 'GET', url: '/api/admin/dashboard', adminStatus: 200 },
    { method: 'GET', url: '/api/admin/users?search=a&page=1', adminStatus: 200 },
    { method: 'GET', url: `/api/admin/users/lookup?ids=${someone.id},999999`, adminStatus: 200 },
    { method: 'GET', url: `/api/admin/users/${someone.id}`, adminStatus: 200 },
    { method: 'POST', url: `/api/admin/users/${someone.id}/credits`, payload: { amount: 5 }, adminStatus: 200 },
    { method: 'GET', url: `/api/admin/users/${someone.id}/payments`, adminStatus: 200 },
    { method: 'GET', url: '/api/admin/games?status=all&page=1', adminStatus: 200 },
    { method: 'GET', url: `/api/admin/games/${game.id}`, adminStatus: 200 },
    { method: 'POST', url: '/api/admin/games', payload: gamePayload, adminStatus: 201 },
    { method: 'PUT', url: `/api/admin/games/${game.id}`, payload: gamePayload, adminStatus: 200 },
    { method: 'DELETE', url: `/api/admin/games/${gameWithPlayer.id}/users/${cast.player.user.id}`, adminStatus: 200 },
    { method: 'DELETE', url: `/api/admin/games/${gameToDelete.id}`, adminStatus: 200 },
    { method: 'POST', url: `/api/games/${game.id}/duplicate`, adminStatus: 201 },
    { method: 'GET', url: '/api/admin/cancellations?status=pending', adminStatus: 200 },
    {
      method: 'PUT',
      url: `/api/admin/cancellations/${request.id}`,
      payload: { status: 'processed', refundAs: 'credits' },
      adminStatus: 200,
    },
  ];
});

const call = (route: (typeof routes)[number], headers: Record<string, string>) =>
  t.app.inject({ method: route.method, url: route.url, headers, ...(route.payload ? { payload: route.payload } : {}) });

describe('admin route matrix', () => {
  it('answers 401 without a token, with an invalid token, 403 to a player and to an organiser, on every route', async () => {
    expect(routes).toHaveLength(15);
    for (const route of routes) {
      const anonymous = await call(route, {});
      expect([route.url, anonymous.statusCode, anonymous.json().message]).toEqual([route.url, 401, 'Usuário não autenticado']);
      const forged = await call(route, { authorization: 'Bearer nao-e-um-token' });
      expect([route.url, forged.statusCode]).toEqual([route.url, 401]);
      for (const who of [cast.player, cast.organiser]) {
        const res = await call(route, who.headers);
        expect([route.url, res.statusCode, res.json().message]).toEqual([
          route.url,
          403,
          'Você não tem permissão para acessar este recurso.',
        ]);
      }
    }
  });

  it('checks the token before the body: an outsider with an invalid body still gets 401/403, never 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/games', payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
    const player = await t.app.inject({
      method: 'POST',
      url: '/api/admin/games',
      headers: cast.player.headers,
      payload: { nonsense: true },
    });
    expect(player.statusCode).toBe(403);
  });

  it('serves every route to an admin (run last: some of them change data)', async () => {
    for (const route of routes) {
      const res = await call(route, cast.admin.headers);
      expect([route.method, route.url, res.statusCode]).toEqual([route.method, route.url, route.adminStatus]);
    }
  });
});
