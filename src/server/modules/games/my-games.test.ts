import { describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
} from '../../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';

const t = setUpTestApp();

const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

describe('GET /api/users/me with games', () => {
  it('lists my games with registration and payment type, and my places in line', async () => {
    const db = t.app.ctx.db;
    const { user, headers } = await createSignedInUser(t.app);
    await addCredits(db, user.id, 5000);
    const paid = await createGame(db, { name: 'Pago', dateTime: at(3 * DAY_MS) });
    await t.app.inject({ method: 'POST', url: `/api/games/${paid.id}/apply`, headers, payload: { paymentType: 'credit' } });
    const outside = await createGame(db, { name: 'Por fora', usePlatformPayment: false, dateTime: at(2 * DAY_MS) });
    await createRegistration(db, { gameId: outside.id, userId: user.id, status: 'confirmed' });
    const finished = await createGame(db, { name: 'Finalizado', dateTime: at(-2 * DAY_MS) });
    await createRegistration(db, { gameId: finished.id, userId: user.id, status: 'confirmed' });
    await createRegistration(db, {
      gameId: (await createGame(db, { name: 'Antigo', dateTime: at(-40 * DAY_MS) })).id,
      userId: user.id,
      status: 'confirmed',
    });
    const gaveUp = await createGame(db, { name: 'Desisti', dateTime: at(4 * DAY_MS) });
    await createRegistration(db, { gameId: gaveUp.id, userId: user.id, status: 'cancelled' });
    const full = await createGame(db, { name: 'Lotado', totalSlots: 1, dateTime: at(5 * DAY_MS) });
    await createRegistration(db, { gameId: full.id, userId: (await createUser(db)).id, status: 'confirmed' });
    await createRegistration(db, { gameId: full.id, userId: (await createUser(db)).id, status: 'waitlist' });
    await createRegistration(db, { gameId: full.id, userId: user.id, status: 'waitlist', joinedAt: at(1) });
    const pastLine = await createGame(db, { name: 'Fila passada', totalSlots: 1, dateTime: at(-DAY_MS) });
    await createRegistration(db, { gameId: pastLine.id, userId: user.id, status: 'waitlist' });
    await createGame(db, { name: 'Outro' });

    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.credits).toBe(40);
    expect(me.myGames.map((g: { name: string }) => g.name)).toEqual(['Finalizado', 'Por fora', 'Pago', 'Desisti']);
    expect(me.myGames[1]).toMatchObject({ registrationType: 'confirmed', paymentType: 'external', paymentDeadline: null });
    expect(me.myGames[2]).toMatchObject({ registrationType: 'confirmed', paymentType: 'credit', price: 10 });
    expect(me.myGames[3]).toMatchObject({ registrationType: 'cancelled' });
    expect(me.waitlistedGames).toEqual([
      expect.objectContaining({ name: 'Lotado', registrationType: 'waitlist', position: 2, remainingSlots: 0 }),
    ]);
  });

  it('answers empty lists for a new player', async () => {
    const { headers } = await createSignedInUser(t.app);
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).json();
    expect(me).toMatchObject({ myGames: [], waitlistedGames: [] });
  });
});
