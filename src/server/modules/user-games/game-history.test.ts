import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInCast } from '../../../../test-support/server/admin';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  DAY_MS,
  HOUR_MS,
  referenceIds,
  seriesTemplateOfGame,
} from '../../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { historySentence } from '../../../shared/game-history-wording';
import type { GameHistoryEntry } from '../../../shared/schemas/game-history';
import { sweepExpiredPayments } from '../../core/games/expire-pending-payments';
import { gameEvents, gameWalkIns, series, seriesMembers } from '../../db/schema';

const t = setUpTestApp();
const db = () => t.app.ctx.db;
type Headers = Record<string, string>;
let ref: Awaited<ReturnType<typeof referenceIds>>;
beforeAll(async () => {
  ref = await referenceIds(db());
});
beforeEach(() => t.clock.set(TEST_NOW));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

/** A game three days ahead at 19:00 in Florianópolis, R$ 25,50, published: what the organiser's form sends. */
function payload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Vôlei de segunda',
    location: 'Arena Beira-Mar',
    address: 'Av. Beira-Mar Norte, 1000',
    dateTime: '2026-11-23T19:00:00-03:00',
    price: 25.5,
    totalSlots: 2,
    description: 'Traga água.',
    visibility: 'public',
    usePlatformPayment: true,
    state: 'published',
    sportId: ref.volei,
    stateId: ref.santaCatarina,
    cityId: ref.florianopolis,
    ...overrides,
  };
}

