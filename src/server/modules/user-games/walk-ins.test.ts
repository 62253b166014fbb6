import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInCast } from '../../../../test-support/server/admin';
import { addCredits, createGame, createRegistration, createSignedInUser, DAY_MS, HOUR_MS } from '../../../../test-support/server/factories';
import { balanceOf, latestRegistration } from '../../../../test-support/server/reads';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { formatBRL } from '../../../shared/money';
import { gameWalkIns, games, notifications, registrations } from '../../db/schema';

const t = setUpTestApp();
const db = () => t.app.ctx.db;
type Headers = Record<string, string>;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const addWalkIn = (gameId: number, headers: Headers, name: unknown) =>
  call('POST', `/api/user-games/${gameId}/walk-ins`, headers, { name });
const walkInCount = async (gameId: number) => (await db().select({ n: games.walkInCount }).from(games).where(eq(games.id, gameId)))[0]!.n;

async function organiserGame(overrides: Parameters<typeof createGame>[1] = {}) {
  const cast = await signedInCast(t.app);
  const game = await createGame(db(), { creatorId: cast.organiser.user.id, totalSlots: 3, ...overrides });
  return { ...cast, game };
}

describe('POST /api/user-games/{id}/walk-ins', () => {
  it('a walk-in takes a place: in the game’s places, the organiser’s list and spreadsheet, and an apply to the last place waits in line', async () => {
    const { organiser, admin, game } = await organiserGame({ totalSlots: 2 });
    const res = await addWalkIn(game.id, organiser.headers, '  +1 do Pedro ');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(messages.walkIns.added('+1 do Pedro'));
    expect(res.json().walkIns).toEqual([
      { id: expect.any(Number), name: '+1 do Pedro', createdAt: TEST_NOW.toISOString(), present: null, level: null },
    ]);
    expect(res.json().game).toMatchObject({ remainingSlots: 1, registeredPlayers: 1 });

    // An administrator may add one too (game-day tools are theirs as well).
    expect((await addWalkIn(game.id, admin.headers, 'Amiga da Olga')).statusCode).toBe(201);
    expect(await walkInCount(game.id)).toBe(2);

    const seen = await call('GET', `/api/games/${game.id}`);
    expect(seen.json()).toMatchObject({ remainingSlots: 0, availableSlots: 0, registeredPlayers: 2 });
    const detail = (await call('GET', `/api/user-games/${game.id}`, organiser.headers)).json();
    expect(detail.walkIns.map((w: { name: string }) => w.name)).toEqual(['+1 do Pedro', 'Amiga da Olga']);
    expect(detail.stats.availableSlots).toBe(0);
    const csv = await call('GET', `/api/user-games/${game.id}/registrations.csv`, organiser.headers);
    expect(csv.body).toContain(`+1 do Pedro;;;${messages.walkIns.csvStatus}`);

    // The one-statement apply counts the walk-ins: the game is full, the player goes to the line.
    const player = await createSignedInUser(t.app);
    await addCredits(db(), player.user.id, 1000);
    const apply = await call('POST', `/api/games/${game.id}/apply`, player.headers, { paymentType: 'credit' });
    expect(apply.statusCode).toBe(200);
    expect(apply.json()).toMatchObject({ waitlisted: true, registrationType: 'waitlist' });
    expect(await balanceOf(db(), player.user.id)).toBe(1000);
  });

  it('a full game is a 409 in Portuguese and adds nobody', async () => {
    const { organiser, game } = await organiserGame({ totalSlots: 1 });
    const other = await createSignedInUser(t.app);
    await createRegistration(db(), { gameId: game.id, userId: other.user.id, status: 'confirmed' });
    const res = await addWalkIn(game.id, organiser.headers, 'Zé');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'game_full', message: messages.walkIns.gameFull });
    expect(await walkInCount(game.id)).toBe(0);
    expect(await db().select().from(gameWalkIns).where(eq(gameWalkIns.gameId, game.id))).toEqual([]);
  });

  it('refuses bad names, someone else’s game, a cancelled or started game, and a visitor, changing nothing', async () => {
    const { organiser, player, game } = await organiserGame();
    for (const name of ['', '   ', 'x'.repeat(61), 42, null]) {
      const res = await addWalkIn(game.id, organiser.headers, name);
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await addWalkIn(game.id, organiser.headers, 'x'.repeat(61))).json().fields.name).toBe(messages.walkIns.nameTooLong);
    expect((await addWalkIn(game.id, organiser.headers, ' ')).json().fields.name).toBe(messages.walkIns.nameRequired);
    expect((await call('POST', `/api/user-games/${game.id}/walk-ins`, organiser.headers, { name: 'Zé', extra: 1 })).statusCode).toBe(400);
    expect((await addWalkIn(game.id, player.headers, 'Zé')).json().code).toBe('game_not_found');
    expect((await addWalkIn(game.id, {}, 'Zé')).statusCode).toBe(401);

    const cancelled = await createGame(db(), { creatorId: organiser.user.id, status: 'cancelled' });
    expect((await addWalkIn(cancelled.id, organiser.headers, 'Zé')).json().code).toBe('game_cancelled');
    const started = await createGame(db(), { creatorId: organiser.user.id, dateTime: new Date(TEST_NOW.getTime() - HOUR_MS) });
    const late = await addWalkIn(started.id, organiser.headers, 'Zé');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'game_started', message: messages.walkIns.gameStarted });
    for (const id of [game.id, cancelled.id, started.id]) expect(await walkInCount(id)).toBe(0);
  });
});

