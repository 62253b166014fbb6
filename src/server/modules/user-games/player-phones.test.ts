import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInCast } from '../../../../test-support/server/admin';
import { createGame, createRegistration, createSignedInUser } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { users } from '../../db/schema';

const t = setUpTestApp();
const db = () => t.app.ctx.db;

/** The players' phones as `GET /api/user-games/{id}` gives them, by name. */
const phonesIn = (body: { registrations: { userName: string; userPhone: string | null }[] }) =>
  Object.fromEntries(body.registrations.map((r) => [r.userName, r.userPhone]));

describe('the players\' phones, given "para o organizador"', () => {
  it("reach the game's organiser and the administration, and nobody else", async () => {
    const { organiser, admin, player } = await signedInCast(t.app);
    const game = await createGame(db(), { creatorId: organiser.user.id });
    const bia = await createSignedInUser(t.app, { name: 'Bia Telefone' });
    await db().update(users).set({ phone: '48991112222' }).where(eq(users.id, bia.user.id));
    const semFone = await createSignedInUser(t.app, { name: 'Caio Sem Fone' });
    await db().update(users).set({ phone: null }).where(eq(users.id, semFone.user.id));
    await createRegistration(db(), { gameId: game.id, userId: bia.user.id, status: 'confirmed' });
    await createRegistration(db(), { gameId: game.id, userId: semFone.user.id, status: 'confirmed' });

    for (const reader of [organiser, admin]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user-games/${game.id}`, headers: reader.headers });
      expect(res.statusCode).toBe(200);
      expect(phonesIn(res.json())).toEqual({ 'Bia Telefone': '48991112222', 'Caio Sem Fone': null });
    }

    // Another organiser's player, or a player of this very game, reads no phone: the game is not theirs to manage.
    for (const reader of [player, bia]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user-games/${game.id}`, headers: reader.headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('48991112222');
    }
    // Nor does the game's public page, or its list of who is going.
    const open = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: bia.headers });
    expect(open.statusCode).toBe(200);
    expect(open.body).not.toContain('48991112222');
  });
});
