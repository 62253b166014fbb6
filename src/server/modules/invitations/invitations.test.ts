import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createSignedInUser, DAY_MS } from '../../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { invitations } from '../../db/schema';

const t = setUpTestApp();

const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

describe('invitations', () => {
  it('lists invitations to my account or my e-mail to games not started yet, with the private link, soonest first', async () => {
    const db = t.app.ctx.db;
    const { user, headers } = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const later = await createGame(db, { name: 'Depois', visibility: 'private', dateTime: at(5 * DAY_MS) });
    const sooner = await createGame(db, { name: 'Antes', visibility: 'private', dateTime: at(2 * DAY_MS) });
    const old = await createGame(db, { name: 'Passado', dateTime: at(-3 * DAY_MS) });
    // In progress: no one's to join any more, so no longer an invitation to one.
    const playing = await createGame(db, { name: 'Rolando', visibility: 'private', dateTime: at(-30 * 60 * 1000) });
    const draft = await createGame(db, { name: 'Rascunho', state: 'draft' });
    await db.insert(invitations).values([
      { gameId: later.id, userId: user.id, email: user.email },
      { gameId: sooner.id, userId: null, email: user.email },
      { gameId: old.id, userId: user.id, email: user.email },
      { gameId: playing.id, userId: user.id, email: user.email },
      { gameId: draft.id, userId: user.id, email: user.email },
      { gameId: later.id, userId: other.user.id, email: other.user.email },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/invitations', headers });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((i: { game: { name: string } }) => i.game.name)).toEqual(['Antes', 'Depois']);
    expect(list[0]).toMatchObject({ id: expect.any(Number), createdAt: expect.any(String) });
    expect(list[0].game).toMatchObject({
      id: sooner.id,
      privateLink: sooner.privateLink,
      price: 10,
      dateTime: sooner.dateTime.toISOString(),
    });

    const stats = await t.app.inject({ method: 'GET', url: '/api/invitations/stats', headers });
    expect(stats.json()).toEqual({ total: 5, upcoming: 2 });
  });

  it('removes only my own invitation', async () => {
    const db = t.app.ctx.db;
    const { user, headers } = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const game = await createGame(db);
    const [mine] = await db.insert(invitations).values({ gameId: game.id, userId: user.id, email: user.email }).returning();
    const notMine = await t.app.inject({ method: 'DELETE', url: `/api/invitations/${mine!.id}`, headers: other.headers });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe('Convite não encontrado.');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/invitations/${mine!.id}`, headers });
    expect(res.json()).toEqual({ message: 'Convite removido com sucesso.' });
    expect(await db.select().from(invitations).where(eq(invitations.id, mine!.id))).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/invitations/${mine!.id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/invitations/abc', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/invitations' })).statusCode).toBe(401);
  });

  it('lets an invitee apply to a private game without the link', async () => {
    const db = t.app.ctx.db;
    const { user, headers } = await createSignedInUser(t.app);
    const game = await createGame(db, { visibility: 'private', usePlatformPayment: false });
    await db.insert(invitations).values({ gameId: game.id, userId: user.id, email: user.email });
    const res = await t.app.inject({ method: 'POST', url: `/api/games/${game.id}/apply`, headers, payload: {} });
    expect(res.json()).toMatchObject({ registrationType: 'confirmed' });
  });
});
