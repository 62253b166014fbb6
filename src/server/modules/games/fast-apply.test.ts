import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addCredits, createGame, createRegistration, createUser, HOUR_MS } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { mailRequestsJob } from '../../core/notifications/mail-requests';
import {
  creditTransactions,
  emailOutbox,
  mailRequests,
  notifications,
  pushOutbox,
  pushSubscriptions,
  registrations,
  users,
} from '../../db/schema';
import { organiserNewsRequests } from './fast-apply';

// The one-statement apply (migration 0010) and the path around it: what it does itself, and what it leaves to
// applyToGame's full path without touching anything.
const t = setUpTestApp();

const db = () => t.app.ctx.db;

async function fastApply(gameId: number, userId: number, paysWithCredits = true, tokenVersion = 0) {
  const { rows } = (await db().execute(
    sql`select * from fast_apply(${gameId}, ${userId}, ${tokenVersion}, ${TEST_NOW.toISOString()}::timestamptz, ${paysWithCredits}, 'Inscrição no jogo ', '{jogo} em {quando}', '{posicao}º de {jogo} em {quando}', 'America/Sao_Paulo', 0)`,
  )) as unknown as {
    rows: Array<{ outcome: string; balance_cents: number | null; waitlist_position: number | null; paid_cents: number | null }>;
  };
  return rows[0]!;
}

