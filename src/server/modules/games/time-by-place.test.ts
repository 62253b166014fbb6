import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  referenceIds,
} from '../../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { cities, games, notifications, states } from '../../db/schema';

// Decision 037: a game is shown on the clocks of its place. TEST_NOW is 20/11/2026 08:00 in Manaus (UTC−4, one hour
// behind São Paulo); the game is the next day at 19:30 there, 23:30 UTC, which São Paulo's clocks read as 20:30.
const GAME_AT = new Date('2026-11-21T23:30:00.000Z');

const t = setUpTestApp();
beforeEach(() => t.clock.set(TEST_NOW));
const db = () => t.app.ctx.db;

let ref: Awaited<ReturnType<typeof referenceIds>>;
const place = { amazonas: 0, manaus: 0, matoGrosso: 0, cuiaba: 0, acre: 0 };
beforeAll(async () => {
  ref = await referenceIds(db());
  const stateOf = async (uf: string) => {
    const [state] = await db().update(states).set({ active: true }).where(eq(states.uf, uf)).returning();
    return state!.id;
  };
  const cityIn = async (stateId: number, name: string) => (await db().insert(cities).values({ stateId, name }).returning())[0]!.id;
  place.amazonas = await stateOf('AM');
  place.manaus = await cityIn(place.amazonas, 'Manaus');
  place.matoGrosso = await stateOf('MT');
  place.cuiaba = await cityIn(place.matoGrosso, 'Cuiabá');
  place.acre = await stateOf('AC');
});

const manausGame = (overrides: Parameters<typeof createGame>[1] = {}) =>
  createGame(db(), { name: 'Vôlei na Ponta Negra', dateTime: GAME_AT, stateId: place.amazonas, cityId: place.manaus, ...overrides });

describe('a game in Manaus at 19:30 local time', () => {
  it('carries its state zone, and the API says 19:30 with the zone', async () => {
    const game = await manausGame();
    expect(game.timeZone).toBe('America/Manaus');
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dateTime: GAME_AT.toISOString(), timeZone: 'America/Manaus', date: '2026-11-21', time: '19:30' });
  });

  it('confirms a credit apply (the one-statement path) with a notice that says 19:30', async () => {
    const game = await manausGame();
    const { user, headers } = await createSignedInUser(t.app);
    await addCredits(db(), user.id, 1000);
    const res = await t.app.inject({ method: 'POST', url: `/api/games/${game.id}/apply`, headers, payload: { paymentType: 'credit' } });
    expect(res.json()).toMatchObject({ registrationType: 'confirmed', paymentType: 'credit' });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.gameId, game.id)));
    expect(notice!.message).toContain('21/11/2026 às 19:30');
  });

  it('is in a calendar at 23:30 UTC, which a calendar in America/Manaus shows at 19:30', async () => {
    const game = await manausGame();
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('DTSTART:20261121T233000Z');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent')!);
    const start = event.startDate.toJSDate();
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Manaus', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start),
    ).toBe('19:30');
  });

  it('gives the organiser a spreadsheet whose times read on Manaus clocks', async () => {
    const organiser = await createSignedInUser(t.app);
    const game = await manausGame({ creatorId: organiser.user.id });
    const player = await createUser(db(), { name: 'Ana Manauara' });
    await createRegistration(db(), { gameId: game.id, userId: player.id, status: 'confirmed', createdAt: GAME_AT });
    const res = await t.app.inject({ method: 'GET', url: `/api/user-games/${game.id}/registrations.csv`, headers: organiser.headers });
    expect(res.statusCode).toBe(200);
    const row = res.body.split('\r\n').find((line) => line.startsWith('Ana Manauara;'));
    expect(row?.endsWith(';21/11/2026 19:30')).toBe(true);
  });

  it('is listed on its own day: 23:00 in Rio Branco on the 25th is the 25th there, though the 26th in São Paulo', async () => {
    const late = await createGame(db(), {
      name: 'Futevôlei da noite',
      dateTime: new Date('2026-11-26T04:00:00.000Z'),
      stateId: place.acre,
    });
    expect(late.timeZone).toBe('America/Rio_Branco');
    const on = async (date: string) =>
      ((await t.app.inject({ method: 'GET', url: `/api/games?date=${date}` })).json() as { id: number }[]).map((g) => g.id);
    expect(await on('2026-11-25')).toContain(late.id);
    expect(await on('2026-11-26')).not.toContain(late.id);
  });
});

describe('a game created or moved from a date-time without a zone', () => {
  it('reads it on the clocks of the chosen state: 19:30 in Mato Grosso is 23:30 UTC', async () => {
    const { headers } = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-games',
      headers,
      payload: {
        name: 'Vôlei em Cuiabá',
        location: 'Arena Pantanal',
        dateTime: '2026-11-28T19:30',
        price: 20,
        totalSlots: 12,
        visibility: 'public',
        usePlatformPayment: true,
        state: 'published',
        sportId: ref.volei,
        stateId: place.matoGrosso,
        cityId: place.cuiaba,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().game).toMatchObject({ dateTime: '2026-11-28T23:30:00.000Z', timeZone: 'America/Cuiaba', time: '19:30' });
    const [row] = await db()
      .select({ dateTime: games.dateTime, timeZone: games.timeZone })
      .from(games)
      .where(eq(games.id, res.json().game.id));
    expect(row).toEqual({ dateTime: new Date('2026-11-28T23:30:00.000Z'), timeZone: 'America/Cuiaba' });
  });

  it('takes the zone of its new state when moved, and São Paulo’s without one', async () => {
    const game = await manausGame();
    await db().update(games).set({ stateId: ref.santaCatarina, cityId: ref.florianopolis }).where(eq(games.id, game.id));
    expect((await db().select({ timeZone: games.timeZone }).from(games).where(eq(games.id, game.id)))[0]!.timeZone).toBe(
      'America/Sao_Paulo',
    );
    const placeless = await createGame(db(), { visibility: 'private', stateId: null, cityId: null, timeZone: 'America/Manaus' });
    expect(placeless.timeZone).toBe('America/Sao_Paulo');
  });
});
