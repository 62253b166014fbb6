import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DEFAULT_PASSWORD,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { creditTransactions, emailOutbox, invitations, notifications, payments, registrations, users } from '../../db/schema';

const t = setUpTestApp();

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const me = (headers: Headers) => call('GET', '/api/users/me', headers);
const login = (email: string, password: string) => call('POST', '/api/auth/login', {}, { email, password });
const userRow = async (id: number) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /api/users/me', () => {
  it('saves the trimmed name and, when sent, the phone', async () => {
    const { user, headers } = await createSignedInUser(t.app, { name: 'Gabi', phone: null });
    const res = await call('PUT', '/api/users/me', headers, { name: '  Gabriela Souza  ', phone: '(48) 99123-4567' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: messages.profileSaved,
      user: expect.objectContaining({ id: user.id, name: 'Gabriela Souza', phone: '48991234567' }),
    });
    const kept = await call('PUT', '/api/users/me', headers, { name: 'Gabi S.' });
    expect(kept.json().user).toMatchObject({ name: 'Gabi S.', phone: '48991234567' });
    expect((await me(headers)).json()).toMatchObject({ name: 'Gabi S.', phone: '48991234567' });
  });

  it('refuses names outside 2–100 characters, bad phones and unknown fields with 400, changing nothing', async () => {
    const { user, headers } = await createSignedInUser(t.app, { name: 'Lia' });
    const cases: [object, string][] = [
      [{ name: ' a ' }, messages.nameTooShort],
      [{ name: '   ' }, messages.nameRequired],
      [{ name: 'x'.repeat(101) }, messages.nameTooLong],
      [{}, messages.nameRequired],
      [{ name: 'Lia Maria', phone: '123' }, messages.phoneInvalid],
      [{ name: 'Lia Maria', role: 'admin' }, messages.unknownField('role')],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', '/api/users/me', headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(message);
    }
    expect(await userRow(user.id)).toMatchObject({ name: 'Lia', role: 'player', phone: user.phone });
  });

  it('answers 401 without a session', async () => {
    expect((await call('PUT', '/api/users/me', {}, { name: 'Ninguém' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/me/password', () => {
  it('with the right current password: ends every other session and returns a token that works', async () => {
    const { user, headers: otherDevice } = await createSignedInUser(t.app);
    const res = await call('POST', '/api/users/me/password', otherDevice, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'nova-senha-456',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ message: messages.passwordChanged, token: expect.any(String), user: expect.objectContaining({ id: user.id }) });
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${body.token}` })).statusCode).toBe(200);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'nova-senha-456')).statusCode).toBe(200);
  });

  it('a wrong current password or a weak new one is a 400 with a message, and nothing changes', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const wrong = await call('POST', '/api/users/me/password', headers, { currentPassword: 'errada-123', newPassword: 'nova-senha-456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'current_password_wrong',
      message: messages.currentPasswordWrong,
      fields: { currentPassword: messages.currentPasswordWrong },
    });
    const weak = await call('POST', '/api/users/me/password', headers, { currentPassword: DEFAULT_PASSWORD, newPassword: '123' });
    expect(weak.statusCode).toBe(400);
    expect(JSON.stringify(weak.json())).toContain(messages.passwordTooShort);
    expect((await me(headers)).statusCode).toBe(200);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('an account without a password (Google only) is told how to create one', async () => {
    const { headers } = await createSignedInUser(t.app, { passwordHash: null, googleSub: 'google-sem-senha' });
    const res = await call('POST', '/api/users/me/password', headers, { currentPassword: 'qualquer', newPassword: 'nova-senha-456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.noPasswordYet);
  });
});

describe('GET /api/users/me/export', () => {
  it('downloads, as a JSON attachment, the profile, registrations and waitlists, ledger, payments, notifications and invitations', async () => {
    const { user, headers } = await createSignedInUser(t.app, { name: 'Dona dos Dados' });
    const stranger = await createUser(t.app.ctx.db);
    const played = await createGame(t.app.ctx.db);
    const full = await createGame(t.app.ctx.db, { totalSlots: 1 });
    await createRegistration(t.app.ctx.db, { gameId: full.id, userId: stranger.id, status: 'confirmed' });
    await addCredits(t.app.ctx.db, user.id, 5000);
    expect((await call('POST', `/api/games/${played.id}/apply`, headers, { paymentType: 'credit' })).statusCode).toBe(200);
    expect((await call('POST', `/api/games/${full.id}/waitlist`, headers, {})).statusCode).toBe(200);
    expect((await call('POST', '/api/credits/create-checkout', headers, { amount: 20 })).statusCode).toBeLessThan(300);
    await t.app.ctx.db.insert(invitations).values({ gameId: full.id, userId: user.id, email: user.email });

    const res = await call('GET', '/api/users/me/export', headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="bora-jogar-meus-dados.json"');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: user.id, name: 'Dona dos Dados', email: user.email, credits: 40, hasPassword: true });
    expect(data.registrations).toEqual([
      expect.objectContaining({ gameId: played.id, status: 'confirmed', paymentType: 'credit', paidAmount: 10 }),
      expect.objectContaining({ gameId: full.id, status: 'waitlist' }),
    ]);
    expect(data.creditTransactions.map((row: { amount: number }) => row.amount)).toEqual([50, -10]);
    expect(data.payments).toEqual([expect.objectContaining({ purpose: 'topup', amount: 20, status: 'pending' })]);
    expect(data.notifications.length).toBeGreaterThanOrEqual(2);
    expect(data.invitations).toEqual([expect.objectContaining({ gameId: full.id, email: user.email })]);
    expect(JSON.stringify(data)).not.toContain(stranger.email);
  });

  it('holds every registration and ledger row of years of use once, in the order they were made', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const db = t.app.ctx.db;
    // Games made in an order unlike their ids' among the registrations, several registrations a game, more than a batch.
    const played = [await createGame(db), await createGame(db), await createGame(db)];
    const rounds = 160;
    const rows = Array.from({ length: rounds * played.length }, (_, i) => ({
      gameId: played[[2, 0, 1][i % 3]!]!.id,
      userId: user.id,
      status: 'cancelled' as const,
      joinedAt: TEST_NOW,
      cancelledAt: TEST_NOW,
    }));
    const made = await db.insert(registrations).values(rows).returning({ id: registrations.id, gameId: registrations.gameId });
    // One statement: every movement at the same instant, so only the id tells them apart.
    const moves = await db
      .insert(creditTransactions)
      .values(
        Array.from({ length: 450 }, (_, i) => ({
          userId: user.id,
          amountCents: 100 + i,
          type: 'add_manual' as const,
          description: `Crédito ${i}`,
          source: 'admin' as const,
          reference: `export-test:${user.id}:${i}`,
        })),
      )
      .returning({ amountCents: creditTransactions.amountCents });

    const data = (await call('GET', '/api/users/me/export', headers)).json();
    expect(data.registrations.map((row: { gameId: number }) => row.gameId)).toEqual(made.map((row) => row.gameId));
    expect(data.creditTransactions.map((row: { amount: number }) => row.amount)).toEqual(moves.map((row) => row.amountCents / 100));
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/users/me/export', {})).statusCode).toBe(401);
  });
});

/** Every row of the tables that mention people, as text: where personal data would show. */
async function everyPersonalRow(): Promise<string> {
  const tables = [
    'users',
    'registrations',
    'credit_transactions',
    'payments',
    'cancellation_requests',
    'notifications',
    'invitations',
    'email_outbox',
    'password_reset_codes',
  ];
  const texts: string[] = [];
  for (const table of tables) {
    const result = (await t.app.ctx.db.execute(sql.raw(`select t::text as row from ${table} t`))) as unknown as { rows: { row: string }[] };
    texts.push(...result.rows.map((r) => r.row));
  }
  return texts.join('\n');
}

describe('DELETE /api/users/me', () => {
  it('with credits left answers 409 naming the balance (refunds of given-up games included) and changes nothing', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const game = await createGame(t.app.ctx.db);
    await addCredits(t.app.ctx.db, user.id, 1500);
    expect((await call('POST', `/api/games/${game.id}/apply`, headers, { paymentType: 'credit' })).statusCode).toBe(200);
    const res = await call('DELETE', '/api/users/me', headers, { password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'account_has_credits', message: messages.deleteHasCredits('R$ 15,00') });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, balanceCents: 500, deletedAt: null });
    expect((await me(headers)).json().myGames).toEqual([expect.objectContaining({ id: game.id, registrationType: 'confirmed' })]);
  });

  it('a wrong or missing password is a 400 and nothing changes', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const wrong = await call('DELETE', '/api/users/me', headers, { password: 'errada-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.deletePasswordWrong);
    const missing = await call('DELETE', '/api/users/me', headers, {});
    expect(missing.json().message).toBe(messages.deletePasswordRequired);
    expect((await userRow(user.id)).deletedAt).toBeNull();
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('erases the person, ends the sessions, gives up future places (promoting the line) and keeps the books', async () => {
    const { user, headers } = await createSignedInUser(t.app, { name: 'Rita Apagada', phone: '48998765432', googleSub: 'google-rita' });
    const next = await createSignedInUser(t.app);
    const game = await createGame(t.app.ctx.db, { totalSlots: 1, usePlatformPayment: false });
    const paid = await createGame(t.app.ctx.db);
    await addCredits(t.app.ctx.db, user.id, 2500);
    await addCredits(t.app.ctx.db, next.user.id, 1000);
    expect((await call('POST', `/api/games/${game.id}/apply`, headers, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/waitlist`, next.headers, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/games/${paid.id}/apply`, headers, { paymentType: 'credit' })).statusCode).toBe(200);
    expect((await call('POST', '/api/credits/create-checkout', headers, { amount: 30 })).statusCode).toBe(200);
    await t.app.ctx.db.insert(invitations).values({ gameId: game.id, email: user.email });
    await call('POST', '/api/auth/forgot', {}, { email: user.email });

    const res = await call('DELETE', '/api/users/me', headers, { password: DEFAULT_PASSWORD, forfeitCredits: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.accountDeletedDone });

    expect((await me(headers)).statusCode).toBe(401);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect(await userRow(user.id)).toMatchObject({
      name: '',
      email: '',
      phone: null,
      googleSub: null,
      passwordHash: null,
      balanceCents: 0,
      deletedAt: t.clock.now(),
    });
    const rows = await everyPersonalRow();
    for (const personal of [user.email, 'Rita Apagada', '48998765432', 'google-rita']) expect(rows).not.toContain(personal);

    // The places: given up (credits refunded, then forfeited with the rest) and the line moved on.
    const places = await t.app.ctx.db.select().from(registrations).where(eq(registrations.userId, user.id));
    expect(places.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    expect((await me(next.headers)).json().myGames).toEqual([expect.objectContaining({ id: game.id, registrationType: 'confirmed' })]);

    // The books: the ledger keeps every movement, ending in the forfeit of R$ 25; payments stay.
    const ledger = await t.app.ctx.db.select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));
    expect(ledger.map((row) => [row.type, row.amountCents])).toEqual([
      ['add_manual', 2500],
      ['spend_game', -1000],
      ['refund', 1000],
      ['forfeit', -2500],
    ]);
    expect(await t.app.ctx.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toEqual([]);
    await expectLedgerBalanced(t.app.ctx.db);

    // The e-mail is free again.
    const again = await call('POST', '/api/auth/register', {}, { name: 'Rita de Novo', email: user.email, password: 'outra-senha-789' });
    expect(again.statusCode).toBe(201);
    expect(again.json().user.id).not.toBe(user.id);
  });

  it('an account that only signs in with Google confirms by typing its e-mail', async () => {
    const { user, headers } = await createSignedInUser(t.app, { passwordHash: null, googleSub: 'google-somente' });
    const missing = await call('DELETE', '/api/users/me', headers, { password: 'qualquer' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.deleteEmailRequired);
    const wrong = await call('DELETE', '/api/users/me', headers, { email: 'outra@exemplo.com.br' });
    expect(wrong.json().message).toBe(messages.deleteEmailWrong);
    const res = await call('DELETE', '/api/users/me', headers, { email: ` ${user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect((await userRow(user.id)).deletedAt).not.toBeNull();
  });

  it('the last administrator cannot delete themself; once there is another, the admin screens show "Conta excluída"', async () => {
    const first = await createSignedInUser(t.app, { role: 'admin', name: 'Primeira Admin' });
    const refused = await call('DELETE', '/api/users/me', first.headers, { password: DEFAULT_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'last_admin', message: messages.deleteLastAdmin });
    expect((await userRow(first.user.id)).deletedAt).toBeNull();

    const second = await createSignedInUser(t.app, { role: 'admin', name: 'Segunda Admin' });
    expect((await call('DELETE', '/api/users/me', first.headers, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    const shown = await call('GET', `/api/admin/users/${first.user.id}`, second.headers);
    expect(shown.json()).toMatchObject({ name: messages.accountDeleted, email: '', role: 'player', deleted: true });
    expect((await call('DELETE', '/api/users/me', second.headers, { password: DEFAULT_PASSWORD })).statusCode).toBe(409);
  });
});

describe('POST /api/notifications/read-all', () => {
  it('marks every unread notification of the caller read, and nobody else’s', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const other = await createUser(t.app.ctx.db);
    await t.app.ctx.db.insert(notifications).values([
      { userId: user.id, type: 'credits_added', message: 'um' },
      { userId: user.id, type: 'credits_added', message: 'dois' },
      { userId: user.id, type: 'credits_added', message: 'lida', readAt: new Date('2026-11-01T00:00:00Z') },
      { userId: other.id, type: 'credits_added', message: 'alheia' },
    ]);
    const res = await call('POST', '/api/notifications/read-all', headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.notificationsAllRead(2), updated: 2 });
    expect((await call('GET', '/api/notifications/unread-count', headers)).json()).toEqual({ count: 0 });
    const [alheia] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, other.id));
    expect(alheia!.readAt).toBeNull();
    expect((await call('POST', '/api/notifications/read-all', headers)).json()).toEqual({
      message: messages.notificationsAllRead(0),
      updated: 0,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await call('POST', '/api/notifications/read-all', {})).statusCode).toBe(401);
  });
});
