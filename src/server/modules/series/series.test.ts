import { and, asc, eq, ne } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addCredits,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
  HOUR_MS,
  referenceIds,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { games, invitations, notifications, registrations, seriesMembers, users } from '../../db/schema';
import { rollSeriesForward } from './roll-series-forward';

const t = setUpTestApp();
let ref: Awaited<ReturnType<typeof referenceIds>>;
beforeAll(async () => {
  ref = await referenceIds(t.app.ctx.db);
});
afterEach(() => t.clock.set(TEST_NOW));

const db = () => t.app.ctx.db;
type Headers = { authorization: string };

/** Thursdays at 19:30 in São Paulo from 26/11/2026 (TEST_NOW is Friday 20/11, 09:00 there). */
function payload(overrides: Record<string, unknown> = {}) {
  const place = { sportId: ref.volei, stateId: ref.santaCatarina, cityId: ref.florianopolis };
  const weekly = { firstDateTime: '2026-11-26T19:30', occurrences: 8, memberSlots: 3 };
  return {
    name: 'Racha de quinta',
    location: 'Arena Beira-Mar',
    address: 'Av. Beira-Mar Norte, 1000',
    price: 10,
    totalSlots: 4,
    ...place,
    ...weekly,
    ...overrides,
  };
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, body?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });

async function createSeries(overrides: Record<string, unknown> = {}) {
  const organiser = await createSignedInUser(t.app);
  const res = await api('POST', '/series', organiser.headers, payload(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return { organiser, id: res.json().series.id as number, games: res.json().games as { id: number; date: string; time: string }[] };
}

async function member(cents: number, extra: Record<string, unknown> = {}) {
  const player = await createSignedInUser(t.app, extra);
  if (cents > 0) await addCredits(db(), player.user.id, cents);
  return player;
}

const liveRegistrations = (gameId: number) =>
  db()
    .select()
    .from(registrations)
    .where(and(eq(registrations.gameId, gameId), ne(registrations.status, 'cancelled')))
    .orderBy(asc(registrations.id));
const balanceOf = async (userId: number) => (await db().select().from(users).where(eq(users.id, userId)))[0]!.balanceCents;

describe('POST /series', () => {
  it('publishes the games of the next five weeks at the same São Paulo time, over the month end', async () => {
    const { organiser, games: created, id } = await createSeries();
    expect(created.map((game) => `${game.date} ${game.time}`)).toEqual([
      '2026-11-26 19:30',
      '2026-12-03 19:30',
      '2026-12-10 19:30',
      '2026-12-17 19:30',
      '2026-12-24 19:30',
    ]);
    const rows = await db().select().from(games).where(eq(games.seriesId, id)).orderBy(asc(games.seriesWeek));
    expect(rows.map((row) => [row.seriesWeek, row.state, row.creatorId, row.dateTime.toISOString()])).toEqual([
      [0, 'published', organiser.user.id, '2026-11-26T22:30:00.000Z'],
      [1, 'published', organiser.user.id, '2026-12-03T22:30:00.000Z'],
      [2, 'published', organiser.user.id, '2026-12-10T22:30:00.000Z'],
      [3, 'published', organiser.user.id, '2026-12-17T22:30:00.000Z'],
      [4, 'published', organiser.user.id, '2026-12-24T22:30:00.000Z'],
    ]);
    const list = await api('GET', '/series', organiser.headers);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id,
        memberSlots: 3,
        members: 0,
        memberPlacesLeft: 3,
        occurrences: 8,
        gamesCreated: 5,
        weekday: 'quinta-feira',
        time: '19:30',
      }),
    ]);
    // Each one is an ordinary game that knows its series.
    const publicGame = await api('GET', `/games/${created[0]!.id}`);
    // Three of its four places are kept for mensalistas (decision 046).
    expect(publicGame.json()).toMatchObject({ seriesId: id, remainingSlots: 1, memberPlacesFree: 3 });
  });

  it('answers 400 with a pt-BR message per field and creates nothing', async () => {
    const { headers, user } = await createSignedInUser(t.app);
    const res = await api('POST', '/series', headers, payload({ firstDateTime: '', occurrences: 53, memberSlots: 5, totalSlots: 4 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstDateTime: 'Informe a data e a hora do primeiro jogo.',
      occurrences: 'Informe de 1 a 52 semanas.',
      memberSlots: 'As vagas de mensalistas vão de 0 até o total de vagas (4).',
    });
    const past = await api('POST', '/series', headers, payload({ firstDateTime: '2026-11-19T19:30', occurrences: 0 }));
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toMatchObject({
      firstDateTime: 'A data e hora do jogo devem ser no futuro',
      occurrences: 'Informe de 1 a 52 semanas.',
    });
    for (const price of [12.345, 'NaN', -1]) {
      const res = await api('POST', '/series', headers, payload({ price }));
      expect([price, res.statusCode, res.json().fields]).toEqual([price, 400, { price: res.json().message }]);
    }
    expect(await db().select().from(games).where(eq(games.creatorId, user.id))).toEqual([]);
    // The price, in reais, stored as exact centavos in every game of the series.
    const created = await api('POST', '/series', headers, payload({ price: 19.99 }));
    expect([created.statusCode, created.json().series.price]).toEqual([201, 19.99]);
    const rows = await db().select().from(games).where(eq(games.creatorId, user.id));
    expect(rows.map((row) => row.priceCents)).toEqual([1999, 1999, 1999, 1999, 1999]);
  });

  it('asks a player without a phone for one', async () => {
    const { headers } = await createSignedInUser(t.app, { phone: null });
    const res = await api('POST', '/series', headers, payload());
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ phone: 'Cadastre seu telefone no perfil para ser mensalista.' });
  });
});

