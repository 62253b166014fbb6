import { describe, expect, it } from 'vitest';
import { addCredits, createGame, createSignedInUser, createUser } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { notifyCreditsAdded, notifyInvitationReceived } from '../../core/notifications/notify';

const t = setUpTestApp();

describe('notifications', () => {
  it('records registration events and lists them newest first with read flags', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    await addCredits(t.app.ctx.db, user.id, 2000);
    const game = await createGame(t.app.ctx.db, { name: 'Vôlei da praia', totalSlots: 1 });
    await t.app.inject({ method: 'POST', url: `/api/games/${game.id}/apply`, headers, payload: { paymentType: 'credit' } });
    await t.app.inject({ method: 'POST', url: `/api/games/${game.id}/cancel`, headers });
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const [cancelled, confirmed] = res.json();
    expect(cancelled).toMatchObject({
      type: 'registration_cancelled',
      gameId: game.id,
      read: false,
      message: 'Sua inscrição em Vôlei da praia (27/11/2026 às 09:00) foi cancelada. R$ 10,00 voltaram para os seus créditos.',
    });
    expect(confirmed).toMatchObject({ type: 'registration_confirmed', read: false });
    expect(confirmed.message).toBe('Sua inscrição em Vôlei da praia (27/11/2026 às 09:00) está confirmada. Bom jogo!');
    expect(Date.parse(confirmed.createdAt)).not.toBeNaN();
  });

  it('counts unread ones and marks one read (own only)', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const db = t.app.ctx.db;
    await notifyCreditsAdded(db, user.id, 2550);
    const game = await createGame(db, { name: 'Privado' });
    await notifyInvitationReceived(db, user.id, game);
    const count = () => t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers });
    expect((await count()).json()).toEqual({ count: 2 });
    const [invite, credits] = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers })).json();
    expect(credits.message).toBe('R$ 25,50 foram adicionados aos seus créditos.');
    expect(invite).toMatchObject({ type: 'invitation_received', gameId: game.id });

    const notMine = await t.app.inject({ method: 'POST', url: `/api/notifications/${credits.id}/read`, headers: other.headers });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe('Notificação não encontrada.');
    const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${credits.id}/read`, headers });
    expect(read.json()).toEqual({ id: credits.id, read: true });
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/${credits.id}/read`, headers })).statusCode).toBe(200);
    expect((await count()).json()).toEqual({ count: 1 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers })).json();
    expect(list.map((n: { read: boolean }) => n.read)).toEqual([false, true]);
  });

  it('pages and validates', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    for (let i = 0; i < 3; i += 1) await notifyCreditsAdded(t.app.ctx.db, user.id, 100 * (i + 1));
    const page = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=1&offset=1', headers });
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].message).toContain('R$ 2,00');
    expect(page.headers['x-total-count']).toBe('3');
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications?limit=0', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/abc/read', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/999999/read', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(401);
    expect(await createUser(t.app.ctx.db)).toBeTruthy();
  });
});
