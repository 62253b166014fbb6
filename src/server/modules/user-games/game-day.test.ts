import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardPaidRegistration, signedInCast } from '../../../../test-support/server/admin';
import {
  createGame,
  createRegistration,
  createSignedInUser,
  DAY_MS,
  DEFAULT_PASSWORD,
  HOUR_MS,
} from '../../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { creditTransactions, gameWalkIns, games, payments, registrations, teamPlayers } from '../../db/schema';

const t = setUpTestApp();

const m = messages.gameDay;
const db = () => t.app.ctx.db;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);
type Headers = Record<string, string>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const setPlayer = (gameId: number, userId: number, headers: Headers, body: object) =>
  call('PUT', `/api/user-games/${gameId}/players/${userId}`, headers, body);
const draw = (gameId: number, headers: Headers, teamCount: number) =>
  call('POST', `/api/user-games/${gameId}/teams`, headers, { teamCount });

/** A game of the organiser starting at `start`, with three confirmed players (levels unset), one pending and one in line. */
async function gameDay(start = TEST_NOW) {
  const cast = await signedInCast(t.app);
  const game = await createGame(db(), { creatorId: cast.organiser.user.id, dateTime: start, name: 'Vôlei do dia' });
  const confirmed = [];
  for (const name of ['Ana', 'Bia', 'Caio']) {
    const player = await createSignedInUser(t.app, { name });
    await createRegistration(db(), { gameId: game.id, userId: player.user.id, status: 'confirmed', paidCents: 1000 });
    confirmed.push(player);
  }
  const pending = await createSignedInUser(t.app, { name: 'Davi' });
  await createRegistration(db(), {
    gameId: game.id,
    userId: pending.user.id,
    status: 'pending',
    paymentType: 'stripe',
    paymentDeadline: at(DAY_MS * 30),
  });
  const waiting = await createSignedInUser(t.app, { name: 'Eva' });
  await createRegistration(db(), { gameId: game.id, userId: waiting.user.id, status: 'waitlist' });
  return { ...cast, game, confirmed, pending, waiting };
}