describe('DELETE /api/user-games/{id}/walk-ins/{walkInId}', () => {
  it('frees the place, which goes to the first in line; a walk-in of another game is a 404', async () => {
    const { organiser, game } = await organiserGame({ totalSlots: 1, usePlatformPayment: false });
    const added = (await addWalkIn(game.id, organiser.headers, 'Primo da Ana')).json();
    const waiting = await createSignedInUser(t.app, { name: 'Bruna Lima' });
    await createRegistration(db(), { gameId: game.id, userId: waiting.user.id, status: 'waitlist' });
    const walkInId = added.walkIns[0].id;

    const other = await createGame(db(), { creatorId: organiser.user.id });
    expect((await call('DELETE', `/api/user-games/${other.id}/walk-ins/${walkInId}`, organiser.headers)).json().code).toBe(
      'walk_in_not_found',
    );
    expect((await call('DELETE', `/api/user-games/${game.id}/walk-ins/abc`, organiser.headers)).statusCode).toBe(400);

    const res = await call('DELETE', `/api/user-games/${game.id}/walk-ins/${walkInId}`, organiser.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.walkIns.removed('Primo da Ana'), walkIns: [] });
    expect((await latestRegistration(db(), game.id, waiting.user.id))?.status).toBe('confirmed');
    expect(await walkInCount(game.id)).toBe(0);
    expect((await call('DELETE', `/api/user-games/${game.id}/walk-ins/${walkInId}`, organiser.headers)).statusCode).toBe(404);
  });
});

describe('DELETE /api/user-games/{id}/players/{userId}', () => {
  it('removes a player as the organiser’s cancel does: full refund (even inside 48 h), a notice, the line moves up', async () => {
    const { organiser, game } = await organiserGame({
      totalSlots: 1,
      priceCents: 2000,
      dateTime: new Date(TEST_NOW.getTime() + 10 * HOUR_MS),
    });
    const paying = await createSignedInUser(t.app, { name: 'Carla Souza' });
    await addCredits(db(), paying.user.id, 2000);
    expect((await call('POST', `/api/games/${game.id}/apply`, paying.headers, { paymentType: 'credit' })).json().registrationType).toBe(
      'confirmed',
    );
    expect(await balanceOf(db(), paying.user.id)).toBe(0);
    const waiting = await createSignedInUser(t.app, { name: 'Davi Alves' });
    await createRegistration(db(), { gameId: game.id, userId: waiting.user.id, status: 'waitlist', waitlistPriceCents: 2000 });
    await addCredits(db(), waiting.user.id, 2000);

    const res = await call('DELETE', `/api/user-games/${game.id}/players/${paying.user.id}`, organiser.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      refund: 'credits',
      refundedAmount: 20,
      message: messages.removePlayer.removed(messages.removePlayer.refundedToCredits(formatBRL(20))),
    });
    expect(await balanceOf(db(), paying.user.id)).toBe(2000);
    expect((await latestRegistration(db(), game.id, paying.user.id))?.status).toBe('cancelled');
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, paying.user.id), eq(notifications.type, 'registration_cancelled')));
    expect(notice?.message).toContain('O organizador tirou você da lista do jogo');
    expect((await latestRegistration(db(), game.id, waiting.user.id))?.status).toBe('confirmed');

    // Nobody left to remove under that id; someone else's game; a bad id.
    expect((await call('DELETE', `/api/user-games/${game.id}/players/${paying.user.id}`, organiser.headers)).json().code).toBe(
      'player_not_registered',
    );
    expect((await call('DELETE', `/api/user-games/${game.id}/players/${waiting.user.id}`, paying.headers)).json().code).toBe(
      'game_not_found',
    );
    expect((await call('DELETE', `/api/user-games/${game.id}/players/0`, organiser.headers)).statusCode).toBe(400);
    expect((await latestRegistration(db(), game.id, waiting.user.id))?.status).toBe('confirmed');
  });

  it('a player only in line leaves it with nothing to refund', async () => {
    const { organiser, game } = await organiserGame();
    const waiting = await createSignedInUser(t.app);
    await createRegistration(db(), { gameId: game.id, userId: waiting.user.id, status: 'waitlist' });
    const res = await call('DELETE', `/api/user-games/${game.id}/players/${waiting.user.id}`, organiser.headers);
    expect(res.json()).toMatchObject({ refund: 'none', refundedAmount: 0, message: messages.removePlayer.removed('') });
    const [row] = await db().select().from(registrations).where(eq(registrations.userId, waiting.user.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelledFrom: 'waitlist' });
  });
});

