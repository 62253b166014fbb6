import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  DAY_MS,
  DEFAULT_PASSWORD,
  HOUR_MS,
} from '../../../../test-support/server/factories';
import { createTestApp, setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { games as gamesTable, users } from '../../db/schema';
import { FEED_HISTORY_DAYS, readCalendarFeedIfChanged } from './calendar-feed';

const t = setUpTestApp();
// Every test starts at TEST_NOW.
beforeEach(() => t.clock.set(TEST_NOW));

const db = () => t.app.ctx.db;
const GAME_AT = new Date('2026-11-27T22:30:00.000Z');

/** The SEQUENCE of an iCalendar text's only event, read back by ical.js. */
const sequenceOf = (text: string) =>
  Number(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('sequence'));

/** The events of an iCalendar text, read back by ical.js. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startIsUtc: event.startDate.zone?.tzid === 'UTC',
      status: component.getFirstPropertyValue('status'),
    };
  });
}

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('a game in a calendar file', () => {
  it('GET /api/games/{id}/calendar.ics: one event with a stable UID, UTC start, a two-hour end, place and link', async () => {
    const game = await createGame(db(), { name: 'Vôlei da sexta', dateTime: GAME_AT });
    const res = await get(`/api/games/${game.id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="jogo-${game.id}.ics"`);
    expect(res.body).toContain('DTSTART:20261127T223000Z');
    expect(eventsOf(res.body)).toEqual([
      {
        uid: `jogo-${game.id}@bora.test`,
        summary: 'Vôlei da sexta',
        location: 'Ginásio do Centro, Rua das Flores, 100 - Centro, Florianópolis - SC',
        description: `Veja o jogo no Bora Jogar: http://bora.test/apply/${game.id}`,
        start: '2026-11-27T22:30:00.000Z',
        end: '2026-11-28T00:30:00.000Z',
        startIsUtc: true,
        status: 'CONFIRMED',
      },
    ]);
    // The same game gives the same file: calendars update the event instead of adding another.
    t.clock.advance(HOUR_MS);
    expect((await get(`/api/games/${game.id}/calendar.ics`)).body).toBe(res.body);
  });

  it('says CANCELLED once the organiser cancelled the game, with the reason', async () => {
    const organiser = await createSignedInUser(t.app);
    const game = await createGame(db(), { creatorId: organiser.user.id, dateTime: GAME_AT, updatedAt: TEST_NOW });
    const before = sequenceOf((await get(`/api/games/${game.id}/calendar.ics`, organiser.headers)).body);
    t.clock.advance(60_000);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/user-games/${game.id}/cancel`,
      headers: organiser.headers,
      payload: { reason: 'Quadra interditada' },
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = (await get(`/api/games/${game.id}/calendar.ics`, organiser.headers)).body;
    // A later revision, so calendars holding the event replace it.
    expect(sequenceOf(cancelled)).toBeGreaterThan(before);
    const [event] = eventsOf(cancelled);
    expect(event).toMatchObject({ uid: `jogo-${game.id}@bora.test`, status: 'CANCELLED' });
    expect(event!.description).toContain('Jogo cancelado. Motivo: Quadra interditada');
  });

  it('opens only for whoever may see the game: a private one not for strangers, a draft not for visitors', async () => {
    const organiser = await createSignedInUser(t.app);
    const player = await createSignedInUser(t.app);
    const stranger = await createSignedInUser(t.app);
    const hidden = await createGame(db(), { creatorId: organiser.user.id, visibility: 'private' });
    await createRegistration(db(), { gameId: hidden.id, userId: player.user.id, status: 'confirmed' });
    const draft = await createGame(db(), { creatorId: organiser.user.id, state: 'draft' });
    for (const [url, headers] of [
      [`/api/games/${hidden.id}/calendar.ics`, {}],
      [`/api/games/${hidden.id}/calendar.ics`, stranger.headers],
      [`/api/games/${draft.id}/calendar.ics`, player.headers],
      ['/api/games/999999/calendar.ics', {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Jogo não encontrado ou não está disponível para inscrição');
    }
    expect((await get(`/api/games/${hidden.id}/calendar.ics`, player.headers)).statusCode).toBe(200);
    expect((await get(`/api/games/${hidden.id}/calendar.ics`, organiser.headers)).statusCode).toBe(200);
    expect((await get(`/api/games/${draft.id}/calendar.ics`, organiser.headers)).statusCode).toBe(200);
  });
});

describe("the player's private calendar feed", () => {
  async function feedOf(headers: Record<string, string>) {
    const res = await get('/api/users/me/calendar', headers);
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    return { url, path: new URL(url).pathname };
  }

  it('GET /api/users/me/calendar gives an absolute address under PUBLIC_URL with a 64-hex-digit secret, the same every time', async () => {
    const player = await createSignedInUser(t.app);
    const { url } = await feedOf(player.headers);
    expect(url).toMatch(/^http:\/\/bora\.test\/api\/calendar\/[0-9a-f]{64}\.ics$/);
    expect((await feedOf(player.headers)).url).toBe(url);
    const other = await createSignedInUser(t.app);
    expect((await feedOf(other.headers)).url).not.toBe(url);
    expect((await get('/api/users/me/calendar')).statusCode).toBe(401);
  });

  it('lists, without signing in, the games the player is confirmed in, pending in (tentative), and those cancelled by the organiser as CANCELLED', async () => {
    const player = await createSignedInUser(t.app);
    const organiser = await createSignedInUser(t.app);
    const confirmed = await createGame(db(), { name: 'Confirmado', dateTime: GAME_AT });
    const pending = await createGame(db(), { name: 'Pendente', dateTime: new Date(GAME_AT.getTime() + DAY_MS) });
    const expired = await createGame(db(), { name: 'Prazo vencido' });
    const waiting = await createGame(db(), { name: 'Na fila' });
    const left = await createGame(db(), { name: 'Desisti' });
    const called = await createGame(db(), {
      name: 'Cancelado pelo organizador',
      creatorId: organiser.user.id,
      dateTime: new Date(GAME_AT.getTime() + 2 * DAY_MS),
    });
    const notMine = await createGame(db(), { name: 'De outra pessoa' });
    await addCredits(db(), player.user.id, 5000);
    for (const game of [confirmed, left, called]) {
      const apply = await t.app.inject({
        method: 'POST',
        url: `/api/games/${game.id}/apply`,
        headers: player.headers,
        payload: { paymentType: 'credit' },
      });
      expect(apply.statusCode).toBe(200);
    }
    await createRegistration(db(), {
      gameId: pending.id,
      userId: player.user.id,
      status: 'pending',
      paymentType: 'stripe',
      paymentDeadline: new Date(TEST_NOW.getTime() + HOUR_MS),
    });
    await createRegistration(db(), {
      gameId: expired.id,
      userId: player.user.id,
      status: 'pending',
      paymentType: 'stripe',
      paymentDeadline: new Date(TEST_NOW.getTime() - 1),
    });
    await createRegistration(db(), { gameId: waiting.id, userId: player.user.id, status: 'waitlist' });
    expect((await t.app.inject({ method: 'POST', url: `/api/games/${left.id}/cancel`, headers: player.headers })).statusCode).toBe(200);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/user-games/${called.id}/cancel`,
      headers: organiser.headers,
      payload: { reason: 'Chuva' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(notMine.id).toBeGreaterThan(0);

    const { path } = await feedOf(player.headers);
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.body).toContain('X-WR-CALNAME:Bora Jogar: meus jogos');
    expect(eventsOf(res.body).map((event) => [event.summary, event.status, event.uid])).toEqual([
      ['Confirmado', 'CONFIRMED', `jogo-${confirmed.id}@bora.test`],
      ['Pendente', 'TENTATIVE', `jogo-${pending.id}@bora.test`],
      ['Cancelado pelo organizador', 'CANCELLED', `jogo-${called.id}@bora.test`],
    ]);
  });

  it('POST /api/users/me/calendar/regenerate gives a new address and the old one answers 404', async () => {
    const player = await createSignedInUser(t.app);
    const before = await feedOf(player.headers);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/me/calendar/regenerate', headers: player.headers });
    expect(res.statusCode).toBe(200);
    const { url, message } = res.json() as { url: string; message: string };
    expect(message).toBe('Novo link da agenda gerado. O link antigo parou de funcionar.');
    expect(url).toMatch(/^http:\/\/bora\.test\/api\/calendar\/[0-9a-f]{64}\.ics$/);
    expect(url).not.toBe(before.url);
    expect((await feedOf(player.headers)).url).toBe(url);
    const old = await get(before.path);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe('Agenda não encontrada. Gere um novo link no seu perfil.');
    expect((await get(new URL(url).pathname)).statusCode).toBe(200);
    for (const guess of ['/api/calendar/abc.ics', `/api/calendar/${'0'.repeat(64)}.ics`, `/api/calendar/${'g'.repeat(64)}.ics`]) {
      expect((await get(guess)).statusCode, guess).toBe(404);
    }
  });

  it('is in the data export as active (without its secret), and deleting the account ends it', async () => {
    const player = await createSignedInUser(t.app);
    const { url, path } = await feedOf(player.headers);
    const exported = await get('/api/users/me/export', player.headers);
    expect(exported.json().calendarFeed).toEqual({ active: true });
    expect(exported.body).not.toContain(url.split('/').pop()!.replace('.ics', ''));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: player.headers,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(path)).statusCode).toBe(404);
  });
});

describe('the feed over years of games', () => {
  const feedTokenOf = async (userId: number) =>
    (await db().select({ token: users.calendarToken }).from(users).where(eq(users.id, userId)))[0]!.token!;

  it('holds the last 60 days and everything ahead', async () => {
    const player = await createSignedInUser(t.app);
    const at = (days: number) => new Date(TEST_NOW.getTime() + days * DAY_MS);
    const games = [
      await createGame(db(), { name: 'Há 61 dias', dateTime: at(-61) }),
      await createGame(db(), { name: 'Há 59 dias', dateTime: at(-59) }),
      await createGame(db(), { name: 'Daqui a 200 dias', dateTime: at(200) }),
    ];
    for (const game of games) await createRegistration(db(), { gameId: game.id, userId: player.user.id, status: 'confirmed' });
    const calendarToken = await feedTokenOf(player.user.id);
    const res = await get(`/api/calendar/${calendarToken}.ics`);
    expect(eventsOf(res.body).map((event) => event.summary)).toEqual(['Há 59 dias', 'Daqui a 200 dias']);
    expect(FEED_HISTORY_DAYS).toBe(60);
  });

  it('names its content with an ETag: the same tag answers nothing new until a game in it changes', async () => {
    const player = await createSignedInUser(t.app);
    const game = await createGame(db(), { name: 'Vôlei da sexta', dateTime: GAME_AT, updatedAt: TEST_NOW });
    await createRegistration(db(), { gameId: game.id, userId: player.user.id, status: 'confirmed' });
    const calendarToken = await feedTokenOf(player.user.id);
    const first = await readCalendarFeedIfChanged(t.app.ctx, calendarToken);
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
    expect(eventsOf(first.ics!).map((event) => event.summary)).toEqual(['Vôlei da sexta']);
    // The tag the calendar app holds (alone, in a list, or weak): nothing to send.
    for (const sent of [first.etag, `"outra", ${first.etag}`, `W/${first.etag}`]) {
      expect(await readCalendarFeedIfChanged(t.app.ctx, calendarToken, sent), sent).toEqual({ etag: first.etag, ics: null });
    }
    expect((await readCalendarFeedIfChanged(t.app.ctx, calendarToken, '"outra"')).ics).toBe(first.ics);
    // The organiser edits the game: a new tag and the new event.
    await db()
      .update(gamesTable)
      .set({ name: 'Vôlei de sábado', updatedAt: new Date(TEST_NOW.getTime() + 60_000) })
      .where(eq(gamesTable.id, game.id));
    const changed = await readCalendarFeedIfChanged(t.app.ctx, calendarToken, first.etag);
    expect(changed.etag).not.toBe(first.etag);
    expect(eventsOf(changed.ics!).map((event) => event.summary)).toEqual(['Vôlei de sábado']);
    // Another player's feed with the same game is another content only by its owner's place: a tentative one differs.
    const other = await createSignedInUser(t.app);
    await createRegistration(db(), {
      gameId: game.id,
      userId: other.user.id,
      status: 'pending',
      paymentType: 'stripe',
      paymentDeadline: new Date(TEST_NOW.getTime() + HOUR_MS),
    });
    const otherToken = await feedTokenOf(other.user.id);
    expect((await readCalendarFeedIfChanged(t.app.ctx, otherToken)).etag).not.toBe(changed.etag);
  });
});

describe('a calendar app polling the feed', () => {
  it('gets the ETag with the feed, then a 304 without a body while it holds the current tag, and the feed again once a game changes', async () => {
    const player = await createSignedInUser(t.app);
    const game = await createGame(db(), { name: 'Futevôlei', dateTime: GAME_AT, updatedAt: TEST_NOW });
    await createRegistration(db(), { gameId: game.id, userId: player.user.id, status: 'confirmed' });
    const path = new URL((await get('/api/users/me/calendar', player.headers)).json().url as string).pathname;
    const first = await get(path);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    for (const sent of [etag, `W/${etag}`, `"antiga", ${etag}`]) {
      const unchanged = await get(path, { 'if-none-match': sent });
      expect([unchanged.statusCode, unchanged.body], sent).toEqual([304, '']);
      expect(unchanged.headers.etag).toBe(etag);
      expect(unchanged.headers['cache-control']).toBe('private, max-age=300');
      expect(unchanged.headers['content-type']).toBeUndefined();
    }
    const stale = await get(path, { 'if-none-match': '"antiga"' });
    expect([stale.statusCode, stale.headers.etag, stale.body]).toEqual([200, etag, first.body]);

    await db()
      .update(gamesTable)
      .set({ name: 'Futevôlei na praia', updatedAt: new Date(TEST_NOW.getTime() + 60_000) })
      .where(eq(gamesTable.id, game.id));
    const changed = await get(path, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(eventsOf(changed.body).map((event) => event.summary)).toEqual(['Futevôlei na praia']);
    // A tag is no key: an unknown feed is still a 404 whatever tag comes with it.
    expect((await get(`/api/calendar/${'f'.repeat(64)}.ics`, { 'if-none-match': etag })).statusCode).toBe(404);
  });
});

describe('feed guessing', () => {
  it('is rate limited per address', async () => {
    const limited = await createTestApp({ env: { RATE_LIMITS: 'on' } });
    try {
      const statuses = [];
      for (let i = 0; i < 301; i += 1) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: `/api/calendar/${i.toString(16).padStart(64, '0')}.ics` })).statusCode,
        );
      }
      expect(statuses.slice(0, 300).every((status) => status === 404)).toBe(true);
      expect(statuses[300]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