describe('GET /series/{id}', () => {
  it('shows games, members and places to the owner and an admin, and is a 404 to anyone else', async () => {
    const { organiser, id } = await createSeries();
    const player = await member(10_000);
    expect((await api('POST', `/series/${id}/members`, player.headers)).statusCode).toBe(200);

    const own = await api('GET', `/series/${id}`, organiser.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().games).toHaveLength(5);
    expect(own.json().members).toEqual([
      expect.objectContaining({ userId: player.user.id, name: player.user.name, phone: player.user.phone }),
    ]);
    expect(own.json().series).toMatchObject({ members: 1, memberPlacesLeft: 2 });

    const admin = await createSignedInUser(t.app, { role: 'admin' });
    expect((await api('GET', `/series/${id}`, admin.headers)).statusCode).toBe(200);
    const other = await api('GET', `/series/${id}`, player.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Série não encontrada.');
  });
});

describe('mensalistas', () => {
  it('a member holds a place in every game, paid from credits while they last and pending with a deadline after', async () => {
    const { id, games: created } = await createSeries();
    const player = await member(3000);
    const res = await api('POST', `/series/${id}/members`, player.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.games.map((game: { outcome: string }) => game.outcome)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
      'pending',
      'pending',
    ]);
    // 48 hours before the game (17/12 19:30 in São Paulo) to pay.
    expect(body.games[3].paymentDeadline).toBe('2026-12-15T22:30:00.000Z');
    expect(body.credits).toBe(0);
    expect(body.series).toMatchObject({ isMember: true, members: 1 });
    expect(await balanceOf(player.user.id)).toBe(0);
    // One notice for the five weeks (issue 42), pointing at the first, naming each week's deadline to pay.
    const notices = await db().select().from(notifications).where(eq(notifications.userId, player.user.id));
    expect(notices.map((notice) => [notice.type, notice.gameId])).toEqual([['member_place_pending', created[0]!.id]]);
    expect(notices[0]!.message).toContain('17/12/2026 às 19:30 (R$ 10,00 até 15/12/2026 às 19:30)');

    // Public places: one of four held by the member, two more kept for other mensalistas.
    const game = await api('GET', `/games/${created[0]!.id}`);
    expect(game.json()).toMatchObject({ remainingSlots: 1, memberPlacesFree: 2 });
    await expectLedgerBalanced(db());
  });

  it('refuses a second membership and members past memberSlots (409), and a player without a phone (400)', async () => {
    const { id } = await createSeries({ memberSlots: 1 });
    const first = await member(10_000);
    expect((await api('POST', `/series/${id}/members`, first.headers)).statusCode).toBe(200);
    const again = await api('POST', `/series/${id}/members`, first.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'already_member', message: 'Você já é mensalista desta série.' });
    const second = await member(10_000);
    const full = await api('POST', `/series/${id}/members`, second.headers);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ code: 'member_places_full', message: 'As vagas de mensalistas desta série estão esgotadas.' });
    const noPhone = await member(0, { phone: null });
    const { id: other } = await createSeries();
    const refused = await api('POST', `/series/${other}/members`, noPhone.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'phone_required', message: 'Cadastre seu telefone no perfil para ser mensalista.' });
    expect(await liveRegistrations((await db().select().from(games).where(eq(games.seriesId, other)))[0]!.id)).toEqual([]);
  });

  it('a full game gives the new member no place and says so', async () => {
    const { id, games: created } = await createSeries({ totalSlots: 2, memberSlots: 2 });
    for (let i = 0; i < 2; i += 1)
      await createRegistration(db(), { gameId: created[0]!.id, userId: (await createUser(db())).id, status: 'confirmed' });
    const player = await member(10_000);
    const res = await api('POST', `/series/${id}/members`, player.headers);
    expect(res.json().games[0].outcome).toBe('full');
    expect(res.json().message).toBe('Agora você é mensalista! 4 jogo(s) confirmado(s), 1 sem vaga (lotado).');
    expect((await liveRegistrations(created[0]!.id)).map((r) => r.userId)).not.toContain(player.user.id);
  });

  it('leaving keeps the places less than 48 hours away and cancels the others with a refund', async () => {
    const { id, games: created } = await createSeries();
    const player = await member(5000);
    await api('POST', `/series/${id}/members`, player.headers);
    expect(await balanceOf(player.user.id)).toBe(0);
    // Wednesday 25/11 at 09:00 in São Paulo: the first game is 34.5 hours away.
    t.clock.set(new Date(TEST_NOW.getTime() + 5 * DAY_MS));
    const res = await api('DELETE', `/series/${id}/members/me`, player.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cancelled: 4, kept: 1 });
    expect(await balanceOf(player.user.id)).toBe(4000);
    expect((await liveRegistrations(created[0]!.id)).map((r) => r.userId)).toEqual([player.user.id]);
    expect(await liveRegistrations(created[1]!.id)).toEqual([]);
    const again = await api('DELETE', `/series/${id}/members/me`, player.headers);
    expect(again.statusCode).toBe(404);
    await expectLedgerBalanced(db());
  });

  it('the organiser removes a member with a full refund, also of the game two days away; others get a 404', async () => {
    const { organiser, id, games: created } = await createSeries();
    const player = await member(5000);
    await api('POST', `/series/${id}/members`, player.headers);
    t.clock.set(new Date(TEST_NOW.getTime() + 5 * DAY_MS));
    const stranger = await createSignedInUser(t.app);
    expect((await api('DELETE', `/series/${id}/members/${player.user.id}`, stranger.headers)).statusCode).toBe(404);
    const res = await api('DELETE', `/series/${id}/members/${player.user.id}`, organiser.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cancelled).toBe(5);
    expect(await balanceOf(player.user.id)).toBe(5000);
    expect(await liveRegistrations(created[0]!.id)).toEqual([]);
    const [membership] = await db().select().from(seriesMembers).where(eq(seriesMembers.userId, player.user.id));
    expect(membership).toMatchObject({ endReason: 'removed' });
    await expectLedgerBalanced(db());
  });
});