describe('PUT /api/user-games/{id}/players/{userId}', () => {
  it('the organiser and an admin mark presence and level; the organiser’s game shows them with the no-shows', async () => {
    const { organiser, admin, game, confirmed } = await gameDay();
    const [ana, bia] = confirmed;
    const res = await setPlayer(game.id, ana!.user.id, organiser.headers, { present: true, level: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.playerUpdated, player: { userId: ana!.user.id, present: true, level: 4, noShows: 0 } });
    const byAdmin = await setPlayer(game.id, bia!.user.id, admin.headers, { present: false });
    expect(byAdmin.json().player).toEqual({ userId: bia!.user.id, present: false, level: null, noShows: 1 });
    // Clearing a mark is allowed (a wrong tap).
    expect((await setPlayer(game.id, ana!.user.id, organiser.headers, { level: null })).json().player).toMatchObject({
      present: true,
      level: null,
    });

    const detail = (await call('GET', `/api/user-games/${game.id}`, organiser.headers)).json();
    const row = (userId: number) => detail.registrations.find((r: { userId: number }) => r.userId === userId);
    expect(row(ana!.user.id)).toMatchObject({ present: true, level: null, noShows: 0 });
    expect(row(bia!.user.id)).toMatchObject({ present: false, noShows: 1 });
    expect((await call('GET', `/api/user-games/${game.id}`, admin.headers)).statusCode).toBe(200);
  });

  it('counts no-shows over this organiser’s games only', async () => {
    const { organiser, game, confirmed } = await gameDay();
    const ana = confirmed[0]!;
    const earlier = await createGame(db(), { creatorId: organiser.user.id, dateTime: at(-7 * DAY_MS) });
    await createRegistration(db(), { gameId: earlier.id, userId: ana.user.id, status: 'confirmed', present: false });
    const elsewhere = await createGame(db(), { dateTime: at(-14 * DAY_MS) });
    await createRegistration(db(), { gameId: elsewhere.id, userId: ana.user.id, status: 'confirmed', present: false });
    const detail = (await call('GET', `/api/user-games/${game.id}`, organiser.headers)).json();
    expect(detail.registrations.find((r: { userId: number }) => r.userId === ana.user.id).noShows).toBe(1);
    await setPlayer(game.id, ana.user.id, organiser.headers, { present: false });
    expect(
      (await call('GET', `/api/user-games/${game.id}`, organiser.headers))
        .json()
        .registrations.find((r: { userId: number }) => r.userId === ana.user.id).noShows,
    ).toBe(2);
  });

  it('someone else’s game is a 404 and a missing session a 401, changing nothing', async () => {
    const { player, game, confirmed } = await gameDay();
    const other = await createSignedInUser(t.app);
    for (const headers of [player.headers, other.headers, confirmed[1]!.headers]) {
      expect((await setPlayer(game.id, confirmed[0]!.user.id, headers, { level: 5 })).statusCode).toBe(404);
      expect((await call('GET', `/api/user-games/${game.id}`, headers)).statusCode).toBe(404);
    }
    expect((await setPlayer(game.id, confirmed[0]!.user.id, {}, { level: 5 })).statusCode).toBe(401);
    const [row] = await db().select().from(registrations).where(eq(registrations.userId, confirmed[0]!.user.id));
    expect(row!.level).toBeNull();
  });

  it('only confirmed players: pending, waitlisted and unknown users are a 404 with a message', async () => {
    const { organiser, game, pending, waiting, player } = await gameDay();
    for (const userId of [pending.user.id, waiting.user.id, player.user.id, 999_999]) {
      const res = await setPlayer(game.id, userId, organiser.headers, { level: 3 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(m.playerNotConfirmed);
    }
  });

  it('refuses levels outside 1–5, a non-boolean presence, an empty body and unknown fields with 400', async () => {
    const { organiser, game, confirmed } = await gameDay();
    const cases: [object, string][] = [
      [{ level: 0 }, m.levelRange],
      [{ level: 6 }, m.levelRange],
      [{ level: 2.5 }, m.levelRange],
      [{ level: '3' }, m.levelRange],
      [{ present: 'sim' }, m.presentInvalid],
      [{}, m.nothingToChange],
      [{ level: 3, userId: 1 }, 'userId'],
    ];
    for (const [body, message] of cases) {
      const res = await setPlayer(game.id, confirmed[0]!.user.id, organiser.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(message);
    }
  });

  it('presence opens 2 h before the start and closes 3 days after (409 outside, with a message); the level any time', async () => {
    // Close enough that the sessions (7 days) outlive the window.
    const start = at(DAY_MS);
    const { organiser, game, confirmed } = await gameDay(start);
    const ana = confirmed[0]!.user.id;
    const mark = () => setPlayer(game.id, ana, organiser.headers, { present: true });
    try {
      t.clock.set(new Date(start.getTime() - 2 * HOUR_MS - 1));
      const early = await mark();
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(m.presentTooEarly);
      expect((await setPlayer(game.id, ana, organiser.headers, { level: 2 })).statusCode).toBe(200);
      // Presence and level together: nothing is saved when presence is refused.
      expect((await setPlayer(game.id, ana, organiser.headers, { present: true, level: 5 })).statusCode).toBe(409);
      expect((await db().select().from(registrations).where(eq(registrations.userId, ana)))[0]).toMatchObject({ present: null, level: 2 });

      t.clock.set(new Date(start.getTime() - 2 * HOUR_MS));
      expect((await mark()).statusCode).toBe(200);
      t.clock.set(new Date(start.getTime() + 3 * DAY_MS));
      expect((await mark()).statusCode).toBe(200);
      t.clock.set(new Date(start.getTime() + 3 * DAY_MS + 1));
      const late = await mark();
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(m.presentTooLate);
      expect((await setPlayer(game.id, ana, organiser.headers, { level: 4 })).statusCode).toBe(200);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('a cancelled game is a 409', async () => {
    const { organiser, game, confirmed } = await gameDay(at(7 * DAY_MS));
    await call('POST', `/api/user-games/${game.id}/cancel`, organiser.headers, { reason: 'Chuva' });
    // The organiser's cancel ended the registrations: the player is no longer confirmed either way.
    const res = await setPlayer(game.id, confirmed[0]!.user.id, organiser.headers, { level: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.gameCancelled);
  });
});

describe('POST /api/user-games/{id}/teams', () => {
  it('draws from the players marked present, balanced by level, saved; a new draw replaces it', async () => {
    const { organiser, game, confirmed } = await gameDay();
    const [ana, bia, caio] = confirmed;
    const extra = await createSignedInUser(t.app, { name: 'Fábio' });
    await createRegistration(db(), { gameId: game.id, userId: extra.user.id, status: 'confirmed' });
    await setPlayer(game.id, ana!.user.id, organiser.headers, { present: true, level: 5 });
    await setPlayer(game.id, bia!.user.id, organiser.headers, { present: true, level: 4 });
    await setPlayer(game.id, caio!.user.id, organiser.headers, { present: true, level: 1 });
    await setPlayer(game.id, extra.user.id, organiser.headers, { level: 5 });

    const res = await draw(game.id, organiser.headers, 2);
    expect(res.statusCode).toBe(200);
    const { teams, shareText } = res.json();
    // Fábio was not marked present: only the three present players, 5 against 4 + 1.
    const levels = teams.map((team: { players: { level: number }[] }) => team.players.map((p) => p.level).sort());
    expect(levels.sort((a: number[], b: number[]) => a.length - b.length)).toEqual([[5], [1, 4]]);
    expect(teams.map((team: { name: string }) => team.name)).toEqual(['Time 1', 'Time 2']);
    expect(shareText).toContain('Times sorteados: Vôlei do dia');
    for (const name of ['Ana', 'Bia', 'Caio']) expect(shareText).toContain(`- ${name}`);
    expect(shareText).not.toContain('Fábio');
    // The players read names only: the levels the organiser gave stay with the organiser.
    expect(shareText).toContain('\n\nTime 1\n- ');
    expect(shareText).toContain('\n\nTime 2\n- ');
    expect(shareText).not.toContain('nível');

    expect((await call('GET', `/api/user-games/${game.id}`, organiser.headers)).json().teams).toEqual(teams);
    const again = await draw(game.id, organiser.headers, 3);
    expect(again.json().teams).toHaveLength(3);
    expect(await db().select().from(teamPlayers).where(eq(teamPlayers.gameId, game.id))).toHaveLength(3);
  });

  it('with nobody marked present draws every confirmed player except those marked absent', async () => {
    const { organiser, game, confirmed } = await gameDay();
    const all = await draw(game.id, organiser.headers, 3);
    expect(all.json().teams.map((team: { players: unknown[] }) => team.players.length)).toEqual([1, 1, 1]);
    await setPlayer(game.id, confirmed[2]!.user.id, organiser.headers, { present: false });
    const ids = (await draw(game.id, organiser.headers, 2))
      .json()
      .teams.flatMap((team: { players: { id: number }[] }) => team.players.map((p) => p.id));
    expect(ids.sort()).toEqual([confirmed[0]!.user.id, confirmed[1]!.user.id].sort());
  });

  it('more teams than players is a 409 and teamCount outside 2–8 a 400, keeping the earlier draw', async () => {
    const { organiser, game } = await gameDay();
    await draw(game.id, organiser.headers, 2);
    const tooMany = await draw(game.id, organiser.headers, 4);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(m.notEnoughPlayers(3, 4));
    for (const teamCount of [1, 9, 2.5]) {
      const res = await draw(game.id, organiser.headers, teamCount);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(m.teamCountRange);
    }
    expect((await call('GET', `/api/user-games/${game.id}`, organiser.headers)).json().teams).toHaveLength(2);
  });

  it('someone else is a 404; an admin may draw', async () => {
    const { admin, player, game } = await gameDay();
    expect((await draw(game.id, player.headers, 2)).statusCode).toBe(404);
    expect((await draw(game.id, admin.headers, 2)).statusCode).toBe(200);
  });

  it('confirmed players see the teams on GET /api/games/{id}; the pending, the waitlisted and visitors do not', async () => {
    const { organiser, game, confirmed, pending, waiting, player } = await gameDay();
    const before = await call('GET', `/api/games/${game.id}`, confirmed[0]!.headers);
    expect(before.json().teams).toEqual([]);
    const { teams } = (await draw(game.id, organiser.headers, 2)).json();
    // The same draw, named as "Quem vai" names them (these players have one name each), without levels or ids.
    const asPlayersSee = teams.map((team: { name: string; players: { name: string }[] }) => ({
      name: team.name,
      players: team.players.map((p) => ({ name: p.name, walkIn: false })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    }));
    expect((await call('GET', `/api/games/${game.id}`, confirmed[1]!.headers)).json().teams).toEqual(asPlayersSee);
    for (const headers of [pending.headers, waiting.headers, player.headers, organiser.headers, {}]) {
      const res = await call('GET', `/api/games/${game.id}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('teams');
    }
  });
});

describe('the drawn teams on the private link (issue 42)', () => {
  it('a confirmed player reads the teams on the game’s private link too; anyone else there does not', async () => {
    const { organiser, game, confirmed, waiting, player } = await gameDay();
    await db().update(games).set({ visibility: 'private' }).where(eq(games.id, game.id));
    const [row] = await db().select({ link: games.privateLink }).from(games).where(eq(games.id, game.id));
    const { teams } = (await draw(game.id, organiser.headers, 2)).json();
    const byLink = (headers: Headers) => call('GET', `/api/games/private/${row!.link}`, headers);
    const seen = (await byLink(confirmed[0]!.headers)).json();
    expect(seen.teams.map((team: { name: string }) => team.name)).toEqual(teams.map((team: { name: string }) => team.name));
    expect(seen.teams.flatMap((team: { players: object[] }) => team.players)).toHaveLength(3);
    for (const headers of [waiting.headers, player.headers, {}]) {
      const res = await byLink(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('teams');
    }
  });
});

describe('the drawn teams and who reads them (issue 39)', () => {
  it('a confirmed player reads short names and no levels or ids, as in "Quem vai"; the organiser and an admin read full names and levels', async () => {
    const { organiser, admin } = await signedInCast(t.app);
    const game = await createGame(db(), { creatorId: organiser.user.id, dateTime: TEST_NOW, name: 'Vôlei dos times' });
    const players = [];
    for (const [name, level] of [
      ['Ana Souza', 5],
      ['Bia Lima', 1],
      ['Caio Prado', 4],
      ['Davi Ramos', 2],
    ] as const) {
      const player = await createSignedInUser(t.app, { name });
      await createRegistration(db(), { gameId: game.id, userId: player.user.id, status: 'confirmed', paidCents: 1000 });
      expect((await setPlayer(game.id, player.user.id, organiser.headers, { present: true, level })).statusCode).toBe(200);
      players.push({ ...player, name, level });
    }
    // An admin who plays in the game reads it on the game's page as "Quem vai" gives it to her: full names.
    await createRegistration(db(), { gameId: game.id, userId: admin.user.id, status: 'confirmed', paidCents: 1000 });
    expect((await setPlayer(game.id, admin.user.id, organiser.headers, { present: true, level: 3 })).statusCode).toBe(200);
    const drawn = await draw(game.id, organiser.headers, 2);
    expect(drawn.statusCode, drawn.body).toBe(200);

    const seen = await call('GET', `/api/games/${game.id}`, players[0]!.headers);
    expect(seen.statusCode).toBe(200);
    const { teams, players: quemVai } = seen.json();
    expect(quemVai.map((p: { name: string }) => p.name)).toEqual(['Ana S.', 'Bia L.', 'Caio P.', 'Davi R.', 'Admin A.']);
    expect(teams.map((team: { name: string }) => team.name)).toEqual(['Time 1', 'Time 2']);
    const seenPlayers = teams.flatMap((team: { players: object[] }) => team.players);
    // Only a name (and whether a walk-in), each exactly as "Quem vai" shows it to this player.
    expect(seenPlayers.every((p: object) => Object.keys(p).sort().join() === 'name,walkIn')).toBe(true);
    expect(seenPlayers.map((p: { name: string }) => p.name).sort()).toEqual([...quemVai.map((p: { name: string }) => p.name)].sort());
    expect(seen.body).not.toContain('Souza');
    expect(seen.body).not.toMatch(/"level"/);
    // Within a team the order is by name, so it does not rank the players by level either.
    for (const team of teams as { players: { name: string }[] }[]) {
      const names = team.players.map((p) => p.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    }

    const byAdminAsPlayer = (await call('GET', `/api/games/${game.id}`, admin.headers)).json();
    const adminNames = byAdminAsPlayer.teams.flatMap((team: { players: { name: string }[] }) => team.players.map((p) => p.name));
    expect(adminNames.sort()).toEqual(['Admin Ana', 'Ana Souza', 'Bia Lima', 'Caio Prado', 'Davi Ramos']);
    expect(JSON.stringify(byAdminAsPlayer.teams)).not.toMatch(/"level"|"id"/);

    const levelOf = new Map<string, number>([...players.map((p) => [p.name, p.level] as const), ['Admin Ana', 3]]);
    for (const headers of [organiser.headers, admin.headers]) {
      const detail = await call('GET', `/api/user-games/${game.id}`, headers);
      expect(detail.statusCode).toBe(200);
      const full = detail.json().teams.flatMap((team: { players: { id: number; name: string; level: number }[] }) => team.players);
      expect(full).toHaveLength(5);
      for (const p of full) expect(p.level).toBe(levelOf.get(p.name));
      expect(full.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(
        [...players.map((p) => p.user.id), admin.user.id].sort((a, b) => a - b),
      );
    }
  });
});

const setWalkIn = (gameId: number, walkInId: number, headers: Headers, body: object) =>
  call('PUT', `/api/user-games/${gameId}/walk-ins/${walkInId}`, headers, body);

describe('walk-ins on game day (issue 42)', () => {
  /** The game of `gameDay` with "Zé da Praia" added as a walk-in before it started. */
  async function withWalkIn(start = TEST_NOW) {
    const day = await gameDay(start);
    const [walkIn] = await db()
      .insert(gameWalkIns)
      .values({ gameId: day.game.id, name: 'Zé da Praia', addedBy: day.organiser.user.id })
      .returning();
    return { ...day, walkIn: walkIn! };
  }

  it('the organiser and an admin mark a walk-in present or absent and give a level, shown on the organiser’s game', async () => {
    const { organiser, admin, game, walkIn } = await withWalkIn();
    const res = await setWalkIn(game.id, walkIn.id, organiser.headers, { present: true, level: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: m.playerUpdated,
      walkIn: { id: walkIn.id, name: 'Zé da Praia', createdAt: walkIn.createdAt.toISOString(), present: true, level: 4 },
    });
    expect((await setWalkIn(game.id, walkIn.id, admin.headers, { present: null })).json().walkIn).toMatchObject({
      present: null,
      level: 4,
    });
    await setWalkIn(game.id, walkIn.id, organiser.headers, { present: false });
    const detail = (await call('GET', `/api/user-games/${game.id}`, organiser.headers)).json();
    expect(detail.walkIns).toEqual([expect.objectContaining({ id: walkIn.id, present: false, level: 4 })]);
    const csv = parseCsv((await call('GET', `/api/user-games/${game.id}/registrations.csv`, organiser.headers)).body);
    expect(csv.find((row) => row[0] === 'Zé da Praia')).toEqual([
      'Zé da Praia',
      '',
      '',
      messages.walkIns.csvStatus,
      '',
      '',
      'Faltou',
      '4',
      expect.any(String),
    ]);
  });

  it('the same rules as a player: the presence window, a cancelled game, bad bodies, another game’s walk-in, someone else', async () => {
    const { organiser, player, game, walkIn } = await withWalkIn(at(3 * HOUR_MS));
    const early = await setWalkIn(game.id, walkIn.id, organiser.headers, { present: true, level: 2 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'check_in_too_early', message: m.presentTooEarly });
    // The level alone may be set before the window opens.
    expect((await setWalkIn(game.id, walkIn.id, organiser.headers, { level: 2 })).json().walkIn).toMatchObject({ present: null, level: 2 });
    for (const body of [{}, { level: 6 }, { present: 'sim' }, { present: true, extra: 1 }]) {
      expect((await setWalkIn(game.id, walkIn.id, organiser.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const other = await createGame(db(), { creatorId: organiser.user.id, dateTime: TEST_NOW });
    const missing = await setWalkIn(other.id, walkIn.id, organiser.headers, { level: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'walk_in_not_found', message: messages.walkIns.notFound });
    expect((await setWalkIn(game.id, walkIn.id, player.headers, { level: 1 })).json().code).toBe('game_not_found');
    expect((await setWalkIn(game.id, walkIn.id, {}, { level: 1 })).statusCode).toBe(401);
    await db().update(games).set({ status: 'cancelled' }).where(eq(games.id, game.id));
    expect((await setWalkIn(game.id, walkIn.id, organiser.headers, { level: 1 })).statusCode).toBe(409);
    const [row] = await db().select().from(gameWalkIns).where(eq(gameWalkIns.id, walkIn.id));
    expect(row).toMatchObject({ present: null, level: 2 });
  });

  it('the draw takes the walk-ins marked present (and leaves out one marked absent); the teams text names them with the weekday', async () => {
    const { organiser, game, confirmed, walkIn } = await withWalkIn();
    const [friend] = await db().insert(gameWalkIns).values({ gameId: game.id, name: '+1 da Bia', addedBy: organiser.user.id }).returning();
    for (const player of confirmed) await setPlayer(game.id, player.user.id, organiser.headers, { present: true, level: 3 });
    await setWalkIn(game.id, walkIn.id, organiser.headers, { present: true, level: 5 });
    await setWalkIn(game.id, friend!.id, organiser.headers, { present: false });

    const res = await draw(game.id, organiser.headers, 2);
    expect(res.statusCode, res.body).toBe(200);
    const drawn = res.json().teams.flatMap((team: { players: object[] }) => team.players);
    expect(drawn).toHaveLength(4);
    expect(drawn).toContainEqual({ id: walkIn.id, name: 'Zé da Praia', level: 5, walkIn: true });
    expect(
      drawn
        .filter((p: { walkIn: boolean }) => !p.walkIn)
        .map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual(confirmed.map((p) => p.user.id).sort());
    // 5 + 3 against 3 + 3: the strongest, the walk-in, is alone with one other.
    expect(res.json().teams.map((team: { players: unknown[] }) => team.players.length)).toEqual([2, 2]);
    expect(res.json().shareText).toContain('Times sorteados: Vôlei do dia (sexta-feira, 20/11/2026 às 09:00)');
    expect(res.json().shareText).toContain('- Zé da Praia');
    expect(res.json().shareText).not.toContain('+1 da Bia');
    expect((await call('GET', `/api/user-games/${game.id}`, organiser.headers)).json().teams).toEqual(res.json().teams);

    // A confirmed player reads the walk-in in the teams as "Quem vai" shows them: a short name, marked as a walk-in.
    const seen = (await call('GET', `/api/games/${game.id}`, confirmed[0]!.headers)).json();
    expect(seen.teams.flatMap((team: { players: object[] }) => team.players)).toContainEqual({ name: 'Zé P.', walkIn: true });
    expect(JSON.stringify(seen.teams)).not.toContain('da Praia');
  });

  it('with nobody marked present the walk-ins are drawn too; a walk-in taken off the list leaves the draw', async () => {
    const { organiser, game, walkIn } = await withWalkIn(at(DAY_MS));
    const all = await draw(game.id, organiser.headers, 4);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().teams.flatMap((team: { players: { walkIn: boolean }[] }) => team.players.filter((p) => p.walkIn))).toHaveLength(1);
    expect((await call('DELETE', `/api/user-games/${game.id}/walk-ins/${walkIn.id}`, organiser.headers)).statusCode).toBe(200);
    const teams = (await call('GET', `/api/user-games/${game.id}`, organiser.headers)).json().teams;
    expect(teams.flatMap((team: { players: object[] }) => team.players)).toHaveLength(3);
    expect(await db().select().from(teamPlayers).where(eq(teamPlayers.gameId, game.id))).toHaveLength(3);
  });
});

/** Reads back the spreadsheets: `;` between cells, CRLF between rows, "" inside quoted cells. */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = body.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ';' && char !== '\r')) {
      cell += char;
    } else if (char === ';') {
      row.push(cell);
      cell = '';
    } else {
      // \r\n ends the row.
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    }
  }
  return rows;
}

describe('GET /api/user-games/{id}/registrations.csv', () => {
  it('is a CSV for Excel in Portuguese: BOM, semicolons, CRLF, one row per registration, formulas neutralised', async () => {
    const { organiser, admin, game, confirmed } = await gameDay();
    const sly = await createSignedInUser(t.app, { name: '=HYPERLINK("http://mal.test","Clique")', phone: null });
    await cardPaidRegistration(t.app, { gameId: game.id, userId: sly.user.id, amountCents: 1250 });
    await setPlayer(game.id, confirmed[0]!.user.id, organiser.headers, { level: 4 });

    const res = await call('GET', `/api/user-games/${game.id}/registrations.csv`, organiser.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="inscricoes-jogo-${game.id}.csv"`);
    expect(res.body.startsWith('\uFEFFNome;E-mail;Telefone;Status;Pagamento;Valor (R$);Presença;Nível;Inscrição em\r\n')).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(1 + 6);
    const byName = (name: string) => rows.find((row) => row[0] === name)!;
    expect(byName('Ana')).toEqual([
      'Ana',
      confirmed[0]!.user.email,
      '48991234567',
      'Confirmada',
      'Por fora',
      '10,00',
      '',
      '4',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    ]);
    expect(byName('Davi').slice(3, 6)).toEqual(['Aguardando pagamento', 'Cartão', '0,00']);
    expect(byName('Eva')[3]).toBe('Lista de espera');
    expect(byName(`'=HYPERLINK("http://mal.test","Clique")`).slice(2, 6)).toEqual(['', 'Confirmada', 'Cartão', '12,50']);

    expect((await call('GET', `/api/user-games/${game.id}/registrations.csv`, admin.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/user-games/${game.id}/registrations.csv`, confirmed[0]!.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/user-games/${game.id}/registrations.csv`)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/reports/payments.csv', () => {
  it('lists every provider payment and credit movement of the São Paulo days asked for, with totals', async () => {
    const { admin, player, game } = await gameDay();
    // 2026-10-15 in São Paulo runs from 03:00Z on the 15th to 03:00Z on the 16th; a payment counts on the day it was paid.
    const paid = await cardPaidRegistration(t.app, { gameId: game.id, userId: player.user.id, amountCents: 1250, method: 'pix' });
    await db()
      .update(payments)
      .set({ createdAt: new Date('2026-10-14T23:00:00Z'), paidAt: new Date('2026-10-15T12:00:00Z') })
      .where(eq(payments.registrationId, paid.id));
    await db()
      .insert(creditTransactions)
      .values([
        {
          userId: player.user.id,
          amountCents: 3000,
          type: 'add_manual',
          description: 'Bônus',
          source: 'admin',
          reference: 'report:in',
          createdAt: new Date('2026-10-15T03:00:00Z'),
        },
        {
          userId: player.user.id,
          amountCents: -1000,
          type: 'spend_game',
          description: '-Vôlei',
          source: 'game',
          reference: 'report:out',
          createdAt: new Date('2026-10-16T02:59:59Z'),
        },
        {
          userId: player.user.id,
          amountCents: 500,
          type: 'add_manual',
          description: 'Fora do período',
          source: 'admin',
          reference: 'report:before',
          createdAt: new Date('2026-10-15T02:59:59Z'),
        },
      ]);

    const res = await call('GET', '/api/admin/reports/payments.csv?from=2026-10-15&to=2026-10-15', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      res.body.startsWith(
        '\uFEFFData;Tipo;Usuário;E-mail;Descrição;Forma;Situação;Valor (R$);Reembolsado (R$);Referência;Taxa da plataforma (R$);Organizador (R$)\r\n',
      ),
    ).toBe(true);
    const rows = parseCsv(res.body);
    const references = rows.map((row) => row[9]);
    expect(references).toContain('report:in');
    expect(references).toContain('report:out');
    expect(references).not.toContain('report:before');
    const payment = rows.find((row) => row[1] === m.csv.providerPayment)!;
    expect(payment.slice(2, 9)).toEqual([
      player.user.name,
      player.user.email,
      `Inscrição no jogo ${game.name}`,
      'PIX',
      'Pago',
      '12,50',
      '0,00',
    ]);
    expect(rows.find((row) => row[9] === 'report:out')!.slice(4, 8)).toEqual(['Inscrição paga com créditos: -Vôlei', '', '', '-10,00']);
    const totals = Object.fromEntries(rows.filter((row) => row[0] === '').map((row) => [row[1], row[7]]));
    expect(totals[m.csv.totalPaid]).toBe('12,50');
    expect(totals[m.csv.totalCreditsIn]).toBe('30,00');
    expect(totals[m.csv.totalCreditsOut]).toBe('-10,00');

    const nextDay = parseCsv((await call('GET', '/api/admin/reports/payments.csv?from=2026-10-16&to=2026-10-16', admin.headers)).body);
    expect(nextDay.map((row) => row[9])).not.toContain('report:out');
    expect(nextDay.filter((row) => row[1] === m.csv.providerPayment)).toEqual([]);
  });

  it('answers 400 for bad days, an inverted period or one over 366 days, and 403 for a player', async () => {
    const { admin, player } = await gameDay();
    const cases: [string, string][] = [
      ['from=2026-11-20', m.reportDayInvalid],
      ['from=2026-02-30&to=2026-03-01', m.reportDayInvalid],
      ['from=20/11/2026&to=2026-11-21', m.reportDayInvalid],
      ['from=2026-11-21&to=2026-11-20', m.reportRangeInverted],
      ['from=2025-01-01&to=2026-01-02', m.reportRangeTooLong(366)],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `/api/admin/reports/payments.csv?${query}`, admin.headers);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
    expect((await call('GET', '/api/admin/reports/payments.csv?from=2025-01-01&to=2026-01-01', admin.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/reports/payments.csv?from=2026-11-20&to=2026-11-20', player.headers)).statusCode).toBe(403);
  });
});

describe('personal data', () => {
  it('the export carries presence, level and team; deleting the account erases them', async () => {
    const { organiser, game, confirmed } = await gameDay();
    const ana = confirmed[0]!;
    await setPlayer(game.id, ana.user.id, organiser.headers, { present: true, level: 5 });
    await setPlayer(game.id, confirmed[1]!.user.id, organiser.headers, { present: true });
    expect((await draw(game.id, organiser.headers, 2)).statusCode).toBe(200);
    const exported = (await call('GET', '/api/users/me/export', ana.headers)).json();
    expect(exported.registrations).toEqual([
      expect.objectContaining({ gameId: game.id, present: true, level: 5, team: expect.stringMatching(/^Time [12]$/) }),
    ]);

    // Past the game, so the place is not given up: only the game-day data goes.
    t.clock.set(at(DAY_MS));
    try {
      expect((await call('DELETE', '/api/users/me', ana.headers, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    } finally {
      t.clock.set(TEST_NOW);
    }
    const [row] = await db().select().from(registrations).where(eq(registrations.userId, ana.user.id));
    expect(row).toMatchObject({ status: 'confirmed', present: null, level: null });
    expect(await db().select().from(teamPlayers).where(eq(teamPlayers.userId, ana.user.id))).toEqual([]);
    const teams = (await call('GET', `/api/user-games/${game.id}`, organiser.headers)).json().teams;
    expect(teams.flatMap((team: { players: { id: number }[] }) => team.players.map((p) => p.id))).not.toContain(ana.user.id);
  });
});
