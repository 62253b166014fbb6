import { eq } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
  HOUR_MS,
  referenceIds,
} from '../../../../test-support/server/factories';
import { createTestApp, setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { cities, states } from '../../db/schema';

const t = setUpTestApp();
let ids: Awaited<ReturnType<typeof referenceIds>>;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

beforeAll(async () => {
  ids = await referenceIds(t.app.ctx.db);
});

describe('reference data', () => {
  it('lists the active sports with volleyball first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games/sports' });
    expect(res.statusCode).toBe(200);
    const sports = res.json();
    expect(sports[0]).toEqual({ id: expect.any(Number), name: 'Vôlei', active: true });
    expect(sports.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Vôlei de Praia', 'Futevôlei', 'Beach Tennis', 'Futsal']),
    );
  });

  it('lists only active states; all 27 exist with their UF and the zone of their capital', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games/states' });
    expect(res.json()).toEqual([{ id: ids.santaCatarina, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' }]);
    const all = await t.app.ctx.db.select().from(states);
    expect(all).toHaveLength(27);
    const zoneOf = Object.fromEntries(all.map((state) => [state.uf, state.timeZone]));
    expect(zoneOf).toMatchObject({
      AM: 'America/Manaus',
      MT: 'America/Cuiaba',
      AC: 'America/Rio_Branco',
      SC: 'America/Sao_Paulo',
      PE: 'America/Recife',
    });
    for (const zone of Object.values(zoneOf)) expect(() => new Intl.DateTimeFormat('pt-BR', { timeZone: zone })).not.toThrow();
  });

  it('lists the active cities of a state, and none for an unknown state', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/games/cities?stateId=${ids.santaCatarina}` });
    // Grande Florianópolis and the state's main cities (decision 048).
    const names = res.json().map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Florianópolis', 'São José', 'Palhoça', 'Biguaçu', 'Joinville', 'Blumenau', 'Chapecó']));
    const active = await t.app.ctx.db.select().from(cities).where(eq(cities.active, true));
    expect((await t.app.inject({ method: 'GET', url: '/api/games/cities?stateId=99999' })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/games/cities' })).json()).toHaveLength(active.length);
  });

  it('rejects a stateId that is not a positive integer', async () => {
    for (const bad of ['abc', '-1', '1.5', '0']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/games/cities?stateId=${bad}` });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /api/games', () => {
  let organiser: Awaited<ReturnType<typeof createUser>>;
  let listed: { id: number; name: string }[];

  beforeAll(async () => {
    const db = t.app.ctx.db;
    organiser = await createUser(db, { name: 'Otávio Organizador' });
    const base = { creatorId: organiser.id, sportId: ids.volei, stateId: ids.santaCatarina, cityId: ids.florianopolis };
    const later = await createGame(db, {
      ...base,
      name: 'Jogo C',
      dateTime: at(3 * DAY_MS),
      location: 'Arena Joinville',
      cityId: ids.joinville,
    });
    const soon = await createGame(db, { ...base, name: 'Jogo B', dateTime: at(1 * DAY_MS), location: 'Ginásio 100% Vôlei' });
    const startingSoon = await createGame(db, { ...base, name: 'Jogo A', dateTime: at(30 * 60 * 1000), location: 'Praia Mole' });
    // Started: in progress, and over. Neither is anyone's to join.
    await createGame(db, { ...base, name: 'Em andamento', dateTime: at(-30 * 60 * 1000), location: 'Praia Mole' });
    await createGame(db, { ...base, name: 'Velho', dateTime: at(-23 * HOUR_MS) });
    await createGame(db, { ...base, name: 'Rascunho', state: 'draft' });
    await createGame(db, { ...base, name: 'Privado', visibility: 'private' });
    await createGame(db, { ...base, name: 'Cancelado', status: 'cancelled' });
    await createGame(db, {
      ...base,
      name: 'Beach',
      sportId: ids.beachTennis,
      dateTime: at(5 * DAY_MS),
      usePlatformPayment: false,
      priceCents: 2550,
    });
    listed = [startingSoon, soon, later];
    const player = await createUser(db);
    await createRegistration(db, { gameId: soon.id, userId: player.id, status: 'confirmed' });
    await createRegistration(db, { gameId: soon.id, userId: (await createUser(db)).id, status: 'pending', paymentDeadline: at(HOUR_MS) });
  });

  const names = (res: { json(): unknown }) => (res.json() as { name: string }[]).map((g) => g.name);

  it('shows published, public, active games not started yet, by date, counting only those', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games' });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Jogo A', 'Jogo B', 'Jogo C', 'Beach']);
    expect(res.headers['x-total-count']).toBe('4');
  });

  it('describes each game with slots, price, reference objects and the creator name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games' });
    const game = res.json().find((g: { name: string }) => g.name === 'Jogo B');
    expect(game).toMatchObject({
      id: listed[1]!.id,
      location: 'Ginásio 100% Vôlei',
      price: 10,
      totalSlots: 10,
      remainingSlots: 8,
      availableSlots: 8,
      registeredPlayers: 2,
      waitlistCount: 0,
      visibility: 'public',
      publicationState: 'published',
      status: 'active',
      usePlatformPayment: true,
      sport: { id: ids.volei, name: 'Vôlei' },
      state: { id: ids.santaCatarina, name: 'Santa Catarina', uf: 'SC' },
      city: { id: ids.florianopolis, name: 'Florianópolis' },
      creator: { id: organiser.id, name: 'Otávio Organizador' },
      privateLink: null,
      descriptionHtml: '<p>Traga água e chegue 10 minutos antes.</p>',
    });
    expect(game.creator).not.toHaveProperty('email');
    expect(game).not.toHaveProperty('userRegistration');
    expect(new Date(game.dateTime).toISOString()).toBe(game.dateTime);
    const beach = res.json().find((g: { name: string }) => g.name === 'Beach');
    expect(beach).toMatchObject({ price: 25.5, usePlatformPayment: false });
  });

  it('filters by sport, state, city and location (case-insensitive, wildcards literal)', async () => {
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/games?${query}` });
    expect(names(await get(`sportId=${ids.beachTennis}`))).toEqual(['Beach']);
    expect(names(await get(`stateId=${ids.santaCatarina}`))).toHaveLength(4);
    expect(names(await get(`cityId=${ids.joinville}`))).toEqual(['Jogo C']);
    expect(names(await get('location=praia%20MOLE'))).toEqual(['Jogo A']);
    expect(names(await get('location=100%25'))).toEqual(['Jogo B']);
    expect(names(await get('location=_'))).toEqual([]);
    const none = await get('stateId=9999');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('ignores empty filter values (a cleared filter)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games?sportId=&date=&location=' });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toHaveLength(4);
  });

  it('filters by calendar day in São Paulo time', async () => {
    const db = t.app.ctx.db;
    // 2026-12-01 00:30 and 23:30 in São Paulo are 03:30Z on the 1st and 02:30Z on the 2nd.
    await createGame(db, { name: 'Madrugada', dateTime: new Date('2026-12-01T03:30:00Z') });
    await createGame(db, { name: 'Noite', dateTime: new Date('2026-12-02T02:30:00Z') });
    await createGame(db, { name: 'Véspera', dateTime: new Date('2026-12-01T02:59:00Z') });
    const res = await t.app.inject({ method: 'GET', url: '/api/games?date=2026-12-01' });
    expect(names(res)).toEqual(['Madrugada', 'Noite']);
  });

  it('pages with limit and offset, keeping the total in X-Total-Count', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/games?limit=2' });
    const second = await t.app.inject({ method: 'GET', url: '/api/games?limit=2&offset=2' });
    const all = await t.app.inject({ method: 'GET', url: '/api/games' });
    expect([...names(first), ...names(second)]).toEqual(names(all).slice(0, 4));
    expect(first.headers['x-total-count']).toBe(all.headers['x-total-count']);
  });

  it('rejects invalid filters with 400', async () => {
    for (const query of [
      'sportId=abc',
      'cityId=-2',
      'date=2026-02-30',
      'date=01/12/2026',
      'limit=0',
      'limit=101',
      'offset=-1',
      `location=${'x'.repeat(101)}`,
      'unknown=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/games?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('tells a signed-in player where they stand in each game', async () => {
    const db = t.app.ctx.db;
    const { user, headers } = await createSignedInUser(t.app);
    const full = await createGame(db, { name: 'Lotado', totalSlots: 1, dateTime: at(2 * DAY_MS) });
    await createRegistration(db, { gameId: full.id, userId: (await createUser(db)).id, status: 'confirmed' });
    await createRegistration(db, { gameId: full.id, userId: (await createUser(db)).id, status: 'waitlist' });
    await createRegistration(db, { gameId: full.id, userId: user.id, status: 'waitlist', joinedAt: at(1000) });
    await createRegistration(db, { gameId: listed[1]!.id, userId: user.id, status: 'confirmed' });
    const res = await t.app.inject({ method: 'GET', url: '/api/games', headers });
    const byName = (name: string) => res.json().find((g: { name: string }) => g.name === name);
    expect(byName('Lotado')).toMatchObject({
      remainingSlots: 0,
      waitlistCount: 2,
      userRegistration: { isRegistered: false, isOnWaitlist: true },
      registrationType: 'waitlist',
      waitlistPosition: 2,
    });
    expect(byName('Jogo B')).toMatchObject({
      userRegistration: { isRegistered: true, isOnWaitlist: false },
      registrationType: 'confirmed',
      paymentType: 'external',
    });
    expect(byName('Jogo C')).toMatchObject({
      userRegistration: { isRegistered: false, isOnWaitlist: false },
      registrationType: null,
      waitlistPosition: null,
    });
  });

  it('caps a large list at 100 games per reply', async () => {
    const db = t.app.ctx.db;
    const creatorId = organiser.id;
    for (let i = 0; i < 110; i += 1) await createGame(db, { creatorId, name: `Massa ${i}`, dateTime: at(10 * DAY_MS + i * HOUR_MS) });
    const res = await t.app.inject({ method: 'GET', url: '/api/games' });
    expect(res.json()).toHaveLength(100);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(110);
  });
});

describe('the visitor list cache (LISTING_CACHE_MS)', () => {
  it("serves the same list for its lifetime, with the signed-in caller's own registrations always current", async () => {
    const cached = await createTestApp({ env: { LISTING_CACHE_MS: '1000' } });
    try {
      const db = cached.app.ctx.db;
      const names = async (headers: Record<string, string> = {}) => {
        const res = await cached.app.inject({ method: 'GET', url: '/api/games?location=Cache', headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('application/json');
        return { names: (res.json() as Array<{ name: string }>).map((g) => g.name), total: res.headers['x-total-count'] };
      };
      const primeiro = await createGame(db, { name: 'Primeiro', location: 'Quadra Cache' });
      expect(await names()).toEqual({ names: ['Primeiro'], total: '1' });

      const player = await createSignedInUser(cached.app);
      const mine = async () => {
        const res = await cached.app.inject({ method: 'GET', url: '/api/games?location=Cache', headers: player.headers });
        return (res.json() as Array<{ name: string; registrationType: string | null }>).map((g) => [g.name, g.registrationType]);
      };
      expect(await mine()).toEqual([['Primeiro', null]]);

      await createGame(db, { name: 'Segundo', location: 'Quadra Cache', dateTime: at(8 * DAY_MS) });
      expect(await names()).toEqual({ names: ['Primeiro'], total: '1' });
      // Still the cached games, but what the player did is read at once.
      await createRegistration(db, { gameId: primeiro.id, userId: player.user.id, status: 'waitlist' });
      expect(await mine()).toEqual([['Primeiro', 'waitlist']]);

      // Just past its lifetime the old list is served once more while it refreshes in the background.
      cached.clock.advance(1001);
      await vi.waitFor(async () => expect(await names()).toEqual({ names: ['Primeiro', 'Segundo'], total: '2' }));

      // Long past it, the list is rebuilt before answering.
      await createGame(db, { name: 'Terceiro', location: 'Quadra Cache', dateTime: at(9 * DAY_MS) });
      cached.clock.advance(5000);
      expect((await names()).names).toEqual(['Primeiro', 'Segundo', 'Terceiro']);

      // A browser asking for gzip gets the same list compressed once, not twice.
      const zipped = await cached.app.inject({ method: 'GET', url: '/api/games?location=Cache', headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect((JSON.parse(gunzipSync(zipped.rawPayload).toString()) as Array<{ name: string }>).map((g) => g.name)).toEqual([
        'Primeiro',
        'Segundo',
        'Terceiro',
      ]);
    } finally {
      await cached.close();
    }
  });
});

describe("the spec's filters and names", () => {
  it('filters by status: active by default, cancelled on request, anything else a 400 in Portuguese', async () => {
    const location = `Quadra Status ${Date.now()}`;
    const open = await createGame(t.app.ctx.db, { location, dateTime: at(3 * DAY_MS) });
    const cancelled = await createGame(t.app.ctx.db, { location, dateTime: at(3 * DAY_MS), status: 'cancelled', cancelReason: 'Chuva' });
    // The cancelled list keeps the spec's 24 hours back; the open list has no game that started.
    const cancelledYesterday = await createGame(t.app.ctx.db, { location, dateTime: at(-23 * HOUR_MS), status: 'cancelled' });
    await createGame(t.app.ctx.db, { location, dateTime: at(-HOUR_MS) });
    const list = async (extra: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/games?location=${encodeURIComponent(location)}${extra}` }))
        .json()
        .map((g: { id: number }) => g.id);
    expect(await list('')).toEqual([open.id]);
    expect(await list('&status=active')).toEqual([open.id]);
    expect(await list('&status=cancelled')).toEqual([cancelledYesterday.id, cancelled.id]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/games?status=talvez' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status inválido: use active ou cancelled.');
  });

  it('filters by privateLink: the game with that link, whatever its visibility, else an empty list', async () => {
    const secret = await createGame(t.app.ctx.db, { visibility: 'private', dateTime: at(2 * DAY_MS) });
    const found = await t.app.inject({ method: 'GET', url: `/api/games?privateLink=${encodeURIComponent(secret.privateLink)}` });
    expect(found.statusCode).toBe(200);
    expect(found.json().map((g: { id: number }) => g.id)).toEqual([secret.id]);
    // The list never hands the link out: the caller already has it.
    expect(found.json()[0].privateLink).toBeNull();
    const none = await t.app.inject({ method: 'GET', url: '/api/games?privateLink=nao-existe' });
    expect(none.json()).toEqual([]);
  });

  it('gives each game its São Paulo date and time and slots, and a waitlisted caller the id of their place in line', async () => {
    // 22:30 UTC is 19:30 in São Paulo, on the same day.
    const game = await createGame(t.app.ctx.db, { totalSlots: 1, dateTime: new Date('2026-11-27T22:30:00.000Z') });
    await createRegistration(t.app.ctx.db, { gameId: game.id, userId: (await createUser(t.app.ctx.db)).id, status: 'confirmed' });
    const waiting = await createSignedInUser(t.app);
    const line = await createRegistration(t.app.ctx.db, { gameId: game.id, userId: waiting.user.id, status: 'waitlist' });
    const seen = (await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: waiting.headers })).json();
    expect(seen).toMatchObject({ date: '2026-11-27', time: '19:30', slots: 1, totalSlots: 1, waitlistId: line.id, waitlistPosition: 1 });
    const visitor = (await t.app.inject({ method: 'GET', url: `/api/games/${game.id}` })).json();
    expect(visitor).toMatchObject({ date: '2026-11-27', time: '19:30', slots: 1 });
    expect(visitor.waitlistId).toBeUndefined();
  });

  it('shows the filters and the fields in the OpenAPI document, with where we differ from the spec', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const list = spec.paths['/api/games'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['status', 'privateLink', 'sportId', 'date']),
    );
    expect(list.description).toContain('decisão 022');
    const game = list.responses['200'].content['application/json'].schema.items.properties;
    expect(Object.keys(game)).toEqual(expect.arrayContaining(['date', 'time', 'slots', 'waitlistId']));
  });
});