describe('the series rolls forward', () => {
  it('the job publishes each new week once, over the year end, and gives members their place', async () => {
    const { id } = await createSeries({ occurrences: 7 });
    const player = await member(10_000);
    await api('POST', `/series/${id}/members`, player.headers);

    const count = async () => (await db().select().from(games).where(eq(games.seriesId, id))).length;
    await rollSeriesForward(t.app.ctx);
    expect(await count()).toBe(5);
    t.clock.set(new Date(TEST_NOW.getTime() + 7 * DAY_MS));
    expect(await rollSeriesForward(t.app.ctx)).toBeGreaterThanOrEqual(1);
    // Run again, as a second instance would: nothing more.
    expect(await rollSeriesForward(t.app.ctx)).toBe(0);
    expect(await count()).toBe(6);
    t.clock.set(new Date(TEST_NOW.getTime() + 14 * DAY_MS));
    await Promise.all([rollSeriesForward(t.app.ctx), rollSeriesForward(t.app.ctx)]);

    const rows = await db().select().from(games).where(eq(games.seriesId, id)).orderBy(asc(games.seriesWeek));
    expect(rows.map((row) => row.dateTime.toISOString())).toEqual([
      '2026-11-26T22:30:00.000Z',
      '2026-12-03T22:30:00.000Z',
      '2026-12-10T22:30:00.000Z',
      '2026-12-17T22:30:00.000Z',
      '2026-12-24T22:30:00.000Z',
      '2026-12-31T22:30:00.000Z',
      '2027-01-07T22:30:00.000Z',
    ]);
    for (const row of rows.slice(5)) {
      expect((await liveRegistrations(row.id)).map((r) => [r.userId, r.status])).toEqual([[player.user.id, 'confirmed']]);
    }
    // Seven weeks in all: nothing after the last one.
    t.clock.set(new Date(TEST_NOW.getTime() + 40 * DAY_MS));
    await rollSeriesForward(t.app.ctx);
    expect(await db().select().from(games).where(eq(games.seriesId, id))).toHaveLength(7);
    expect(await balanceOf(player.user.id)).toBe(10_000 - 7 * 1000);
    await expectLedgerBalanced(db());
  });
});

