import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGame, createRegistration, createSignedInUser, createUser, HOUR_MS } from '../../../../test-support/server/factories';
import { createTestApp, isPostgres, raced, setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { emailOutbox, notifications, registrations, states } from '../../db/schema';
import { sendReminders } from './send-reminders';

// TEST_NOW is 20/11/2026 09:00 in São Paulo; the game is the next day at 19:30 there (22:30 UTC).
const GAME_AT = new Date('2026-11-21T22:30:00.000Z');
const REMINDER_AT = new Date(GAME_AT.getTime() - 24 * HOUR_MS);
const MINUTE = 60_000;
const PLACE = 'Ginásio do Centro (Rua das Flores, 100 - Centro, Florianópolis - SC)';

const t = setUpTestApp();
// Every test starts at TEST_NOW.
beforeEach(() => t.clock.set(TEST_NOW));

const db = () => t.app.ctx.db;

async function remindersOf(userIds: number[]) {
  return db()
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.type, 'game_reminder')));
}

async function mailsTo(email: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.to, email));
}

/** A game the next evening with one confirmed player. */
async function gameWithPlayer(overrides: Parameters<typeof createGame>[1] = {}) {
  const game = await createGame(db(), { name: 'Vôlei da quinta', dateTime: GAME_AT, ...overrides });
  const player = await createUser(db());
  const registration = await createRegistration(db(), { gameId: game.id, userId: player.id, status: 'confirmed' });
  return { game, player, registration };
}