describe('"Quem vai": the players list of GET /api/games/{id}', () => {
  it('players read first names and initials in the order they got their place, the organiser and admins full names, visitors only counts', async () => {
    const { organiser, admin, player, game } = await organiserGame({ totalSlots: 5 });
    const ana = await createSignedInUser(t.app, { name: 'Ana Maria Souza' });
    const bruno = await createSignedInUser(t.app, { name: 'Bruno' });
    const late = await createSignedInUser(t.app, { name: 'Carla Pires' });
    const inLine = await createSignedInUser(t.app, { name: 'Diego Ramos' });
    await createRegistration(db(), {
      gameId: game.id,
      userId: bruno.user.id,
      status: 'confirmed',
      confirmedAt: new Date(TEST_NOW.getTime() - 2 * DAY_MS),
    });
    await createRegistration(db(), {
      gameId: game.id,
      userId: ana.user.id,
      status: 'confirmed',
      confirmedAt: new Date(TEST_NOW.getTime() - 3 * DAY_MS),
    });
    await createRegistration(db(), {
      gameId: game.id,
      userId: late.user.id,
      status: 'pending',
      paymentType: 'stripe',
      paymentDeadline: new Date(TEST_NOW.getTime() + HOUR_MS),
    });
    await createRegistration(db(), { gameId: game.id, userId: inLine.user.id, status: 'waitlist' });
    await addWalkIn(game.id, organiser.headers, 'Eduardo Lima');

    const asPlayer = (await call('GET', `/api/games/${game.id}`, player.headers)).json();
    expect(asPlayer.players).toEqual([
      { name: 'Ana S.', walkIn: false },
      { name: 'Bruno', walkIn: false },
      { name: 'Eduardo L.', walkIn: true },
    ]);
    expect(asPlayer).toMatchObject({ registeredPlayers: 4, waitlistCount: 1 });
    const full = ['Ana Maria Souza', 'Bruno', 'Eduardo Lima'];
    expect((await call('GET', `/api/games/${game.id}`, organiser.headers)).json().players.map((p: { name: string }) => p.name)).toEqual(
      full,
    );
    expect((await call('GET', `/api/games/${game.id}`, admin.headers)).json().players.map((p: { name: string }) => p.name)).toEqual(full);
    // A deleted account's name is no one's: it reads "Conta excluída" whole (an erased user left on a past list).
    const gone = await createSignedInUser(t.app, { name: '', email: '', passwordHash: null, phone: null, deletedAt: TEST_NOW });
    await createRegistration(db(), {
      gameId: game.id,
      userId: gone.user.id,
      status: 'confirmed',
      confirmedAt: new Date(TEST_NOW.getTime() - DAY_MS),
    });
    expect((await call('GET', `/api/games/${game.id}`, player.headers)).json().players.at(2)).toEqual({
      name: messages.accountDeleted,
      walkIn: false,
    });
    await db().delete(registrations).where(eq(registrations.userId, gone.user.id));
    const visitor = (await call('GET', `/api/games/${game.id}`)).json();
    expect(visitor.players).toBeUndefined();
    expect(visitor).toMatchObject({ registeredPlayers: 4, waitlistCount: 1 });

    // The private link gives the list to a signed-in player holding it, not to a visitor.
    const [row] = await db().select({ link: games.privateLink }).from(games).where(eq(games.id, game.id));
    expect((await call('GET', `/api/games/private/${row!.link}`, player.headers)).json().players).toHaveLength(3);
    expect((await call('GET', `/api/games/private/${row!.link}`)).json().players).toBeUndefined();

    // A kept reply (decision 032) is dropped by the next write: the player sees the list change.
    await call('DELETE', `/api/user-games/${game.id}/players/${bruno.user.id}`, organiser.headers);
    expect((await call('GET', `/api/games/${game.id}`, player.headers)).json().players.map((p: { name: string }) => p.name)).toEqual([
      'Ana S.',
      'Eduardo L.',
    ]);
  });
});