describe('a turma’s series', () => {
  /** A turma made and joined through the API: its owner, an organiser, a member and a mensalista to be. */
  async function turma() {
    const [owner, organiser, player, mensalista] = await Promise.all(
      ['Olga Dona', 'Otávio Organiza', 'Ana Souza', 'Mara Mensal'].map((name) => createSignedInUser(t.app, { name })),
    );
    const created = await api('POST', '/groups', owner!.headers, { name: 'Vôlei da Praia', cityId: ref.florianopolis });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json().group as { id: number; slug: string };
    const invite = (await api('GET', `/groups/${group.slug}`, owner!.headers)).json().inviteUrl as string;
    const token = new URL(invite).searchParams.get('convite');
    for (const person of [organiser, player, mensalista]) {
      expect((await api('POST', `/groups/${group.id}/members`, person!.headers, { token })).json().status).toBe('member');
    }
    expect((await api('PUT', `/groups/${group.id}/members/${organiser!.user.id}`, owner!.headers, { role: 'organiser' })).statusCode).toBe(
      200,
    );
    return { group, owner: owner!, organiser: organiser!, player: player!, mensalista: mensalista! };
  }

  it('tells the turma of its first game and of each week the job adds, but not whoever made it nor the mensalistas', async () => {
    const { group, owner, organiser, player, mensalista } = await turma();
    const created = await api('POST', '/series', organiser.headers, payload({ groupId: group.id, visibility: 'group', occurrences: 7 }));
    expect(created.statusCode, created.body).toBe(201);
    const seriesId = created.json().series.id as number;
    const weeks = async () =>
      (await db().select({ id: games.id }).from(games).where(eq(games.seriesId, seriesId)).orderBy(asc(games.seriesWeek))).map((g) => g.id);
    const toldOf = async (gameId: number) =>
      db()
        .select({ userId: notifications.userId, message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.gameId, gameId), eq(notifications.type, 'group_game')))
        .orderBy(asc(notifications.userId));
    const [first, ...others] = await weeks();
    // Five weeks made at once: one notice, of the first, to everyone but the organiser who made the series.
    expect(await toldOf(first!)).toEqual(
      [owner, player, mensalista]
        .map((person) => person.user.id)
        .sort((a, b) => a - b)
        .map((userId) => ({ userId, message: expect.stringMatching(/^Novo jogo na turma Vôlei da Praia: Racha de quinta, /) })),
    );
    for (const other of others) expect(await toldOf(other)).toEqual([]);
    await addCredits(db(), mensalista.user.id, 10_000);
    const joined = await api('POST', `/series/${seriesId}/members`, mensalista.headers);
    expect(joined.statusCode, joined.body).toBe(200);

    // A week later the job adds the sixth week: the turma hears of it (the series is the owner's, the payee's); the
    // mensalista is told of the place held instead.
    t.clock.set(new Date(TEST_NOW.getTime() + 7 * DAY_MS));
    expect(await rollSeriesForward(t.app.ctx)).toBe(1);
    const sixth = (await weeks())[5]!;
    expect((await toldOf(sixth)).map((row) => row.userId)).toEqual([organiser.user.id, player.user.id].sort((a, b) => a - b));
    const mensalistaNotices = await db()
      .select({ type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.gameId, sixth), eq(notifications.userId, mensalista.user.id)));
    expect(mensalistaNotices).toHaveLength(1);
    expect(mensalistaNotices[0]!.type).not.toBe('group_game');
  });
});

