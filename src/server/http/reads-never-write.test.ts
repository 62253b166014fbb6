import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardPaidRegistration, signedInCast } from '../../../test-support/server/admin';
import { listen, openEventStream } from '../../../test-support/server/event-stream';
import {
  createGame,
  createRegistration,
  createSignedInUser,
  DAY_MS,
  HOUR_MS,
  seriesTemplateOfGame,
} from '../../../test-support/server/factories';
import { tableDigest as digest } from '../../../test-support/server/reads';
import { setUpTestApp, TEST_NOW } from '../../../test-support/server/test-app';
import { sweepExpiredPayments } from '../core/games/expire-pending-payments';
import { recordInvitation } from '../core/invitations/record-invitation';
import { games, payments, registrations, series, seriesMembers } from '../db/schema';

// Reads derive an expired hold (pending past its payment deadline) as cancelled and never expire
// it themselves: the sweep and the write paths do. Proven by digesting every application table
// before and after a broad set of GETs with expired holds present.

const t = setUpTestApp();

const db = () => t.app.ctx.db;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

/**
 * A public game of two slots: `player` held one by card and let the deadline pass (their checkout
 * still pending), someone else is confirmed, another waits in line. A private game the player was
 * invited to, where their hold expired too.
 */
async function expiredHolds() {
  const { admin, player, organiser } = await signedInCast(t.app);
  const other = await createSignedInUser(t.app);
  const waiting = await createSignedInUser(t.app);
  const game = await createGame(db(), { name: 'Vôlei da praia', totalSlots: 2, priceCents: 1500, creatorId: organiser.user.id });
  const hold = await createRegistration(db(), {
    gameId: game.id,
    userId: player.user.id,
    status: 'pending',
    paymentType: 'stripe',
    joinedAt: at(-HOUR_MS),
    paymentDeadline: at(-60_000),
  });
  await db()
    .insert(payments)
    .values({
      publicId: 'pay_expirada',
      userId: player.user.id,
      purpose: 'game',
      gameId: game.id,
      registrationId: hold.id,
      method: 'card',
      provider: 'sandbox',
      providerSessionId: 'sbx_expirada',
      amountCents: 1500,
      expiresAt: at(-60_000),
    });
  await cardPaidRegistration(t.app, { gameId: game.id, userId: other.user.id, amountCents: 1500 });
  await createRegistration(db(), { gameId: game.id, userId: waiting.user.id, status: 'waitlist', joinedAt: at(-30 * 60_000) });
  const hidden = await createGame(db(), { name: 'Jogo fechado', visibility: 'private', totalSlots: 1, creatorId: organiser.user.id });
  await recordInvitation(db(), hidden.id, player.user, 'email');
  await createRegistration(db(), { gameId: hidden.id, userId: player.user.id, status: 'pending', paymentDeadline: at(-1) });
  // The public game is the first week of a weekly series with a mensalista.
  const [weekly] = await db()
    .insert(series)
    .values({
      creatorId: organiser.user.id,
      firstDateTime: game.dateTime,
      occurrences: 4,
      memberSlots: 1,
      template: seriesTemplateOfGame(game),
    })
    .returning();
  await db().update(games).set({ seriesId: weekly!.id, seriesWeek: 0 }).where(eq(games.id, game.id));
  await db()
    .insert(seriesMembers)
    .values({ seriesId: weekly!.id, userId: other.user.id, joinedAt: at(-DAY_MS) });
  return { admin, player, organiser, other, waiting, game, hidden, hold, seriesId: weekly!.id };
}

