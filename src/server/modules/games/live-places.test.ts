import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type EventStream, listen, openEventStream } from '../../../../test-support/server/event-stream';
import { createGame, createRegistration, createSignedInUser, createUser } from '../../../../test-support/server/factories';
import { createSecondInstance, createTestApp, isPostgres, type TestApp } from '../../../../test-support/server/test-app';
import type * as gameView from '../../core/games/game-view';
import { loadGamePlaces } from '../../core/games/game-view';
import { createLivePlaces } from './live-places';

// Counted, to show that a change costs one read per instance, whatever the number of streams.
vi.mock('../../core/games/game-view', async (importOriginal) => {
  const original = await importOriginal<typeof gameView>();
  return { ...original, loadGamePlaces: vi.fn(original.loadGamePlaces) };
});

const HEARTBEAT_MS = 100;

let t: TestApp;
let base: string;
const streams: EventStream[] = [];

async function watch(path: string, headers?: Record<string, string>) {
  const stream = await openEventStream(`${base}${path}`, headers);
  streams.push(stream);
  return stream;
}

/** A signed-in player applies to a free game paid off the platform (no payment step). */
async function apply(app: TestApp['app'], gameId: number, body: Record<string, string> = {}) {
  const player = await createSignedInUser(app);
  const res = await app.inject({ method: 'POST', url: `/api/games/${gameId}/apply`, headers: player.headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return player;
}

const offPlatformGame = (overrides: Parameters<typeof createGame>[1] = {}) =>
  createGame(t.app.ctx.db, { totalSlots: 2, priceCents: 0, usePlatformPayment: false, ...overrides });

beforeAll(async () => {
  t = await createTestApp({ env: { LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS), LIVE_STREAMS_PER_ADDRESS: '3' } });
  base = await listen(t.app);
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await untilOpenStreams(0);
});
afterAll(() => t.close());

/** Waits until the server has counted the streams closed by this side. */
async function untilOpenStreams(count: number) {
  const deadline = Date.now() + 2000;
  while (Date.now() < deadline) {
    const metrics = await t.app.ctx.metrics.registry.getSingleMetricAsString('live_place_streams');
    if (metrics.includes(`live_place_streams ${count}`)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the server still counts streams other than ${count}`);
}

describe('GET /api/games/:id/events', () => {
  it('sends the places at connect and again when someone applies, uncompressed and unbuffered', async () => {
    const game = await offPlatformGame();
    await createRegistration(t.app.ctx.db, { gameId: game.id, userId: (await createUser(t.app.ctx.db)).id, status: 'waitlist' });
    const stream = await watch(`/api/games/${game.id}/events`, { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(await stream.nextData()).toEqual({ remainingSlots: 2, waitlistCount: 1 });

    await apply(t.app, game.id);
    expect(await stream.nextData(1000)).toEqual({ remainingSlots: 1, waitlistCount: 1 });
  });

  it('says nothing when a change leaves the places as they were, or is refused, and ignores other games', async () => {
    const organiser = await createSignedInUser(t.app);
    const game = await offPlatformGame({ creatorId: organiser.user.id });
    const other = await offPlatformGame();
    const stream = await watch(`/api/games/${game.id}/events`);
    expect(await stream.nextData()).toEqual({ remainingSlots: 2, waitlistCount: 0 });
    // An invitation locks the game and commits, with the same places: read, and not sent.
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/user-games/${game.id}/invitations`,
      headers: organiser.headers,
      payload: { emails: ['convidada@exemplo.com.br'] },
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    await apply(t.app, other.id);
    const player = await apply(t.app, game.id);
    expect(await stream.nextData(1000)).toEqual({ remainingSlots: 1, waitlistCount: 0 });
    // Refused under the lock and rolled back: nobody is told.
    const again = await t.app.inject({ method: 'POST', url: `/api/games/${game.id}/apply`, headers: player.headers, payload: {} });
    expect(again.statusCode).toBe(409);
    await apply(t.app, game.id);
    expect(await stream.nextData(1000)).toEqual({ remainingSlots: 0, waitlistCount: 0 });
  });

  it('reads a change once for all the streams of this instance', async () => {
    const game = await offPlatformGame();
    const open = [
      await watch(`/api/games/${game.id}/events`),
      await watch(`/api/games/${game.id}/events`),
      await watch('/api/games/events'),
    ];
    await open[0]!.nextData();
    await open[1]!.nextData();
    vi.mocked(loadGamePlaces).mockClear();

    await apply(t.app, game.id);
    expect(await open[0]!.nextData(1000)).toEqual({ remainingSlots: 1, waitlistCount: 0 });
    expect(await open[1]!.nextData(1000)).toEqual({ remainingSlots: 1, waitlistCount: 0 });
    expect(await open[2]!.nextData(1000)).toEqual({ id: game.id, remainingSlots: 1, waitlistCount: 0 });
    expect(vi.mocked(loadGamePlaces)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(loadGamePlaces).mock.calls[0]![1]).toEqual([game.id]);
  });

  it('sends a heartbeat comment every LIVE_HEARTBEAT_MS', async () => {
    const game = await offPlatformGame();
    const stream = await watch(`/api/games/${game.id}/events`);
    await stream.nextData();
    const startedAt = Date.now();
    expect(await stream.next(HEARTBEAT_MS * 3)).toEqual({ comment: '' });
    expect(await stream.next(HEARTBEAT_MS * 3)).toEqual({ comment: '' });
    expect(Date.now() - startedAt).toBeLessThan(HEARTBEAT_MS * 4);
  });

  it('opens a private game only with its link, and never a draft, a cancelled or a missing game', async () => {
    const hidden = await offPlatformGame({ visibility: 'private' });
    const draft = await offPlatformGame({ state: 'draft' });
    const cancelled = await offPlatformGame({ status: 'cancelled' });
    for (const path of [
      `/api/games/${hidden.id}/events`,
      `/api/games/${hidden.id}/events?privateLink=outro-link`,
      `/api/games/${draft.id}/events?privateLink=${draft.privateLink}`,
      `/api/games/${cancelled.id}/events`,
      '/api/games/999999/events',
    ]) {
      const refused = await watch(path);
      expect(refused.status, path).toBe(404);
      expect(refused.error?.message).toBe('Jogo não encontrado ou não está disponível para inscrição');
    }
    const signedIn = await createSignedInUser(t.app);
    // A session does not open it either: the page that has no link has no stream.
    expect((await watch(`/api/games/${hidden.id}/events`, signedIn.headers)).status).toBe(404);

    const stream = await watch(`/api/games/${hidden.id}/events?privateLink=${hidden.privateLink}`);
    expect(await stream.nextData()).toEqual({ remainingSlots: 2, waitlistCount: 0 });
    await apply(t.app, hidden.id, { privateLink: hidden.privateLink });
    expect(await stream.nextData(1000)).toEqual({ remainingSlots: 1, waitlistCount: 0 });
  });

  it('ends the stream of a game its organiser cancels', async () => {
    const organiser = await createSignedInUser(t.app);
    const game = await offPlatformGame({ creatorId: organiser.user.id });
    const stream = await watch(`/api/games/${game.id}/events`);
    await stream.nextData();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/user-games/${game.id}/cancel`,
      headers: organiser.headers,
      payload: { reason: 'Chuva forte' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await expect(
      Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('open'), 1000))]),
    ).resolves.toBe('ended');
  });

  it('refuses streams beyond LIVE_STREAMS_PER_ADDRESS from one address with a 429 in Portuguese', async () => {
    const game = await offPlatformGame();
    const open = [
      await watch(`/api/games/${game.id}/events`),
      await watch('/api/games/events'),
      await watch(`/api/games/${game.id}/events`),
    ];
    for (const stream of open) expect(stream.status).toBe(200);
    for (const path of [`/api/games/${game.id}/events`, '/api/games/events']) {
      const refused = await watch(path);
      expect(refused.status).toBe(429);
      expect(refused.error?.message).toMatch(/^Muitas páginas acompanhando vagas ao vivo/);
    }
    open[0]!.close();
    await untilOpenStreams(2);
    expect((await watch(`/api/games/${game.id}/events`)).status).toBe(200);
  });
});

describe('GET /api/games/events', () => {
  it('sends the new places of listed games that change, never of private ones', async () => {
    const listed = await offPlatformGame();
    const hidden = await offPlatformGame({ visibility: 'private' });
    const stream = await watch('/api/games/events');
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await apply(t.app, hidden.id, { privateLink: hidden.privateLink });
    await apply(t.app, listed.id);
    expect(await stream.nextData(1000)).toEqual({ id: listed.id, remainingSlots: 1, waitlistCount: 0 });
  });
});

describe('readers that go or fall behind', () => {
  it('a client that hangs up at once is no error, and leaves no stream open', async () => {
    const lines: Array<{ level: number; res?: { statusCode: number } }> = [];
    const own = await createTestApp({ logStream: { write: (line) => lines.push(JSON.parse(line)) } });
    const url = new URL(await listen(own.app));
    const game = await createGame(own.app.ctx.db);
    for (const path of [
      `/api/games/${game.id}/events`,
      `/api/games/${game.id}/events?privateLink=${game.privateLink}`,
      '/api/games/events',
    ]) {
      for (let i = 0; i < 10; i++) {
        const socket = connect(Number(url.port), url.hostname);
        await once(socket, 'connect');
        socket.write(`GET ${path} HTTP/1.1\r\nHost: bora.test\r\n\r\n`);
        socket.resetAndDestroy();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines.filter((line) => line.level >= 50 || (line.res?.statusCode ?? 0) >= 500)).toEqual([]);
    expect(await own.app.ctx.metrics.registry.getSingleMetricAsString('live_place_streams')).toContain('live_place_streams 0');
    await own.close();
  });

  it('ends a stream whose reader stops reading, instead of holding what it was sent', async () => {
    const live = createLivePlaces(t.app.ctx, { maxBacklogBytes: 64 });
    const stalled = live.watchListing('203.0.113.7');
    const reading = live.watchListing('203.0.113.8');
    reading.resume();
    const closed = once(stalled, 'close').then(() => 'closed');
    // Heartbeats every 100 ms, 4 bytes each: the unread one passes 64 bytes within about two seconds.
    await expect(Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('open'), 5_000))])).resolves.toBe('closed');
    expect(reading.destroyed).toBe(false);
    expect(live.openStreams()).toBe(1);
    live.close();
  });
});

describe('shutting down', () => {
  it('ends every open stream at once, so closing does not wait for them', async () => {
    const own = await createTestApp();
    const url = await listen(own.app);
    const game = await createGame(own.app.ctx.db);
    const open = await Promise.all([openEventStream(`${url}/api/games/${game.id}/events`), openEventStream(`${url}/api/games/events`)]);
    await open[0]!.nextData();
    const startedAt = Date.now();
    await own.app.close();
    expect(Date.now() - startedAt).toBeLessThan(1000);
    await Promise.all(open.map((stream) => stream.ended));
    await own.database.close();
  });
});

describe.runIf(isPostgres)('two instances on one PostgreSQL', () => {
  it('a place taken through instance A reaches a stream on instance B within a second', async () => {
    const other = await createSecondInstance(t);
    try {
      const otherBase = await listen(other.app);
      const game = await offPlatformGame();
      const onB = await openEventStream(`${otherBase}/api/games/${game.id}/events`);
      const listingOnB = await openEventStream(`${otherBase}/api/games/events`);
      streams.push(onB, listingOnB);
      expect(await onB.nextData()).toEqual({ remainingSlots: 2, waitlistCount: 0 });

      const appliedAt = Date.now();
      await apply(t.app, game.id);
      expect(await onB.nextData(1000)).toEqual({ remainingSlots: 1, waitlistCount: 0 });
      expect(await listingOnB.nextData(1000)).toEqual({ id: game.id, remainingSlots: 1, waitlistCount: 0 });
      expect(Date.now() - appliedAt).toBeLessThan(1000);
    } finally {
      for (const stream of streams.splice(0)) stream.close();
      await other.close();
    }
  });
});