describe('PUT /series/{id}', () => {
  it('changes every game to come and tells their players; never fewer member places than members', async () => {
    const { organiser, id, games: created } = await createSeries({ occurrences: 6 });
    const player = await member(10_000);
    await api('POST', `/series/${id}/members`, player.headers);
    const res = await api('PUT', `/series/${id}`, organiser.headers, {
      ...payload({ location: 'Ginásio Novo', price: 12 }),
      firstDateTime: undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().games.map((game: { location: string; price: number }) => [game.location, game.price])).toEqual(
      Array.from({ length: 5 }, () => ['Ginásio Novo', 12]),
    );
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, player.user.id), eq(notifications.type, 'game_changed')));
    expect(notices).toHaveLength(5);
    expect(notices[0]!.message).toContain('o local agora é Ginásio Novo');

    // The week the job adds later copies the edit.
    t.clock.set(new Date(TEST_NOW.getTime() + 7 * DAY_MS));
    await rollSeriesForward(t.app.ctx);
    const [sixth] = await db()
      .select()
      .from(games)
      .where(and(eq(games.seriesId, id), eq(games.seriesWeek, 5)));
    expect(sixth).toMatchObject({ location: 'Ginásio Novo', priceCents: 1200 });
    expect(created).toHaveLength(5);

    t.clock.set(TEST_NOW);
    const fewer = await api('PUT', `/series/${id}`, organiser.headers, { ...payload({ memberSlots: 0 }), firstDateTime: undefined });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().fields.memberSlots).toBe('Já há 1 mensalista(s): as vagas de mensalistas não podem ficar abaixo disso.');
    const stranger = await createSignedInUser(t.app);
    expect((await api('PUT', `/series/${id}`, stranger.headers, payload())).statusCode).toBe(404);
  });
});

describe('POST /series/{id}/cancel', () => {
  it('cancels every game to come with full refunds, ends memberships, and a second cancel is a 409', async () => {
    const { organiser, id, games: created } = await createSeries();
    const player = await member(5000);
    await api('POST', `/series/${id}/members`, player.headers);
    const dropIn = await member(1000);
    expect((await api('POST', `/games/${created[1]!.id}/apply`, dropIn.headers, { paymentType: 'credit' })).statusCode).toBe(200);
    // Two days before the first game: a game cancel refunds in full all the same.
    t.clock.set(new Date(TEST_NOW.getTime() + 5 * DAY_MS));

    expect((await api('POST', `/series/${id}/cancel`, organiser.headers, { reason: '' })).statusCode).toBe(400);
    const res = await api('POST', `/series/${id}/cancel`, organiser.headers, { reason: 'Quadra em reforma' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().series).toMatchObject({ status: 'cancelled', cancelReason: 'Quadra em reforma', members: 0 });
    expect(res.json().games.every((game: { status: string }) => game.status === 'cancelled')).toBe(true);
    expect(await balanceOf(player.user.id)).toBe(5000);
    expect(await balanceOf(dropIn.user.id)).toBe(1000);
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, dropIn.user.id), eq(notifications.type, 'game_cancelled')));
    expect(notices[0]!.message).toContain('Motivo: “Quadra em reforma”');

    expect((await api('POST', `/series/${id}/cancel`, organiser.headers, { reason: 'De novo' })).statusCode).toBe(409);
    t.clock.set(new Date(TEST_NOW.getTime() + 10 * DAY_MS));
    await rollSeriesForward(t.app.ctx);
    expect(await db().select().from(games).where(eq(games.seriesId, id))).toHaveLength(5);
    await expectLedgerBalanced(db());
  });
});