describe('reads with expired holds present', () => {
  it('write no row, and already show the holds as cancelled and their places as free', async () => {
    const { admin, player, organiser, waiting, game, hidden, hold, seriesId } = await expiredHolds();
    const anyone = {};
    const reads: [string, Record<string, string>][] = [];
    for (const who of [anyone, player.headers, waiting.headers, organiser.headers, admin.headers]) {
      reads.push(
        ['/api/games', who],
        [
          `/api/games?date=${at(7 * DAY_MS)
            .toISOString()
            .slice(0, 10)}`,
          who,
        ],
        [`/api/games/${game.id}`, who],
        // What a filtered games list reads (decision 031), a city named without its state included.
        ['/api/games?sportId=1&stateId=1&cityId=1&location=Gin', who],
        ['/api/games/cities', who],
        [`/api/games/${game.id}/calendar.ics`, who],
        ['/api/games/sports', who],
        ['/api/health', who],
      );
    }
    for (const who of [player.headers, waiting.headers, organiser.headers, admin.headers]) {
      reads.push(
        ['/api/users/me', who],
        ['/api/users/me/calendar', who],
        ['/api/notifications', who],
        ['/api/notifications/unread-count', who],
        ['/api/invitations', who],
        ['/api/invitations/stats', who],
        ['/api/user-games', who],
        ['/api/user-games?filter=active', who],
      );
    }
    // The private game opens for the invited player and its organiser (a first visit by link records an invitation).
    for (const who of [player.headers, organiser.headers]) {
      reads.push(
        [`/api/games/${hidden.id}`, who],
        [`/api/games/private/${hidden.privateLink}`, who],
        [`/api/games/${hidden.id}/calendar.ics`, who],
      );
    }
    // The player's calendar feed, read without signing in, with their expired holds in it.
    reads.push([`/api/calendar/${player.user.calendarToken}.ics`, anyone]);
    reads.push(
      [`/api/user-games/${game.id}`, organiser.headers],
      [`/api/user-games/${hidden.id}`, organiser.headers],
      [`/api/user-games/${game.id}/registrations.csv`, organiser.headers],
      [`/api/user-games/${game.id}`, admin.headers],
      [`/api/user-games/${game.id}/registrations.csv`, admin.headers],
      [
        `/api/admin/reports/payments.csv?from=${at(-DAY_MS).toISOString().slice(0, 10)}&to=${at(DAY_MS).toISOString().slice(0, 10)}`,
        admin.headers,
      ],
      ['/api/admin/dashboard', admin.headers],
      ['/api/admin/games', admin.headers],
      ['/api/admin/games?when=upcoming', admin.headers],
      [`/api/admin/games/${game.id}`, admin.headers],
      [`/api/admin/games/${hidden.id}`, admin.headers],
      ['/api/admin/users', admin.headers],
      [`/api/admin/users/${player.user.id}`, admin.headers],
      [`/api/admin/users/${player.user.id}/payments`, admin.headers],
      ['/api/admin/cancellations', admin.headers],
      ['/api/series', organiser.headers],
      [`/api/series/${seriesId}`, organiser.headers],
      [`/api/series/${seriesId}`, admin.headers],
      [`/api/series/${seriesId}/membership`, player.headers],
    );

    const before = await digest(db());
    for (const [url, headers] of reads) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
    }
    // The live places streams (a real connection each): their first message, read like any GET.
    const base = await listen(t.app);
    for (const path of [
      `/api/games/${game.id}/events`,
      `/api/games/${hidden.id}/events?privateLink=${hidden.privateLink}`,
      '/api/games/events',
    ]) {
      const stream = await openEventStream(`${base}${path}`);
      expect(stream.status, path).toBe(200);
      await stream.next();
      stream.close();
    }
    expect(await digest(db())).toEqual(before);
    expect(reads.length).toBeGreaterThanOrEqual(60);

    // The picture is already the one the sweep will write.
    const get = async (url: string, headers: Record<string, string> = {}) => (await t.app.inject({ method: 'GET', url, headers })).json();
    expect(await get(`/api/games/${game.id}`)).toMatchObject({ remainingSlots: 1, registeredPlayers: 1, waitlistCount: 1 });
    expect(await get(`/api/games/${game.id}`, player.headers)).toMatchObject({
      registrationType: 'cancelled',
      paymentDeadline: null,
      userRegistration: { isRegistered: false, isOnWaitlist: false },
    });
    const me = await get('/api/users/me', player.headers);
    expect(me.myGames.map((g: { id: number; registrationType: string }) => [g.id, g.registrationType])).toEqual([
      [game.id, 'cancelled'],
      [hidden.id, 'cancelled'],
    ]);
    expect((await get(`/api/games/private/${hidden.privateLink}`, player.headers)).remainingSlots).toBe(1);
    const detail = await get(`/api/user-games/${game.id}`, organiser.headers);
    expect(detail.stats).toMatchObject({
      confirmedRegistrations: 1,
      pendingRegistrations: 0,
      cancelledRegistrations: 1,
      availableSlots: 1,
    });
    expect(detail.registrations.find((r: { id: number }) => r.id === hold.id)).toMatchObject({
      status: 'cancelled',
      cancelledAt: at(-60_000).toISOString(),
    });
    const adminGame = await get(`/api/admin/games/${game.id}`, admin.headers);
    expect(adminGame.players.map((p: { id: number }) => p.id)).not.toContain(player.user.id);
    expect(adminGame).toMatchObject({ remainingSlots: 1, waitlist: [{ id: waiting.user.id }] });
    expect((await get('/api/admin/games', admin.headers)).games.find((g: { id: number }) => g.id === game.id).remainingSlots).toBe(1);
    expect((await get('/api/user-games', organiser.headers)).find((g: { id: number }) => g.id === game.id).remainingSlots).toBe(1);

    // The sweep then does the side effects: the hold is cancelled, its checkout closed, the line moves up.
    await sweepExpiredPayments(t.app.ctx);
    expect(await digest(db())).not.toEqual(before);
    const [swept] = await db().select().from(registrations).where(eq(registrations.id, hold.id));
    expect(swept).toMatchObject({ status: 'cancelled', cancelledAt: at(-60_000) });
    // What the organiser saw before the sweep is what is stored now.
    const after = await get(`/api/user-games/${game.id}`, organiser.headers);
    expect(after.registrations.find((r: { id: number }) => r.id === hold.id)).toEqual(
      detail.registrations.find((r: { id: number }) => r.id === hold.id),
    );
    const [checkout] = await db().select().from(payments).where(eq(payments.registrationId, hold.id));
    expect(checkout).toMatchObject({ status: 'expired', settledAt: null });
    const [promoted] = await db().select().from(registrations).where(eq(registrations.userId, waiting.user.id));
    expect(promoted).toMatchObject({ status: 'pending' });
    expect(await get(`/api/games/${game.id}`)).toMatchObject({ remainingSlots: 0, waitlistCount: 0 });
  });
});