async function history(gameId: number, headers: Headers): Promise<GameHistoryEntry[]> {
  const res = await call('GET', `/user-games/${gameId}/history`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}

const sentences = async (gameId: number, headers: Headers) => (await history(gameId, headers)).map(historySentence);

describe('GET /api/user-games/{id}/history', () => {
  it('tells every change of the game, its players, walk-ins and money, newest first, each with who did it', async () => {
    const organiser = await createSignedInUser(t.app, { name: 'Ana Souza' });
    const created = await call('POST', '/user-games', organiser.headers, payload());
    expect(created.statusCode, created.body).toBe(201);
    const gameId: number = created.json().game.id;

    t.clock.advance(HOUR_MS);
    const edited = await call(
      'PUT',
      `/user-games/${gameId}`,
      organiser.headers,
      payload({ dateTime: '2026-11-23T20:00:00-03:00', price: 30 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);

    // The common apply (one SQL statement) and the full path (a player who already holds a place) write the same entry.
    t.clock.advance(HOUR_MS);
    const bia = await createSignedInUser(t.app, { name: 'Bia Lima' });
    await addCredits(db(), bia.user.id, 5000);
    expect((await call('POST', `/games/${gameId}/apply`, bia.headers, { paymentType: 'credit' })).json()).toMatchObject({
      registrationType: 'confirmed',
    });
    const walkIn = await call('POST', `/user-games/${gameId}/walk-ins`, organiser.headers, { name: 'Zé do Pedro' });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const caio = await createSignedInUser(t.app, { name: 'Caio Reis' });
    await addCredits(db(), caio.user.id, 5000);
    expect((await call('POST', `/games/${gameId}/apply`, caio.headers, { paymentType: 'credit' })).json()).toMatchObject({
      registrationType: 'waitlist',
    });

    t.clock.advance(HOUR_MS);
    const walkInId = walkIn.json().walkIns[0].id;
    expect((await call('DELETE', `/user-games/${gameId}/walk-ins/${walkInId}`, organiser.headers)).statusCode).toBe(200);
    expect((await call('POST', `/games/${gameId}/cancel`, bia.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/user-games/${gameId}/players/${caio.user.id}`, organiser.headers)).statusCode).toBe(200);
    expect((await call('POST', `/user-games/${gameId}/cancel`, organiser.headers, { reason: 'Chuva forte' })).statusCode).toBe(200);

    const entries = await history(gameId, organiser.headers);
    expect(entries.map((entry) => entry.action)).toEqual([
      'cancelled',
      'refunded',
      'player_removed',
      'refunded',
      'player_left',
      'player_promoted',
      'walk_in_removed',
      'player_joined',
      'walk_in_added',
      'player_joined',
      'edited',
      'created',
    ]);
    expect(entries.at(-1)).toEqual({
      at: TEST_NOW.toISOString(),
      actor: { id: organiser.user.id, name: 'Ana Souza' },
      action: 'created',
      details: {},
    });
    expect(entries.at(-2)!.details.changes).toEqual([
      { field: 'time', from: '19:00', to: '20:00' },
      { field: 'price', from: 25.5, to: 30 },
    ]);
    expect(entries.at(-3)).toMatchObject({
      actor: { id: bia.user.id, name: 'Bia Lima' },
      details: { player: { id: bia.user.id, name: 'Bia Lima' }, status: 'confirmed', amount: 30, paymentType: 'credit' },
    });
    // The line moved by itself: the system's doing, no one's.
    expect(entries[5]).toMatchObject({
      actor: null,
      action: 'player_promoted',
      details: { player: { id: caio.user.id }, status: 'confirmed' },
    });
    expect(entries[0]!.at).toBe(new Date(TEST_NOW.getTime() + 3 * HOUR_MS).toISOString());
    expect(entries.map(historySentence)).toEqual([
      'Ana Souza cancelou o jogo: Chuva forte',
      'Ana Souza devolveu R$ 30,00 a Caio Reis em créditos',
      'Ana Souza tirou Caio Reis da lista',
      'Bia Lima recebeu R$ 30,00 de volta em créditos',
      'Bia Lima cancelou a inscrição',
      'Caio Reis saiu da lista de espera e ganhou a vaga (pagou R$ 30,00 em créditos)',
      'Ana Souza tirou o avulso Zé do Pedro',
      'Caio Reis entrou na lista de espera',
      'Ana Souza adicionou o avulso Zé do Pedro',
      'Bia Lima entrou na lista e pagou R$ 30,00 em créditos',
      'Ana Souza mudou o horário de 19:00 para 20:00 e o preço de R$ 25,50 para R$ 30,00',
      'Ana Souza criou o jogo',
    ]);
  });

  it('is the organiser’s and the administration’s: 404 to another organiser and a player, 401 to a visitor, 400 for a bad id', async () => {
    const { organiser, admin, player } = await signedInCast(t.app);
    const game = await createGame(db(), { creatorId: organiser.user.id });
    await call('POST', `/user-games/${game.id}/walk-ins`, organiser.headers, { name: 'Zé' });
    const other = await createSignedInUser(t.app);
    await createGame(db(), { creatorId: other.user.id });
    await createRegistration(db(), { gameId: game.id, userId: player.user.id, status: 'confirmed' });

    expect((await history(game.id, organiser.headers)).map((entry) => entry.action)).toEqual(['walk_in_added']);
    expect((await history(game.id, admin.headers)).map((entry) => entry.action)).toEqual(['walk_in_added']);
    const asAdmin = await call('GET', `/admin/games/${game.id}/history`, admin.headers);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().entries).toHaveLength(1);
    for (const someone of [other, player]) {
      const res = await call('GET', `/user-games/${game.id}/history`, someone.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('game_not_found');
      expect((await call('GET', `/admin/games/${game.id}/history`, someone.headers)).statusCode).toBe(403);
    }
    expect((await call('GET', `/user-games/${game.id}/history`)).statusCode).toBe(401);
    expect((await call('GET', `/user-games/abc/history`, organiser.headers)).statusCode).toBe(400);
    expect((await call('GET', `/admin/games/999999/history`, admin.headers)).json().code).toBe('game_not_found');
  });

  it('an administrator’s change is marked as the administration’s, and an expired hold and the promotion after it are the system’s', async () => {
    const { organiser, admin } = await signedInCast(t.app);
    const game = await createGame(db(), { creatorId: organiser.user.id, totalSlots: 1, priceCents: 1000 });
    const late = await createSignedInUser(t.app, { name: 'Dora Leal' });
    const waiting = await createSignedInUser(t.app, { name: 'Edu Melo' });
    await addCredits(db(), waiting.user.id, 1000);
    await createRegistration(db(), {
      gameId: game.id,
      userId: late.user.id,
      status: 'pending',
      paymentType: 'stripe',
      paymentDeadline: new Date(TEST_NOW.getTime() + HOUR_MS),
    });
    await createRegistration(db(), { gameId: game.id, userId: waiting.user.id, status: 'waitlist', joinedAt: TEST_NOW });
    t.clock.advance(2 * HOUR_MS);
    await sweepExpiredPayments(t.app.ctx);
    const added = await call('POST', `/user-games/${game.id}/walk-ins`, admin.headers, { name: 'Fred' });
    expect(added.json().code).toBe('game_full');

    const removed = await call('DELETE', `/admin/games/${game.id}/users/${waiting.user.id}`, admin.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await sentences(game.id, organiser.headers)).toEqual([
      'Admin Ana (administração) devolveu R$ 10,00 a Edu Melo em créditos',
      'Admin Ana (administração) tirou Edu Melo da lista',
      'Edu Melo saiu da lista de espera e ganhou a vaga (pagou R$ 10,00 em créditos)',
      'Dora Leal não pagou a tempo e perdeu a vaga',
    ]);
    const entries = await history(game.id, organiser.headers);
    // The hold ended at its deadline, whenever the write that applied it came.
    expect(entries.at(-1)).toMatchObject({ actor: null, at: new Date(TEST_NOW.getTime() + HOUR_MS).toISOString() });
  });

  it('names people as they are now: an erased account keeps no name in a game’s history', async () => {
    const { organiser } = await signedInCast(t.app);
    const game = await createGame(db(), { creatorId: organiser.user.id, usePlatformPayment: false });
    const player = await createSignedInUser(t.app, { name: 'Gil Prado', password: 'senha-forte-123' });
    expect((await call('POST', `/games/${game.id}/apply`, player.headers, {})).statusCode).toBe(200);
    const deleted = await call('DELETE', '/users/me', player.headers, { password: 'senha-forte-123' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const entries = await history(game.id, organiser.headers);
    expect(entries.map((entry) => entry.action)).toEqual(['player_left', 'player_joined']);
    expect(JSON.stringify(entries)).not.toContain('Gil Prado');
    expect(await db().select().from(gameEvents).where(eq(gameEvents.gameId, game.id))).toHaveLength(2);
  });
});

describe('GET /api/user-games/{id}/list.txt', () => {
  it('is the list as it is pasted in WhatsApp: the game, the numbered players with marks, then the waitlist', async () => {
    const { organiser, admin } = await signedInCast(t.app);
    const model = await createGame(db(), { creatorId: organiser.user.id, state: 'draft' });
    const [row] = await db()
      .insert(series)
      .values({
        creatorId: organiser.user.id,
        firstDateTime: model.dateTime,
        occurrences: 4,
        memberSlots: 0,
        template: seriesTemplateOfGame(model),
      })
      .returning();
    const game = await createGame(db(), {
      creatorId: organiser.user.id,
      name: 'Racha de sexta',
      location: 'Ginásio do Centro',
      address: 'Rua das Flores, 100',
      priceCents: 2000,
      totalSlots: 4,
      seriesId: row!.id,
      seriesWeek: 0,
    });
    const member = await createSignedInUser(t.app, { name: 'Ana Souza' });
    await db().insert(seriesMembers).values({ seriesId: row!.id, userId: member.user.id, joinedAt: TEST_NOW });
    const outside = await createSignedInUser(t.app, { name: 'Bruno Dias' });
    const waiting = await createSignedInUser(t.app, { name: 'Carla Nunes' });
    await createRegistration(db(), {
      gameId: game.id,
      userId: member.user.id,
      status: 'confirmed',
      paymentType: 'stripe',
      paidCents: 2000,
      confirmedAt: TEST_NOW,
    });
    await createRegistration(db(), {
      gameId: game.id,
      userId: outside.user.id,
      status: 'confirmed',
      paymentType: 'external',
      confirmedAt: new Date(TEST_NOW.getTime() + 1000),
    });
    await db()
      .insert(gameWalkIns)
      .values({ gameId: game.id, name: 'Zé', addedBy: organiser.user.id, createdAt: new Date(TEST_NOW.getTime() + 2000) });
    await createRegistration(db(), { gameId: game.id, userId: waiting.user.id, status: 'waitlist', joinedAt: TEST_NOW });

    const res = await call('GET', `/user-games/${game.id}/list.txt`, organiser.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        '🏐 Racha de sexta',
        '📅 sexta-feira, 27/11/2026 às 09:00',
        '📍 Ginásio do Centro (Rua das Flores, 100)',
        '💰 R$ 20,00',
        '3 de 4 vagas ocupadas · 1 livre',
        '',
        'Confirmados:',
        '1. Ana Souza (mensalista) ✅',
        '2. Bruno Dias',
        '3. Zé (avulso)',
        '',
        'Lista de espera:',
        '1. Carla Nunes',
        '',
        '✅ pago pela plataforma',
        '',
      ].join('\n'),
    );
    expect((await call('GET', `/user-games/${game.id}/list.txt`, admin.headers)).body).toBe(res.body);
  });

  it('is nobody else’s: 404 to another organiser and a player, 401 to a visitor; an empty game says so', async () => {
    const { organiser, player } = await signedInCast(t.app);
    const game = await createGame(db(), { creatorId: organiser.user.id, priceCents: 0, address: '' });
    const other = await createSignedInUser(t.app);
    for (const someone of [other, player]) {
      const res = await call('GET', `/user-games/${game.id}/list.txt`, someone.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'game_not_found' });
    }
    expect((await call('GET', `/user-games/${game.id}/list.txt`)).statusCode).toBe(401);
    const empty = await call('GET', `/user-games/${game.id}/list.txt`, organiser.headers);
    expect(empty.body).toContain('📍 Ginásio do Centro\n💰 Gratuito\n0 de 10 vagas ocupadas · 10 livres\n\nConfirmados:\nNinguém ainda\n');
    expect(empty.body).not.toContain('Lista de espera');
    expect(empty.body).not.toContain('✅');
  });
});

describe('the history of a weekly series’ games', () => {
  it('a game the series creates is the system’s, and its mensalistas’ places are marked as theirs', async () => {
    const organiser = await createSignedInUser(t.app, { name: 'Olga' });
    const player = await createSignedInUser(t.app, { name: 'Rui' });
    await addCredits(db(), player.user.id, 10_000);
    const created = await call('POST', '/series', organiser.headers, {
      ...payload({ totalSlots: 6, dateTime: undefined, state: undefined }),
      firstDateTime: new Date(TEST_NOW.getTime() + 2 * DAY_MS).toISOString(),
      occurrences: 2,
      memberSlots: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const seriesId = created.json().series.id;
    expect((await call('POST', `/series/${seriesId}/members`, player.headers, {})).statusCode).toBe(200);
    const gameId = created.json().games[0].id;
    expect(await sentences(gameId, organiser.headers)).toEqual([
      'Rui (mensalista) entrou na lista e pagou R$ 25,50 em créditos',
      'Jogo criado pela série semanal',
    ]);
  });
});