describe('accounts players own (LGPD)', () => {
  it('the export lists memberships and a deleted account leaves every series', async () => {
    const { id, games: created } = await createSeries();
    const player = await member(0, { password: 'senha-da-conta-1' });
    const joined = await api('POST', `/series/${id}/members`, player.headers);
    expect(joined.json().games.every((game: { outcome: string }) => game.outcome === 'pending')).toBe(true);
    const exported = await api('GET', '/users/me/export', player.headers);
    expect(exported.json().seriesMemberships).toEqual([expect.objectContaining({ seriesId: id, leftAt: null, endReason: null })]);

    const deleted = await api('DELETE', '/users/me', player.headers, { password: 'senha-da-conta-1' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [membership] = await db().select().from(seriesMembers).where(eq(seriesMembers.userId, player.user.id));
    expect(membership).toMatchObject({ endReason: 'account_deleted' });
    expect(membership!.leftAt).not.toBeNull();
    for (const game of created) expect(await liveRegistrations(game.id)).toEqual([]);
    t.clock.set(new Date(TEST_NOW.getTime() + 7 * DAY_MS + HOUR_MS));
    await rollSeriesForward(t.app.ctx);
    const [sixth] = await db()
      .select()
      .from(games)
      .where(and(eq(games.seriesId, id), eq(games.seriesWeek, 5)));
    expect(await liveRegistrations(sixth!.id)).toEqual([]);
  });
});

describe('a series that starts more than five weeks ahead', () => {
  // 30/12/2026, a Wednesday 40 days after TEST_NOW: no week is due yet.
  const later = { firstDateTime: '2026-12-30T19:30', occurrences: 3 };

  it('is saved with no game yet, shows its first date on every route, and the job publishes its weeks as they come', async () => {
    const organiser = await createSignedInUser(t.app);
    const res = await api('POST', '/series', organiser.headers, payload(later));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().series.id as number;
    expect(res.json().games).toEqual([]);
    expect(res.json().message).toBe(
      'Série criada! O primeiro jogo, em 30/12/2026, é publicado cinco semanas antes; os próximos saem toda semana.',
    );
    const view = {
      id,
      name: 'Racha de quinta',
      location: 'Arena Beira-Mar',
      price: 10,
      totalSlots: 4,
      gamesCreated: 0,
      firstDateTime: '2026-12-30T22:30:00.000Z',
      weekday: 'quarta-feira',
      time: '19:30',
      visibility: 'public',
      status: 'active',
    };
    expect(res.json().series).toMatchObject(view);
    expect((await api('GET', '/series', organiser.headers)).json()).toEqual([expect.objectContaining(view)]);
    const detail = await api('GET', `/series/${id}`, organiser.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ series: view, games: [], members: [] });
    const player = await member(10_000);
    const membership = await api('GET', `/series/${id}/membership`, player.headers);
    expect(membership.statusCode, membership.body).toBe(200);
    expect(membership.json()).toMatchObject({ ...view, isMember: false, memberPlacesLeft: 3 });

    // A mensalista may join before the first week is out: their places come with the weeks.
    const joined = await api('POST', `/series/${id}/members`, player.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ games: [], series: { isMember: true, members: 1 }, credits: 100 });
    // An edit before any game exists is what the first game is made of.
    const edited = await api('PUT', `/series/${id}`, organiser.headers, {
      ...payload({ ...later, location: 'Ginásio Novo', price: 12 }),
      firstDateTime: undefined,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().series).toMatchObject({ location: 'Ginásio Novo', price: 12, gamesCreated: 0 });

    expect(await rollSeriesForward(t.app.ctx)).toBe(0);
    // 26/11: 30/12 is now within five weeks.
    t.clock.set(new Date(TEST_NOW.getTime() + 6 * DAY_MS));
    expect(await rollSeriesForward(t.app.ctx)).toBe(1);
    const [first] = await db().select().from(games).where(eq(games.seriesId, id));
    expect(first).toMatchObject({
      seriesWeek: 0,
      dateTime: new Date('2026-12-30T22:30:00.000Z'),
      name: 'Racha de quinta',
      location: 'Ginásio Novo',
      priceCents: 1200,
      totalSlots: 4,
      state: 'published',
      status: 'active',
      visibility: 'public',
      creatorId: organiser.user.id,
    });
    expect((await liveRegistrations(first!.id)).map((r) => [r.userId, r.status])).toEqual([[player.user.id, 'confirmed']]);
    expect(await balanceOf(player.user.id)).toBe(10_000 - 1200);
    expect((await api('GET', `/series/${id}`, organiser.headers)).json().series).toMatchObject({ gamesCreated: 1 });
    await expectLedgerBalanced(db());
  });

  it('can be cancelled before its first game, and nothing is published afterwards', async () => {
    const organiser = await createSignedInUser(t.app);
    const id = (await api('POST', '/series', organiser.headers, payload(later))).json().series.id as number;
    const res = await api('POST', `/series/${id}/cancel`, organiser.headers, { reason: 'Quadra em reforma' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ series: { status: 'cancelled', gamesCreated: 0 }, games: [] });
    t.clock.set(new Date(TEST_NOW.getTime() + 10 * DAY_MS));
    await rollSeriesForward(t.app.ctx);
    expect(await db().select().from(games).where(eq(games.seriesId, id))).toEqual([]);
  });
});

describe('weeks a member cannot see', () => {
  it('a new member gets no place in an unpublished week, nor in a week made private unless invited there', async () => {
    const { organiser, id, games: created } = await createSeries();
    const unpublished = await api('POST', `/user-games/${created[1]!.id}/unpublish`, organiser.headers);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    const [privateWeek] = await db().select().from(games).where(eq(games.id, created[2]!.id));
    const madePrivate = await api('PUT', `/user-games/${privateWeek!.id}`, organiser.headers, {
      ...payload({ dateTime: privateWeek!.dateTime.toISOString() }),
      visibility: 'private',
    });
    expect(madePrivate.statusCode, madePrivate.body).toBe(200);

    const player = await member(10_000);
    const res = await api('POST', `/series/${id}/members`, player.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().games.map((game: { gameId: number }) => game.gameId)).toEqual([created[0]!.id, created[3]!.id, created[4]!.id]);
    expect(await balanceOf(player.user.id)).toBe(10_000 - 3 * 1000);
    expect(await liveRegistrations(created[1]!.id)).toEqual([]);
    expect(await liveRegistrations(created[2]!.id)).toEqual([]);

    // Invited to the private week: that one is theirs too.
    const invited = await member(10_000);
    await db().insert(invitations).values({ gameId: created[2]!.id, userId: invited.user.id, email: invited.user.email });
    const joined = await api('POST', `/series/${id}/members`, invited.headers);
    expect(joined.json().games.map((game: { gameId: number }) => game.gameId)).toEqual([
      created[0]!.id,
      created[2]!.id,
      created[3]!.id,
      created[4]!.id,
    ]);
    await expectLedgerBalanced(db());
  });

  it('the job copies the series, not a week made private, into the weeks it adds', async () => {
    const { organiser, id, games: created } = await createSeries({ occurrences: 6 });
    const [latest] = await db().select().from(games).where(eq(games.id, created[4]!.id));
    const res = await api('PUT', `/user-games/${latest!.id}`, organiser.headers, {
      ...payload({ dateTime: latest!.dateTime.toISOString() }),
      visibility: 'private',
    });
    expect(res.statusCode, res.body).toBe(200);
    t.clock.set(new Date(TEST_NOW.getTime() + 7 * DAY_MS));
    await rollSeriesForward(t.app.ctx);
    const [sixth] = await db()
      .select()
      .from(games)
      .where(and(eq(games.seriesId, id), eq(games.seriesWeek, 5)));
    expect(sixth).toMatchObject({ visibility: 'public', state: 'published' });
  });
});

describe('a series someone may not see', () => {
  it('is one and the same 404 on every series route, private, cancelled or missing', async () => {
    const hidden = await createSeries({ visibility: 'private' });
    const ended = await createSeries();
    expect((await api('POST', `/series/${ended.id}/cancel`, ended.organiser.headers, { reason: 'Acabou' })).statusCode).toBe(200);
    const stranger = await member(10_000);
    const routes = (id: number) =>
      [
        ['GET', `/series/${id}`, undefined],
        ['GET', `/series/${id}/membership`, undefined],
        ['PUT', `/series/${id}`, {}],
        ['POST', `/series/${id}/cancel`, { reason: 'Sem motivo' }],
        ['POST', `/series/${id}/members`, {}],
        ['POST', `/series/${id}/members`, { privateLink: 'a'.repeat(32) }],
        ['DELETE', `/series/${id}/members/me`, undefined],
        ['DELETE', `/series/${id}/members/${stranger.user.id}`, undefined],
      ] as const;
    for (const id of [hidden.id, ended.id, 2_000_000]) {
      for (const [method, url, body] of routes(id)) {
        const res = await api(method, url, stranger.headers, body);
        expect([method, url, res.statusCode, res.json()]).toEqual([
          method,
          url,
          404,
          { code: 'series_not_found', message: 'Série não encontrada.' },
        ]);
      }
    }
    expect(await liveRegistrations(hidden.games[0]!.id)).toEqual([]);
    expect(await db().select().from(seriesMembers).where(eq(seriesMembers.userId, stranger.user.id))).toEqual([]);
  });

  it('a private series opens to whoever holds a link of its games or was invited, and a cancelled one to whoever took part', async () => {
    const hidden = await createSeries({ visibility: 'private' });
    const [week] = await db().select().from(games).where(eq(games.id, hidden.games[0]!.id));
    const withLink = await member(10_000);
    const joined = await api('POST', `/series/${hidden.id}/members`, withLink.headers, { privateLink: week!.privateLink });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().games).toHaveLength(5);
    const invited = await member(0);
    await db().insert(invitations).values({ gameId: hidden.games[3]!.id, userId: invited.user.id, email: invited.user.email });
    expect((await api('GET', `/series/${hidden.id}/membership`, invited.headers)).json()).toMatchObject({
      id: hidden.id,
      visibility: 'private',
    });

    expect((await api('POST', `/series/${hidden.id}/cancel`, hidden.organiser.headers, { reason: 'Acabou' })).statusCode).toBe(200);
    const afterwards = await api('GET', `/series/${hidden.id}/membership`, withLink.headers);
    expect(afterwards.statusCode).toBe(200);
    expect(afterwards.json()).toMatchObject({ status: 'cancelled', isMember: false });
    const again = await api('POST', `/series/${hidden.id}/members`, withLink.headers, { privateLink: week!.privateLink });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta série foi cancelada.');
  });
});

describe('OpenAPI', () => {
  it('documents the series routes with their bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/series',
        '/api/series/{id}',
        '/api/series/{id}/cancel',
        '/api/series/{id}/members',
        '/api/series/{id}/members/me',
      ]),
    );
    const body = doc.paths['/api/series'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties ?? body.anyOf?.[0]?.properties ?? {})).toEqual(
      expect.arrayContaining(['firstDateTime', 'occurrences', 'memberSlots']),
    );
    expect(doc.paths['/api/series/{id}'].put.tags).toEqual(['series']);
  });
});
