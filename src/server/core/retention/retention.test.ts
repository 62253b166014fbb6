import { and, asc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createUser,
  DAY_MS,
  DEFAULT_PASSWORD,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { createSecondInstance, isPostgres, raced, setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import {
  cancellationRequests,
  creditTransactions,
  emailOutbox,
  games,
  invitations,
  notifications,
  passwordResetCodes,
  payments,
  registrations,
  series,
  seriesMembers,
  teamPlayers,
  users,
} from '../../db/schema';
import { queueMail } from '../../integrations/mail/mailer';
import { gameInvitationEmail } from '../../integrations/mail/templates';
import { postCreditTransaction } from '../credits/post-credit-transaction';
import type { ServerContext } from '../context';
import { runRetention } from './run-retention';

const t = setUpTestApp();
const db = () => t.app.ctx.db;
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
const MINUTE_MS = 60_000;
const YEAR_2 = 2 * 365 * DAY_MS;

type User = typeof users.$inferSelect;

const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const mailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(asc(emailOutbox.id));

/** Every table the retention job must never delete from, digested. */
async function booksDigest() {
  const digest = async (table: string) =>
    (
      (await db().execute(
        sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${table}" t`),
      )) as {
        rows: { n: number; h: string }[];
      }
    ).rows[0];
  return { ledger: await digest('credit_transactions'), payments: await digest('payments'), registrations: await digest('registrations') };
}

describe('retention of notifications and e-mails', () => {
  beforeEach(async () => {
    t.clock.set(TEST_NOW);
    await db().delete(notifications);
    await db().delete(emailOutbox);
  });

  async function notificationAt(userId: number, createdAt: Date) {
    const [row] = await db().insert(notifications).values({ userId, type: 'game_changed', message: 'Aviso', createdAt }).returning();
    return row!.id;
  }

  async function mailAt(values: Partial<typeof emailOutbox.$inferInsert>) {
    const [row] = await db()
      .insert(emailOutbox)
      .values({ to: 'alguem@exemplo.com.br', subject: 'Assunto', text: 'Texto', html: '<p>Texto</p>', ...values })
      .returning();
    return row!.id;
  }

  const remaining = async () => ({
    notifications: (await db().select({ id: notifications.id }).from(notifications).orderBy(asc(notifications.id))).map((row) => row.id),
    emails: (await db().select({ id: emailOutbox.id }).from(emailOutbox).orderBy(asc(emailOutbox.id))).map((row) => row.id),
  });

  it('deletes notifications older than 365 days and e-mails sent more than 90 days ago; keeps younger ones and every e-mail not delivered', async () => {
    const user = await createUser(db());
    await notificationAt(user.id, ago(365 * DAY_MS + MINUTE_MS));
    const young = await notificationAt(user.id, ago(365 * DAY_MS - MINUTE_MS));
    await mailAt({ sentAt: ago(90 * DAY_MS + MINUTE_MS), createdAt: ago(91 * DAY_MS) });
    const sentLately = await mailAt({ sentAt: ago(90 * DAY_MS - MINUTE_MS), createdAt: ago(91 * DAY_MS) });
    const waiting = await mailAt({ createdAt: ago(200 * DAY_MS) });
    const retrying = await mailAt({
      createdAt: ago(200 * DAY_MS),
      attempts: 3,
      nextAttemptAt: new Date(t.clock.now().getTime() + MINUTE_MS),
    });
    const givenUp = await mailAt({ createdAt: ago(200 * DAY_MS), attempts: 12, failedAt: ago(199 * DAY_MS), error: 'recusado' });
    // Years of books, older than any retention (the ledger's own dates cannot be changed: it is append-only).
    const game = await createGame(db(), { dateTime: ago(3 * 365 * DAY_MS) });
    const registration = await createRegistration(db(), {
      gameId: game.id,
      userId: user.id,
      status: 'confirmed',
      createdAt: ago(3 * 365 * DAY_MS),
    });
    await addCredits(db(), user.id, 1500);
    await db()
      .insert(payments)
      .values({
        publicId: `pay_antigo_${registration.id}`,
        userId: user.id,
        purpose: 'topup',
        method: 'pix',
        provider: 'sandbox',
        amountCents: 1500,
        status: 'paid',
        createdAt: ago(3 * 365 * DAY_MS),
      });
    const books = await booksDigest();

    const summary = await runRetention(t.app.ctx);

    expect(summary).toMatchObject({ notifications: 1, emails: 1, finished: true });
    expect(await remaining()).toEqual({ notifications: [young], emails: [sentLately, waiting, retrying, givenUp] });
    expect(await booksDigest()).toEqual(books);
    expect(books.ledger!.n).toBe(1);
    expect(books.payments!.n).toBeGreaterThan(0);
    expect(books.registrations!.n).toBeGreaterThan(0);
  });

  it('works in batches: a run stopped by its time budget after one batch leaves the rest, and the next one finishes', async () => {
    const user = await createUser(db());
    const old = ago(400 * DAY_MS);
    for (let i = 0; i < 5; i++) await notificationAt(user.id, old);
    for (let i = 0; i < 4; i++) await mailAt({ sentAt: old, createdAt: old });
    const young = await notificationAt(user.id, t.clock.now());

    // No time at all: one batch of two, then the run stops.
    expect(await runRetention(t.app.ctx, { budgetMs: 0, rowBatch: 2 })).toMatchObject({ notifications: 2, emails: 0, finished: false });
    expect((await remaining()).notifications).toHaveLength(4);
    expect((await remaining()).emails).toHaveLength(4);

    // The next run goes on from there: 3 notifications (batches of 2, 1) and 4 e-mails (2, 2, and an empty one).
    expect(await runRetention(t.app.ctx, { rowBatch: 2 })).toMatchObject({ notifications: 3, emails: 4, finished: true });
    expect(await remaining()).toEqual({ notifications: [young], emails: [] });
    expect(await runRetention(t.app.ctx, { rowBatch: 2 })).toMatchObject({ notifications: 0, emails: 0, finished: true });
  });

  it('follows NOTIFICATIONS_RETENTION_DAYS and EMAIL_RETENTION_DAYS', async () => {
    const user = await createUser(db());
    await notificationAt(user.id, ago(31 * DAY_MS));
    const kept = await notificationAt(user.id, ago(29 * DAY_MS));
    await mailAt({ sentAt: ago(8 * DAY_MS) });
    const keptMail = await mailAt({ sentAt: ago(6 * DAY_MS) });
    const ctx: ServerContext = {
      ...t.app.ctx,
      config: { ...t.config, retention: { notificationsDays: 30, emailsDays: 7, inactiveAccountYears: 2 } },
    };

    expect(await runRetention(ctx)).toMatchObject({ notifications: 1, emails: 1 });
    expect(await remaining()).toEqual({ notifications: [kept], emails: [keptMail] });
  });
});

describe('inactive accounts', () => {
  // The accounts of earlier tests count as just used: each test sees only its own.
  beforeEach(async () => {
    t.clock.set(TEST_NOW);
    await db().update(users).set({ lastActiveAt: TEST_NOW, inactivityWarnedAt: null }).where(isNull(users.deletedAt));
  });

  /** An account last used `unusedFor` ago (by default 29 days short of 2 years: due its warning), with no history. */
  const unusedPlayer = (overrides: Parameters<typeof createUser>[1] = {}, unusedFor = YEAR_2 - 29 * DAY_MS) =>
    createUser(db(), { lastActiveAt: ago(unusedFor), ...overrides });

  const warnedOn = async (user: User) => (await userRow(user.id)).inactivityWarnedAt;

  it('warns an account unused for nearly INACTIVE_ACCOUNT_YEARS once, naming the last day and linking to the sign-in', async () => {
    const due = await unusedPlayer({ name: 'Dora Dias' });
    const notYet = await unusedPlayer({}, YEAR_2 - 31 * DAY_MS);

    expect(await runRetention(t.app.ctx)).toMatchObject({ warned: 1, erased: 0, finished: true });
    expect(await warnedOn(due)).toEqual(TEST_NOW);
    expect(await warnedOn(notYet)).toBeNull();
    await t.app.ctx.mailer.idle();
    const [mail, ...more] = await mailsTo(due.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Sua conta no Bora Jogar será excluída por falta de uso');
    // TEST_NOW is 20/11/2026: the last day is 30 days later.
    expect(mail!.text).toContain('Olá, Dora Dias!');
    expect(mail!.text).toContain('Se você não entrar na sua conta até 20/12/2026, vamos excluí-la');
    expect(mail!.text).toContain('contas sem uso por 2 anos são excluídas');
    expect(mail!.text).toContain('Entrar: http://bora.test/login');
    expect(mail!.html).toContain('href="http://bora.test/login"');
    expect(await mailsTo(notYet.email)).toEqual([]);

    // Later runs, days later, warn nobody again.
    t.clock.advance(DAY_MS);
    expect(await runRetention(t.app.ctx)).toMatchObject({ warned: 1, erased: 0 });
    expect(await warnedOn(due)).toEqual(TEST_NOW);
    expect(await warnedOn(notYet)).toEqual(t.clock.now());
    expect(await mailsTo(due.email)).toHaveLength(1);
  });

  it('never warns an administrator, nor an account with a balance or anything ahead; a registration or payment counts as use', async () => {
    const old = ago(3 * 365 * DAY_MS);
    const admin = await unusedPlayer({ role: 'admin' });
    const withBalance = await unusedPlayer();
    await addCredits(db(), withBalance.id, 500);
    const placeAhead = await unusedPlayer();
    await createRegistration(db(), { gameId: (await createGame(db())).id, userId: placeAhead.id, status: 'confirmed', createdAt: old });
    const inLineAhead = await unusedPlayer();
    await createRegistration(db(), { gameId: (await createGame(db())).id, userId: inLineAhead.id, status: 'waitlist', createdAt: old });
    const organiserAhead = await unusedPlayer();
    await createGame(db(), { creatorId: organiserAhead.id });
    const weekly = async (creatorId: number, firstDateTime: Date) => {
      const [row] = await db()
        .insert(series)
        .values({
          creatorId,
          firstDateTime,
          occurrences: 4,
          memberSlots: 2,
          template: {
            name: 'Racha',
            location: 'Quadra',
            address: '',
            priceCents: 1000,
            totalSlots: 10,
            description: '',
            descriptionHtml: '',
            visibility: 'public',
            usePlatformPayment: true,
            sportId: null,
            stateId: null,
            cityId: null,
          },
        })
        .returning();
      return row!;
    };
    // A series that began a week ago and has three weeks to go; one whose last week was long ago.
    const runningSeriesOrganiser = await unusedPlayer();
    const running = await weekly(runningSeriesOrganiser.id, ago(7 * DAY_MS));
    const member = await unusedPlayer();
    await db().insert(seriesMembers).values({ seriesId: running.id, userId: member.id, joinedAt: old });
    const finishedSeriesOrganiser = await unusedPlayer();
    const finished = await weekly(finishedSeriesOrganiser.id, ago(400 * DAY_MS));
    const finishedMember = await unusedPlayer();
    await db().insert(seriesMembers).values({ seriesId: finished.id, userId: finishedMember.id, joinedAt: old });
    const refundWaiting = await unusedPlayer();
    const pastGame = await createGame(db(), { dateTime: old });
    const cancelled = await createRegistration(db(), {
      gameId: pastGame.id,
      userId: refundWaiting.id,
      status: 'cancelled',
      createdAt: old,
    });
    await db()
      .insert(cancellationRequests)
      .values({ registrationId: cancelled.id, gameId: pastGame.id, userId: refundWaiting.id, amountCents: 1000, paymentType: 'stripe' });
    const registeredLately = await unusedPlayer();
    await createRegistration(db(), { gameId: pastGame.id, userId: registeredLately.id, status: 'confirmed', createdAt: ago(365 * DAY_MS) });
    const paidLately = await unusedPlayer();
    await db()
      .insert(payments)
      .values({
        publicId: `pay_recente_${paidLately.id}`,
        userId: paidLately.id,
        purpose: 'topup',
        method: 'card',
        provider: 'sandbox',
        amountCents: 1000,
        status: 'expired',
        createdAt: ago(365 * DAY_MS),
      });

    expect(await runRetention(t.app.ctx)).toMatchObject({ warned: 2 });
    const never = [
      admin,
      withBalance,
      placeAhead,
      inLineAhead,
      organiserAhead,
      runningSeriesOrganiser,
      member,
      refundWaiting,
      registeredLately,
      paidLately,
    ];
    for (const user of never) expect(await warnedOn(user), user.email).toBeNull();
    expect(await warnedOn(finishedSeriesOrganiser)).toEqual(TEST_NOW);
    expect(await warnedOn(finishedMember)).toEqual(TEST_NOW);
    expect(
      await db()
        .select()
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.to,
            never.map((user) => user.email),
          ),
        ),
    ).toEqual([]);
  });

  it('keeps an account whose owner signs in after the warning, with a password or Google: the warning goes, and no erasure follows', async () => {
    const user = await unusedPlayer();
    const googleUser = await unusedPlayer({ googleSub: 'google-inativo', passwordHash: null });
    expect(await runRetention(t.app.ctx)).toMatchObject({ warned: 2 });
    expect(await warnedOn(user)).toEqual(TEST_NOW);

    t.clock.advance(10 * DAY_MS);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ lastActiveAt: t.clock.now(), inactivityWarnedAt: null });
    // Google's side is faked: any token stands for this account.
    const { ctx } = t.app;
    const google = ctx.google;
    ctx.google = {
      clientId: 'teste',
      verify: async () => ({ sub: 'google-inativo', email: googleUser.email, emailVerified: true, name: googleUser.name }),
    };
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: 'qualquer' } })).statusCode).toBe(200);
    } finally {
      ctx.google = google;
    }
    expect(await userRow(googleUser.id)).toMatchObject({ lastActiveAt: t.clock.now(), inactivityWarnedAt: null });

    t.clock.advance(25 * DAY_MS);
    expect(await runRetention(t.app.ctx)).toMatchObject({ warned: 0, erased: 0, kept: 0 });
    expect(await userRow(user.id)).toMatchObject({ deletedAt: null, email: user.email, inactivityWarnedAt: null });
    expect(await userRow(googleUser.id)).toMatchObject({ deletedAt: null, email: googleUser.email, inactivityWarnedAt: null });
  });

  it('keeps, and stops warning, an account that got a balance, a place ahead or the admin role after its warning', async () => {
    const credited = await unusedPlayer();
    const registered = await unusedPlayer();
    const promoted = await unusedPlayer();
    expect(await runRetention(t.app.ctx)).toMatchObject({ warned: 3 });
    await addCredits(db(), credited.id, 1000);
    // Written as an organiser would (not by the player): an old creation date, so only "a place ahead" holds it.
    await createRegistration(db(), {
      gameId: (await createGame(db(), { dateTime: ago(-60 * DAY_MS) })).id,
      userId: registered.id,
      status: 'confirmed',
      createdAt: ago(3 * 365 * DAY_MS),
    });
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, promoted.id));

    t.clock.advance(31 * DAY_MS + MINUTE_MS);
    expect(await runRetention(t.app.ctx)).toMatchObject({ erased: 0, kept: 3, warned: 0 });
    for (const user of [credited, registered, promoted])
      expect(await userRow(user.id)).toMatchObject({ deletedAt: null, inactivityWarnedAt: null });
  });

  it('keeps, and stops warning, an organiser still owed earnings (decision 045) until they are paid out', async () => {
    const organiser = await unusedPlayer();
    expect(await runRetention(t.app.ctx)).toMatchObject({ warned: 1 });
    // A place paid in one of the organiser's games, a few days ago: its share is available and not paid out.
    const game = await createGame(db(), { creatorId: organiser.id, dateTime: ago(5 * DAY_MS), priceCents: 1500 });
    const registration = await createRegistration(db(), {
      gameId: game.id,
      userId: (await createUser(db())).id,
      status: 'confirmed',
      paymentType: 'stripe',
      paidCents: 1500,
    });
    await db().execute(sql`select record_sale(${registration.id}, 0, ${ago(5 * DAY_MS).toISOString()}::timestamptz)`);

    t.clock.advance(31 * DAY_MS + MINUTE_MS);
    expect(await runRetention(t.app.ctx)).toMatchObject({ erased: 0, kept: 1 });
    expect(await userRow(organiser.id)).toMatchObject({ deletedAt: null, inactivityWarnedAt: null });
  });

  /**
   * An account with years of history: a past game it played (paid with credits, marked present, drawn
   * into a team) and organised, an invitation, a reset code, its own e-mail and one naming it that went
   * to someone else.
   */
  async function accountWithHistory(name: string) {
    const long = ago(3 * 365 * DAY_MS);
    const user = await unusedPlayer({ name });
    const other = await createUser(db(), { name: 'Outra Pessoa' });
    const organised = await createGame(db(), { creatorId: user.id, dateTime: long });
    const played = await createGame(db(), { dateTime: long, priceCents: 1000 });
    await addCredits(db(), user.id, 1000);
    const registration = await createRegistration(db(), {
      gameId: played.id,
      userId: user.id,
      status: 'confirmed',
      paymentType: 'credit',
      paidCents: 1000,
      present: true,
      level: 4,
      createdAt: long,
    });
    await db().transaction((tx) =>
      postCreditTransaction(tx, {
        userId: user.id,
        amountCents: -1000,
        type: 'spend_game',
        description: 'Inscrição',
        source: 'game',
        reference: `registration:${registration.id}`,
      }),
    );
    await db()
      .insert(payments)
      .values({
        publicId: `pay_${user.id}`,
        userId: user.id,
        purpose: 'topup',
        method: 'pix',
        provider: 'sandbox',
        amountCents: 1000,
        status: 'paid',
        createdAt: long,
      });
    await db().insert(teamPlayers).values({ gameId: played.id, userId: user.id, team: 1, drawnAt: long });
    await db().insert(invitations).values({ gameId: played.id, userId: user.id, email: user.email, createdAt: long });
    await db().insert(passwordResetCodes).values({ userId: user.id, codeHash: 'x', expiresAt: long });
    await db()
      .insert(notifications)
      .values({ userId: user.id, type: 'game_changed', message: 'Aviso', createdAt: ago(10 * DAY_MS) });
    await queueMail(db(), [
      { to: user.email, subject: 'Seu jogo', text: 'Olá', html: '<p>Olá</p>' },
      gameInvitationEmail({
        to: other.email,
        name: other.name,
        organiserName: name,
        gameName: 'Vôlei',
        when: 'amanhã',
        location: 'Quadra',
        link: 'http://bora.test/x',
        publicUrl: 'http://bora.test',
      }),
    ]);
    return { user, organised };
  }

  /** What is left of an account: what must be gone, and the books. */
  async function footprint(user: User, name: string) {
    const row = await userRow(user.id);
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    return {
      account: {
        name: row.name,
        email: row.email,
        phone: row.phone,
        googleSub: row.googleSub,
        passwordHash: row.passwordHash,
        calendarToken: row.calendarToken,
        role: row.role,
        isDeleted: row.deletedAt !== null,
        tokenVersion: row.tokenVersion - user.tokenVersion,
        inactivityWarnedAt: row.inactivityWarnedAt,
        balanceCents: row.balanceCents,
      },
      notifications: await count(db().select().from(notifications).where(eq(notifications.userId, user.id))),
      invitations: await count(
        db()
          .select()
          .from(invitations)
          .where(or(eq(invitations.userId, user.id), eq(invitations.email, user.email))),
      ),
      resetCodes: await count(db().select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id))),
      teamPlayers: await count(db().select().from(teamPlayers).where(eq(teamPlayers.userId, user.id))),
      mailsToThem: await count(mailsTo(user.email)),
      nameInOthersMail: await count(
        db()
          .select()
          .from(emailOutbox)
          .where(like(emailOutbox.text, `%${name}%`)),
      ),
      registrations: await db()
        .select({
          status: registrations.status,
          paidCents: registrations.paidCents,
          present: registrations.present,
          level: registrations.level,
        })
        .from(registrations)
        .where(eq(registrations.userId, user.id)),
      ledger: await db()
        .select({ amountCents: creditTransactions.amountCents, type: creditTransactions.type })
        .from(creditTransactions)
        .where(eq(creditTransactions.userId, user.id))
        .orderBy(asc(creditTransactions.id)),
      payments: await db()
        .select({ amountCents: payments.amountCents, status: payments.status })
        .from(payments)
        .where(eq(payments.userId, user.id)),
    };
  }

  it('erases the account 31 days after the warning, still unused and free, exactly as its owner’s deletion does, the books kept', async () => {
    const owner = await accountWithHistory('Paula Prado');
    const unused = await accountWithHistory('Quésia Quintão');
    const unusedToken = await t.app.ctx.tokens.issue({ userId: unused.user.id, tokenVersion: unused.user.tokenVersion });
    expect(await runRetention(t.app.ctx)).toMatchObject({ warned: 2 });
    // The owner deletes hers themselves; the other is left to the retention.
    const ownerToken = await t.app.ctx.tokens.issue({ userId: owner.user.id, tokenVersion: owner.user.tokenVersion });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${ownerToken}` },
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);

    t.clock.advance(31 * DAY_MS - MINUTE_MS);
    expect(await runRetention(t.app.ctx)).toMatchObject({ erased: 0 });
    expect((await userRow(unused.user.id)).deletedAt).toBeNull();
    t.clock.advance(2 * MINUTE_MS);
    expect(await runRetention(t.app.ctx)).toMatchObject({ erased: 1, kept: 0, warned: 0, finished: true });

    const erased = await footprint(unused.user, 'Quésia Quintão');
    expect(erased).toEqual(await footprint(owner.user, 'Paula Prado'));
    expect(erased).toMatchObject({
      account: {
        name: '',
        email: '',
        phone: null,
        googleSub: null,
        passwordHash: null,
        calendarToken: null,
        isDeleted: true,
        tokenVersion: 1,
        inactivityWarnedAt: null,
        balanceCents: 0,
      },
      notifications: 0,
      invitations: 0,
      resetCodes: 0,
      teamPlayers: 0,
      mailsToThem: 0,
      nameInOthersMail: 0,
      registrations: [{ status: 'confirmed', paidCents: 1000, present: null, level: null }],
      ledger: [
        { amountCents: 1000, type: 'add_manual' },
        { amountCents: -1000, type: 'spend_game' },
      ],
      payments: [{ amountCents: 1000, status: 'paid' }],
    });
    const othersMail = await db()
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.text, `%${messages.accountDeleted} convidou você%`));
    expect(othersMail).toHaveLength(2);
    // The past game it organised stays, as it happened.
    expect(
      await db().select({ status: games.status, creatorId: games.creatorId }).from(games).where(eq(games.id, unused.organised.id)),
    ).toEqual([{ status: 'active', creatorId: unused.user.id }]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${unusedToken}` } })).statusCode,
    ).toBe(401);
    await expectLedgerBalanced(db());
    expect(await runRetention(t.app.ctx)).toMatchObject({ erased: 0, kept: 0, warned: 0 });
  });

  it('an interrupted run leaves nobody half-warned, and the next one warns the rest, each once', async () => {
    const accounts: User[] = [];
    for (let i = 0; i < 5; i++) accounts.push(await unusedPlayer({}, YEAR_2 - 29 * DAY_MS + (5 - i) * MINUTE_MS));
    // The third account's e-mail cannot be written: the batch holding it fails, as a crash would end it.
    await db().execute(
      sql.raw(`create function refuse_outbox() returns trigger language plpgsql as $$
      begin
        if new."to" = '${accounts[2]!.email}' then raise exception 'recusado no teste'; end if;
        return new;
      end $$`),
    );
    await db().execute(sql`create trigger refuse_outbox before insert on email_outbox for each row execute function refuse_outbox()`);
    try {
      await expect(runRetention(t.app.ctx, { accountBatch: 2 })).rejects.toMatchObject({ cause: { message: 'recusado no teste' } });
    } finally {
      await db().execute(sql`drop trigger refuse_outbox on email_outbox`);
      await db().execute(sql`drop function refuse_outbox()`);
    }
    const warned = async () => Promise.all(accounts.map(async (user) => (await warnedOn(user)) !== null));
    const mailCounts = async () => Promise.all(accounts.map(async (user) => (await mailsTo(user.email)).length));
    expect(await warned()).toEqual([true, true, false, false, false]);
    expect(await mailCounts()).toEqual([1, 1, 0, 0, 0]);

    t.clock.advance(MINUTE_MS);
    expect(await runRetention(t.app.ctx, { accountBatch: 2 })).toMatchObject({ warned: 3, finished: true });
    expect(await warned()).toEqual([true, true, true, true, true]);
    expect(await mailCounts()).toEqual([1, 1, 1, 1, 1]);
  });

  it('erases in batches: a run out of time stops after one, the next finishes, nobody erased twice or unwarned', async () => {
    const accounts: User[] = [];
    for (let i = 0; i < 3; i++) accounts.push(await unusedPlayer());
    const lateComer = await unusedPlayer({}, 1);
    expect(await runRetention(t.app.ctx)).toMatchObject({ warned: 3 });
    // Unused long enough by now, but warned only at the next run: it is not erased with the others.
    await db()
      .update(users)
      .set({ lastActiveAt: ago(3 * 365 * DAY_MS) })
      .where(eq(users.id, lateComer.id));

    t.clock.advance(31 * DAY_MS + MINUTE_MS);
    expect(await runRetention(t.app.ctx, { budgetMs: 0, accountBatch: 1 })).toMatchObject({ erased: 1, warned: 0, finished: false });
    expect(await runRetention(t.app.ctx, { accountBatch: 1 })).toMatchObject({ erased: 2, warned: 1, finished: true });
    for (const user of accounts) expect((await userRow(user.id)).deletedAt).toEqual(t.clock.now());
    expect(await userRow(lateComer.id)).toMatchObject({ deletedAt: null, inactivityWarnedAt: t.clock.now() });
    expect(await mailsTo(lateComer.email)).toHaveLength(1);
  });

  it.runIf(isPostgres)(raced('two instances running it at once warn and erase each account once'), async () => {
    const second = await createSecondInstance(t);
    try {
      const accounts: User[] = [];
      for (let i = 0; i < 8; i++) accounts.push(await unusedPlayer());
      const both = () => Promise.all([runRetention(t.app.ctx, { accountBatch: 2 }), runRetention(second.app.ctx, { accountBatch: 2 })]);

      const warnings = await both();
      expect(warnings[0].warned + warnings[1].warned).toBe(8);
      for (const user of accounts) expect(await mailsTo(user.email)).toHaveLength(1);

      t.clock.advance(31 * DAY_MS + MINUTE_MS);
      second.clock.set(t.clock.now());
      const erasures = await both();
      expect(erasures[0].erased + erasures[1].erased).toBe(8);
      const left = await db()
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            inArray(
              users.id,
              accounts.map((user) => user.id),
            ),
            isNull(users.deletedAt),
          ),
        );
      expect(left).toEqual([]);
      await expectLedgerBalanced(db());
    } finally {
      await second.close();
    }
  });
});