/** Every row the function could write, to prove a refusal wrote none. */
const footprint = async (userId: number) => ({
  registrations: await db().select().from(registrations).where(eq(registrations.userId, userId)),
  ledger: await db().select().from(creditTransactions).where(eq(creditTransactions.userId, userId)),
  balance: (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b,
});

describe('fast_apply', () => {
  it('confirms a free place and charges it once through the ledger, then puts the next player in line', async () => {
    const game = await createGame(db(), { name: 'Rápido', totalSlots: 1, priceCents: 1500 });
    const first = await createUser(db());
    const second = await createUser(db());
    await addCredits(db(), first.id, 2000);

    expect(await fastApply(game.id, first.id)).toMatchObject({ outcome: 'confirmed', balance_cents: 500, paid_cents: 1500 });
    const [confirmed] = await db().select().from(registrations).where(eq(registrations.userId, first.id));
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      paymentType: 'credit',
      paidCents: 1500,
      confirmedAt: TEST_NOW,
      paymentDeadline: null,
    });
    expect(
      await db()
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.reference, `registration:${confirmed!.id}`)),
    ).toEqual([
      expect.objectContaining({ type: 'spend_game', amountCents: -1500, description: 'Inscrição no jogo Rápido', source: 'credit' }),
    ]);

    expect(await fastApply(game.id, second.id)).toMatchObject({ outcome: 'waitlist', waitlist_position: 1 });
    expect((await footprint(second.id)).registrations).toEqual([
      expect.objectContaining({ status: 'waitlist', waitlistPriceCents: 1500, paidCents: 0 }),
    ]);
    await expectLedgerBalanced(db());
  });

  it('refuses a short balance and leaves the unusual cases to the full path, writing nothing', async () => {
    const organiser = await createUser(db());
    const player = await createUser(db());
    await addCredits(db(), player.id, 1000);
    const pricey = await createGame(db(), { priceCents: 1500 });
    const hidden = await createGame(db(), { visibility: 'private', creatorId: organiser.id });
    const draft = await createGame(db(), { state: 'draft' });
    const started = await createGame(db(), { dateTime: new Date(TEST_NOW.getTime() - HOUR_MS) });
    const withExpiredHold = await createGame(db());
    await createRegistration(db(), {
      gameId: withExpiredHold.id,
      userId: organiser.id,
      status: 'pending',
      paymentDeadline: new Date(TEST_NOW.getTime() - 1),
    });
    const alreadyIn = await createGame(db());
    await createRegistration(db(), { gameId: alreadyIn.id, userId: player.id, status: 'waitlist' });
    const before = await footprint(player.id);

    expect(await fastApply(pricey.id, player.id)).toMatchObject({ outcome: 'insufficient_balance', balance_cents: 1000 });
    for (const gameId of [hidden.id, draft.id, started.id, withExpiredHold.id, alreadyIn.id, 999_999]) {
      expect((await fastApply(gameId, player.id)).outcome, `jogo ${gameId}`).toBe('fallback');
    }
    // A platform game paid by card or PIX opens a checkout: not here.
    expect((await fastApply(pricey.id, player.id, false)).outcome).toBe('fallback');
    // Nor a token a password change ended, nor a player without a phone.
    const open = await createGame(db(), { priceCents: 500 });
    expect((await fastApply(open.id, player.id, true, 1)).outcome).toBe('fallback');
    expect(await footprint(player.id)).toEqual(before);
    const noPhone = await createUser(db(), { phone: null });
    await addCredits(db(), noPhone.id, 1000);
    expect((await fastApply(open.id, noPhone.id)).outcome).toBe('fallback');
    expect((await footprint(noPhone.id)).registrations).toEqual([]);
  });

  it("through the API: an ended token is a 401 and a missing phone the full path's 400, writing nothing", async () => {
    const game = await createGame(db(), { priceCents: 500 });
    const player = await createUser(db(), { phone: null });
    await addCredits(db(), player.id, 1000);
    const apply = async (tokenVersion: number) => {
      const token = await t.app.ctx.tokens.issue({ userId: player.id, tokenVersion });
      return t.app.inject({
        method: 'POST',
        url: `/api/games/${game.id}/apply`,
        headers: { authorization: `Bearer ${token}` },
        payload: { paymentType: 'credit' },
      });
    };
    const noPhone = await apply(0);
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(messages.phoneRequiredToApply);
    await db().update(users).set({ phone: '48991234567', tokenVersion: 1 }).where(eq(users.id, player.id));
    const ended = await apply(0);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(messages.sessionExpired);
    expect((await footprint(player.id)).registrations).toEqual([]);
    expect((await apply(1)).statusCode).toBe(200);
  });

  it("through the API: the reply and the player's notice are the full path's", async () => {
    // Late evening in São Paulo is the next day in UTC; a name that looks like a placeholder stays as it is.
    const game = await createGame(db(), {
      name: 'Aviso {quando}',
      totalSlots: 1,
      priceCents: 1000,
      dateTime: new Date('2026-11-28T01:30:00.000Z'),
    });
    const [first, second] = [await createUser(db(), { name: 'Ana %s {jogo}' }), await createUser(db())];
    await addCredits(db(), first.id, 1000);
    const apply = async (userId: number) => {
      const token = await t.app.ctx.tokens.issue({ userId, tokenVersion: 0 });
      return t.app.inject({
        method: 'POST',
        url: `/api/games/${game.id}/apply`,
        headers: { authorization: `Bearer ${token}` },
        payload: { paymentType: 'credit' },
      });
    };
    expect((await apply(first.id)).json()).toEqual({
      message: messages.registrationConfirmed,
      waitlisted: false,
      registrationType: 'confirmed',
      paymentType: 'credit',
      amountCharged: 10,
      credits: 0,
    });
    expect((await apply(second.id)).json()).toEqual({
      message: messages.addedToWaitlist,
      waitlisted: true,
      registrationType: 'waitlist',
      paymentType: null,
      amountCharged: 0,
      credits: 0,
    });
    const notices = await db()
      .select({ userId: notifications.userId, type: notifications.type, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.gameId, game.id))
      .orderBy(notifications.id);
    const when = formatDateTime(game.dateTime, game.timeZone);
    expect(when).toBe('27/11/2026 às 22:30');
    // The organiser's notices too, the player's name last (format() takes the names as arguments, never as the text).
    expect(notices).toEqual([
      { userId: first.id, type: 'registration_confirmed', message: messages.notice.registrationConfirmed('Aviso {quando}', when) },
      { userId: game.creatorId, type: 'new_registration', message: messages.notice.newRegistration('Aviso {quando}', when, first.name) },
      { userId: second.id, type: 'waitlisted', message: messages.notice.waitlisted('Aviso {quando}', when, 1) },
      { userId: game.creatorId, type: 'new_registration', message: messages.notice.newWaitlisted('Aviso {quando}', when, second.name) },
    ]);
  });

  it("through the API: the organiser's e-mail is a durable request at the reply, written once, by the job if this instance died", async () => {
    // The earlier tests' organisers' e-mails are written by now.
    await t.app.ctx.mailer.idle();
    const organiser = await createUser(db(), { name: 'Otília Organizadora' });
    // A device of the organiser's: the database queues a push per device with the notice.
    await db()
      .insert(pushSubscriptions)
      .values({ userId: organiser.id, endpoint: 'https://push.exemplo.test/otilia', p256dh: 'chave', auth: 'segredo' });
    const game = await createGame(db(), { creatorId: organiser.id, name: 'Vôlei da praia', priceCents: 1000 });
    const player = await createUser(db(), { name: 'Carla Dias' });
    await addCredits(db(), player.id, 1000);
    const held: Array<() => Promise<void>> = [];
    // What this instance would do right after the reply is held: as if it had died then.
    const later = vi.spyOn(t.app.ctx.mailer, 'later').mockImplementation((task) => void held.push(task));
    const mailsToOrganiser = () => db().select().from(emailOutbox).where(eq(emailOutbox.to, organiser.email));
    try {
      const token = await t.app.ctx.tokens.issue({ userId: player.id, tokenVersion: 0 });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/games/${game.id}/apply`,
        headers: { authorization: `Bearer ${token}` },
        payload: { paymentType: 'credit' },
      });
      expect(res.json()).toMatchObject({ registrationType: 'confirmed' });
      // Replied: the notice and its push were committed with the registration, and the e-mail is a request, written by
      // the same statement; nothing of it lives only in this process.
      const [notice] = await db().select().from(notifications).where(eq(notifications.userId, organiser.id));
      expect(notice).toMatchObject({ type: 'new_registration' });
      expect(await db().select().from(pushOutbox).where(eq(pushOutbox.notificationId, notice!.id))).toHaveLength(1);
      expect(await db().select({ kind: mailRequests.kind, payload: mailRequests.payload }).from(mailRequests)).toEqual([
        { kind: 'organiser_news', payload: { noticeId: notice!.id, outcome: 'confirmed' } },
      ]);
      expect(await mailsToOrganiser()).toEqual([]);

      const job = mailRequestsJob(t.app.ctx, [organiserNewsRequests]);
      expect(await job.run()).toBe(1);
      expect(await job.run()).toBe(0);
      for (const task of held) await task();
      const mails = await mailsToOrganiser();
      expect(mails.map((mail) => mail.subject)).toEqual(['Nova inscrição: Vôlei da praia']);
      expect(mails[0]!.text).toContain('Carla Dias se inscreveu em Vôlei da praia');
      expect(await db().select().from(mailRequests)).toEqual([]);
    } finally {
      later.mockRestore();
      await t.app.ctx.mailer.idle();
    }
  });
});