describe('GET /api/user-games ("Meus jogos")', () => {
  it('today’s and the next games first, soonest first, then past games, the most recent first', async () => {
    const organiser = await createSignedInUser(t.app);
    const make = (name: string, offsetMs: number) =>
      createGame(db(), { creatorId: organiser.user.id, name, dateTime: new Date(TEST_NOW.getTime() + offsetMs) });
    // TEST_NOW is 09:00 in São Paulo: a game at 07:00 today is today's, not the past's.
    await make('Mês passado', -30 * DAY_MS);
    await make('Daqui a um mês', 30 * DAY_MS);
    await make('Ontem', -DAY_MS);
    await make('Hoje cedo', -2 * HOUR_MS);
    await make('Amanhã', DAY_MS);
    await make('Hoje à noite', 10 * HOUR_MS);
    const res = await call('GET', '/api/user-games', organiser.headers);
    expect(res.json().map((g: { name: string }) => g.name)).toEqual([
      'Hoje cedo',
      'Hoje à noite',
      'Amanhã',
      'Daqui a um mês',
      'Ontem',
      'Mês passado',
    ]);
    const page = await call('GET', '/api/user-games?limit=2&offset=3', organiser.headers);
    expect(page.json().map((g: { name: string }) => g.name)).toEqual(['Daqui a um mês', 'Ontem']);
  });

  it('every filter and every page across the last two days and the older games: the same order, and the total', async () => {
    const organiser = await createSignedInUser(t.app);
    const make = (name: string, offsetMs: number, overrides: { status?: 'cancelled'; state?: 'draft' } = {}) =>
      createGame(db(), { creatorId: organiser.user.id, name, dateTime: new Date(TEST_NOW.getTime() + offsetMs), ...overrides });
    await make('Há 60 dias', -60 * DAY_MS);
    await make('Há 3 dias', -3 * DAY_MS);
    await make('Há 49 horas', -49 * HOUR_MS);
    await make('Há 47 horas', -47 * HOUR_MS);
    await make('Ontem', -DAY_MS);
    await make('Cancelado ontem', -DAY_MS, { status: 'cancelled' });
    await make('Rascunho antigo', -5 * DAY_MS, { state: 'draft' });
    await make('Hoje cedo', -2 * HOUR_MS);
    await make('Amanhã', DAY_MS);
    await make('Cancelado amanhã', DAY_MS, { status: 'cancelled' });
    await make('Daqui a uma semana', 7 * DAY_MS);
    const expected: Record<string, string[]> = {
      // Same start: the earlier game first among today's and the next, the later one first among the past.
      all: [
        'Hoje cedo',
        'Amanhã',
        'Cancelado amanhã',
        'Daqui a uma semana',
        'Cancelado ontem',
        'Ontem',
        'Há 47 horas',
        'Há 49 horas',
        'Há 3 dias',
        'Rascunho antigo',
        'Há 60 dias',
      ],
      finished: ['Hoje cedo', 'Ontem', 'Há 47 horas', 'Há 49 horas', 'Há 3 dias', 'Rascunho antigo', 'Há 60 dias'],
      published: ['Hoje cedo', 'Amanhã', 'Daqui a uma semana', 'Ontem', 'Há 47 horas', 'Há 49 horas', 'Há 3 dias', 'Há 60 dias'],
      cancelled: ['Cancelado amanhã', 'Cancelado ontem'],
      draft: ['Rascunho antigo'],
    };
    for (const [filter, names] of Object.entries(expected)) {
      const res = await call('GET', `/api/user-games?filter=${filter}`, organiser.headers);
      expect(
        res.json().map((g: { name: string }) => g.name),
        filter,
      ).toEqual(names);
      expect(res.headers['x-total-count'], filter).toBe(String(names.length));
    }
    for (const filter of ['all', 'finished']) {
      const names = expected[filter]!;
      for (const limit of [1, 2, 3, 5]) {
        for (let offset = 0; offset <= names.length; offset++) {
          const page = await call('GET', `/api/user-games?filter=${filter}&limit=${limit}&offset=${offset}`, organiser.headers);
          expect(
            page.json().map((g: { name: string }) => g.name),
            `${filter} ${limit} ${offset}`,
          ).toEqual(names.slice(offset, offset + limit));
          expect(page.headers['x-total-count']).toBe(String(names.length));
        }
      }
    }
  });
});