describe('reminders before a game', () => {
  it('say the time on the clocks of the game’s place: 19:30 in Manaus, not São Paulo’s 20:30 (decision 037)', async () => {
    const [amazonas] = await db().select().from(states).where(eq(states.uf, 'AM'));
    const manausAt = new Date('2026-11-21T23:30:00.000Z');
    const { player } = await gameWithPlayer({ dateTime: manausAt, stateId: amazonas!.id });
    t.clock.set(new Date(manausAt.getTime() - 24 * HOUR_MS));
    await sendReminders(t.app.ctx);
    expect((await remindersOf([player.id]))[0]!.message).toContain('amanhã às 19:30');
    await t.app.ctx.mailer.idle();
    const [mail] = await mailsTo(player.email);
    expect(mail!.text).toContain('amanhã às 19:30');
    expect(mail!.text).not.toContain('20:30');
  });

  it('reach a crowd of 120 in one run, a few dozen per transaction, and none of them twice', async () => {
    const crowd: number[] = [];
    for (const name of ['Vôlei lotado', 'Vôlei de novo', 'Vôlei de sábado']) {
      const game = await createGame(db(), { name, dateTime: GAME_AT, totalSlots: 40 });
      for (let i = 0; i < 40; i += 1) {
        const player = await createUser(db());
        await createRegistration(db(), { gameId: game.id, userId: player.id, status: 'confirmed' });
        crowd.push(player.id);
      }
    }
    t.clock.set(new Date(REMINDER_AT.getTime() + MINUTE));
    expect(await sendReminders(t.app.ctx)).toBeGreaterThanOrEqual(120);
    expect(await remindersOf(crowd)).toHaveLength(120);
    expect(await sendReminders(t.app.ctx)).toBe(0);
    expect(await remindersOf(crowd)).toHaveLength(120);
  });

  it('reach a confirmed player once REMINDER_HOURS before the game: not a minute earlier, and never twice', async () => {
    const { game, player, registration } = await gameWithPlayer();

    t.clock.set(new Date(REMINDER_AT.getTime() - MINUTE));
    await sendReminders(t.app.ctx);
    expect(await remindersOf([player.id])).toEqual([]);

    t.clock.set(new Date(REMINDER_AT.getTime() + MINUTE));
    await sendReminders(t.app.ctx);
    const [notice, ...more] = await remindersOf([player.id]);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ gameId: game.id, message: `Lembrete: Vôlei da quinta é amanhã às 19:30, em ${PLACE}. Bom jogo!` });
    const [row] = await db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(row!.remindedAt).toEqual(t.clock.now());

    await t.app.ctx.mailer.idle();
    const [mail, ...otherMails] = await mailsTo(player.email);
    expect(otherMails).toEqual([]);
    expect(mail!.subject).toBe('Lembrete: Vôlei da quinta');
    expect(mail!.text).toContain(notice!.message);
    const map =
      'https://www.google.com/maps/search/?api=1&query=Gin%C3%A1sio%20do%20Centro%2C%20Rua%20das%20Flores%2C%20100%20-%20Centro%2C%20Florian%C3%B3polis%20-%20SC';
    expect(mail!.text).toContain(`Como chegar: ${map}`);
    expect(mail!.html).toContain(`href="${map.replace('&', '&amp;')}">Como chegar (mapa)</a>`);
    expect(mail!.text).toContain(`http://bora.test/apply/${game.id}`);

    // The next runs, however late, find nothing left to send.
    await sendReminders(t.app.ctx);
    t.clock.advance(3 * HOUR_MS);
    await sendReminders(t.app.ctx);
    expect(await remindersOf([player.id])).toHaveLength(1);
    await t.app.ctx.mailer.idle();
    expect(await mailsTo(player.email)).toHaveLength(1);
  });

  it('tell a player whose place is still unpaid to pay, and until when', async () => {
    const game = await createGame(db(), { name: 'Vôlei pendente', dateTime: GAME_AT, priceCents: 1500 });
    const player = await createUser(db());
    t.clock.set(new Date(REMINDER_AT.getTime() + 10 * MINUTE));
    // 20/11 19:40 in São Paulo: the place is held until 20:10.
    await createRegistration(db(), {
      gameId: game.id,
      userId: player.id,
      status: 'pending',
      paymentType: 'stripe',
      paymentDeadline: new Date(t.clock.now().getTime() + 30 * MINUTE),
    });
    await sendReminders(t.app.ctx);
    const [notice] = await remindersOf([player.id]);
    expect(notice!.message).toBe(
      `Lembrete: Vôlei pendente é amanhã às 19:30, em ${PLACE}. Sua vaga ainda não está paga: pague R$ 15,00 até hoje às 20:10 para confirmar.`,
    );
  });

  it('skip cancelled games, cancelled registrations, expired holds, the waitlist and drafts', async () => {
    const cancelledGame = await gameWithPlayer({ status: 'cancelled', cancelReason: 'Chuva' });
    const draft = await gameWithPlayer({ state: 'draft' });
    const { game, player } = await gameWithPlayer();
    const left = await createSignedInUser(t.app);
    await createRegistration(db(), { gameId: game.id, userId: left.user.id, status: 'confirmed' });
    const expired = await createUser(db());
    await createRegistration(db(), {
      gameId: game.id,
      userId: expired.id,
      status: 'pending',
      paymentDeadline: new Date(REMINDER_AT.getTime()),
    });
    // In line for a full game: nothing frees up, so no place to be reminded of.
    const full = await gameWithPlayer({ totalSlots: 1 });
    const waiting = await createUser(db());
    await createRegistration(db(), { gameId: full.game.id, userId: waiting.id, status: 'waitlist' });

    // Less than 48 h before the game: the player leaves through the API before the reminder time.
    t.clock.set(new Date(REMINDER_AT.getTime() - HOUR_MS));
    expect((await t.app.inject({ method: 'POST', url: `/api/games/${game.id}/cancel`, headers: left.headers })).statusCode).toBe(200);

    t.clock.set(new Date(REMINDER_AT.getTime() + MINUTE));
    await sendReminders(t.app.ctx);
    expect((await remindersOf([player.id, full.player.id])).map((row) => row.gameId)).toEqual([game.id, full.game.id]);
    expect(await remindersOf([cancelledGame.player.id, draft.player.id, left.user.id, expired.id, waiting.id])).toEqual([]);
  });

  it('remind a late registration at once, but not one made less than two hours before the game', async () => {
    const { player } = await gameWithPlayer();
    t.clock.set(new Date(GAME_AT.getTime() - 10 * HOUR_MS));
    await sendReminders(t.app.ctx);
    // Registered 10 h before: reminded at the next run, with the day it is (today).
    const [notice] = await remindersOf([player.id]);
    expect(notice!.message).toContain('é hoje às 19:30');

    const { player: lastMinute } = await gameWithPlayer();
    t.clock.set(new Date(GAME_AT.getTime() - 2 * HOUR_MS + MINUTE));
    await sendReminders(t.app.ctx);
    expect(await remindersOf([lastMinute.id])).toEqual([]);
  });

  it('follow REMINDER_HOURS', async () => {
    const early = await createTestApp({ env: { REMINDER_HOURS: '48' } });
    try {
      const game = await createGame(early.app.ctx.db, { dateTime: GAME_AT });
      const player = await createUser(early.app.ctx.db);
      await createRegistration(early.app.ctx.db, { gameId: game.id, userId: player.id, status: 'confirmed' });
      early.clock.set(new Date(GAME_AT.getTime() - 48 * HOUR_MS - MINUTE));
      expect(await sendReminders(early.app.ctx)).toBe(0);
      early.clock.set(new Date(GAME_AT.getTime() - 47 * HOUR_MS));
      expect(await sendReminders(early.app.ctx)).toBe(1);
      const [notice] = await early.app.ctx.db.select().from(notifications).where(eq(notifications.userId, player.id));
      expect(notice!.message).toContain('é 21/11/2026 às 19:30');
    } finally {
      await early.close();
    }
  });
});

describe.runIf(isPostgres)(raced('reminder runs in parallel'), () => {
  it('two runs at once (two leaders, or a run and a restart) remind each player exactly once', async () => {
    // A week later than the other tests' games, which are over by then.
    const later = new Date(GAME_AT.getTime() + 7 * 24 * HOUR_MS);
    const game = await createGame(db(), { dateTime: later, totalSlots: 30 });
    const players = [];
    for (let i = 0; i < 25; i += 1) {
      const player = await createUser(db());
      await createRegistration(db(), { gameId: game.id, userId: player.id, status: 'confirmed' });
      players.push(player);
    }
    t.clock.set(new Date(later.getTime() - 24 * HOUR_MS + MINUTE));
    const runs = await Promise.all([1, 2, 3, 4].map(() => sendReminders(t.app.ctx)));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(players.length);
    const notices = await remindersOf(players.map((player) => player.id));
    expect(notices).toHaveLength(players.length);
    expect(new Set(notices.map((row) => row.userId)).size).toBe(players.length);
    await t.app.ctx.mailer.idle();
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.to,
          players.map((player) => player.email),
        ),
      );
    expect(mails).toHaveLength(players.length);
  });
});
