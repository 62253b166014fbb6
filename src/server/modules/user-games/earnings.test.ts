import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardPaidRegistration } from '../../../../test-support/server/admin';
import { addCredits, createGame, createSignedInUser, DAY_MS, DEFAULT_PASSWORD, HOUR_MS } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { TIME_ZONE, zonedWallTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { emailOutbox, notifications, organiserEarnings, payouts, users } from '../../db/schema';

// Organisers' earnings and payouts (decision 045), through the API: a 10% fee, 24 hours' hold, R$ 10 at least.
const t = setUpTestApp({ env: { PLATFORM_FEE_PERCENT: '10', PAYOUT_HOLD_HOURS: '24', PAYOUT_MINIMUM: '10' } });
const db = () => t.app.ctx.db;
type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });

const VALID_CPF = '529.982.247-25';
const REFERENCE = 'E1234567820261127120000000000001';

/** A player with credits who applies to the game through the API. */
async function paidPlayer(gameId: number, cents: number) {
  const player = await createSignedInUser(t.app);
  await addCredits(db(), player.user.id, cents);
  const res = await call('POST', `/api/games/${gameId}/apply`, player.headers, { paymentType: 'credit' });
  expect(res.json().registrationType).toBe('confirmed');
  return player;
}

/** An organiser's game three days ahead (sessions last 7) at R$ 12,50, with three places paid with credits and one given up in time. */
async function organiserWithGame() {
  const organiser = await createSignedInUser(t.app, { name: 'Organizadora Olga' });
  const game = await createGame(db(), {
    creatorId: organiser.user.id,
    priceCents: 1250,
    dateTime: new Date(TEST_NOW.getTime() + 3 * DAY_MS),
  });
  const players = [await paidPlayer(game.id, 1250), await paidPlayer(game.id, 1250), await paidPlayer(game.id, 1250)];
  expect((await call('POST', `/api/games/${game.id}/cancel`, players[2]!.headers)).statusCode).toBe(200);
  return { organiser, game, players };
}

const afterHold = (game: { dateTime: Date }) => new Date(game.dateTime.getTime() + 24 * HOUR_MS + 1000);

describe('the statement', () => {
  it('counts each paid place less the fee rounded half up, takes a refund back, and is pending until 24 h after the game', async () => {
    t.clock.set(TEST_NOW);
    const { organiser, game } = await organiserWithGame();
    const before = await call('GET', '/api/user-games/earnings', organiser.headers);
    expect(before.statusCode).toBe(200);
    // 10% of R$ 12,50 is R$ 1,25: R$ 11,25 for each of the two places kept.
    expect(before.json()).toMatchObject({ available: 0, pending: 22.5, paidOut: 0, requested: 0, payoutMinimum: 10, feePercent: 10 });
    expect(before.json().games).toEqual([
      expect.objectContaining({
        gameId: game.id,
        placesPaid: 2,
        gross: 37.5,
        refunds: 12.5,
        fee: 2.5,
        net: 22.5,
        status: 'pending',
        availableAt: new Date(game.dateTime.getTime() + 24 * HOUR_MS).toISOString(),
      }),
    ]);

    t.clock.set(afterHold(game));
    const after = await call('GET', '/api/user-games/earnings', organiser.headers);
    expect(after.json()).toMatchObject({ available: 22.5, pending: 0 });
    expect(after.json().games[0].status).toBe('available');

    const csv = await call('GET', '/api/user-games/earnings.csv', organiser.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith(`\uFEFF${messages.earnings.csv.header.join(';')}\r\n`)).toBe(true);
    expect(csv.body).toMatch(/\r\nJogo;[\d/]+ [\d:]+;[^;]+;2;37,50;12,50;2,50;22,50;Disponível;[\d/]+ [\d:]+;;;\r\n/);
  });

  it("writes nothing for an administrator's game nor for payment outside the platform, and a cancelled game owes nothing", async () => {
    t.clock.set(TEST_NOW);
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const adminGame = await createGame(db(), { creatorId: admin.user.id, priceCents: 2000 });
    await paidPlayer(adminGame.id, 2000);
    const outside = await createSignedInUser(t.app);
    const outsideGame = await createGame(db(), { creatorId: outside.user.id, usePlatformPayment: false });
    await paidPlayer(outsideGame.id, 0);
    expect(await db().select().from(organiserEarnings).where(eq(organiserEarnings.gameId, adminGame.id))).toEqual([]);
    expect(await db().select().from(organiserEarnings).where(eq(organiserEarnings.gameId, outsideGame.id))).toEqual([]);

    const { organiser, game } = await organiserWithGame();
    // A card payment too: refunded through the provider when the game is cancelled, its share taken back at once.
    const cardPlayer = await createSignedInUser(t.app);
    await cardPaidRegistration(t.app, { gameId: game.id, userId: cardPlayer.user.id, amountCents: 1250 });
    const cancel = await call('POST', `/api/user-games/${game.id}/cancel`, organiser.headers, { reason: 'Quadra interditada' });
    expect(cancel.statusCode).toBe(200);
    const statement = (await call('GET', '/api/user-games/earnings', organiser.headers)).json();
    expect(statement).toMatchObject({ available: 0, pending: 0 });
    expect(statement.games[0]).toMatchObject({ status: 'cancelled', placesPaid: 0, net: 0, fee: 0 });
    await expectLedgerBalanced(db());
  });
});

describe('card and PIX', () => {
  it("a settled card payment earns the organiser's share in its confirmation, and the organiser's cancel takes it back with the refund", async () => {
    t.clock.set(TEST_NOW);
    const organiser = await createSignedInUser(t.app);
    const game = await createGame(db(), {
      creatorId: organiser.user.id,
      priceCents: 2999,
      dateTime: new Date(TEST_NOW.getTime() + 3 * DAY_MS),
    });
    const player = await createSignedInUser(t.app);
    const applied = await call('POST', `/api/games/${game.id}/apply`, player.headers, { paymentType: 'card' });
    expect(applied.json().registrationType).toBe('pending');
    const path = new URL(applied.json().url as string).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const shares = () =>
      db()
        .select({ kind: organiserEarnings.kind, gross: organiserEarnings.grossCents, fee: organiserEarnings.feeCents })
        .from(organiserEarnings)
        .where(eq(organiserEarnings.gameId, game.id))
        .orderBy(organiserEarnings.id);
    // 10% of R$ 29,99 is 299,9 centavos: R$ 3,00.
    expect(await shares()).toEqual([{ kind: 'sale', gross: 2999, fee: 300 }]);
    expect((await call('GET', '/api/user-games/earnings', organiser.headers)).json()).toMatchObject({ pending: 26.99 });

    const cancel = await call('POST', `/api/user-games/${game.id}/cancel`, organiser.headers, { reason: 'Quadra interditada' });
    expect(cancel.statusCode).toBe(200);
    expect(await shares()).toEqual([
      { kind: 'sale', gross: 2999, fee: 300 },
      { kind: 'refund', gross: -2999, fee: -300 },
    ]);
  });
});

describe("the administrator's payments report", () => {
  it("shows the platform's fee and the organiser's share of each place paid with credits", async () => {
    t.clock.set(TEST_NOW);
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    await organiserWithGame();
    // Ledger rows are dated by the database's clock: the report of its São Paulo day.
    const today = zonedWallTime(new Date(), TIME_ZONE).day;
    const report = await call('GET', `/api/admin/reports/payments.csv?from=${today}&to=${today}`, admin.headers);
    expect(report.statusCode).toBe(200);
    expect(report.body).toMatch(/;-12,50;;registration:\d+;1,25;11,25\r\n/);
    expect(report.body).toContain(`;${messages.gameDay.csv.totalFees};`);
  });
});

describe('the payout key', () => {
  it('refuses a wrong CPF, a bad phone or an unknown type with a pt-BR message, changing nothing', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const wrongCpf = await call('PUT', '/api/users/me/payout-key', headers, { type: 'cpf', key: '529.982.247-24', holderName: 'Ana' });
    expect(wrongCpf.statusCode).toBe(400);
    expect(wrongCpf.json()).toMatchObject({ code: 'validation_failed', fields: { key: messages.earnings.keyInvalid.cpf } });
    const phone = await call('PUT', '/api/users/me/payout-key', headers, { type: 'phone', key: '48 3222-1234', holderName: 'Ana' });
    expect(phone.json().fields).toEqual({ key: messages.earnings.keyInvalid.phone });
    const type = await call('PUT', '/api/users/me/payout-key', headers, { type: 'conta', key: 'x', holderName: 'Ana' });
    expect(type.statusCode).toBe(400);
    expect((await call('GET', '/api/users/me/payout-key', headers)).json()).toEqual({ payoutKey: null, isOrganiser: false });
    const [row] = await db().select({ key: users.payoutKey }).from(users).where(eq(users.id, user.id));
    expect(row!.key).toBeNull();
  });

  it('says who organises: a player who never made a game does not; a draft of their own, or a saved key, does', async () => {
    const player = await createSignedInUser(t.app);
    const organiser = await createSignedInUser(t.app);
    const keyOnly = await createSignedInUser(t.app);
    await createGame(db(), { creatorId: organiser.user.id, state: 'draft' });
    await call('PUT', '/api/users/me/payout-key', keyOnly.headers, { type: 'cpf', key: VALID_CPF, holderName: 'Kátia' });
    const isOrganiser = async (headers: typeof player.headers) =>
      (await call('GET', '/api/users/me/payout-key', headers)).json().isOrganiser as boolean;
    expect(await isOrganiser(player.headers)).toBe(false);
    expect(await isOrganiser(organiser.headers)).toBe(true);
    expect(await isOrganiser(keyOnly.headers)).toBe(true);
  });

  it('takes a mobile typed as the profile takes it, without +55, and keeps it in the +55 form', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const saved = await call('PUT', '/api/users/me/payout-key', headers, { type: 'phone', key: '48 99123-4567', holderName: 'Ana Souza' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payoutKey).toEqual({ type: 'phone', maskedKey: '+55 (48) *****-4567', holderName: 'Ana Souza' });
    const [row] = await db().select({ key: users.payoutKey }).from(users).where(eq(users.id, user.id));
    expect(row!.key).toBe('+5548991234567');
  });

  it('saves a valid key, shows it masked, e-mails the owner on a change, and exports it with the account', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const saved = await call('PUT', '/api/users/me/payout-key', headers, { type: 'cpf', key: VALID_CPF, holderName: 'Ana Souza' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      message: messages.earnings.keySaved,
      payoutKey: { type: 'cpf', maskedKey: '***.982.247-**', holderName: 'Ana Souza' },
    });
    expect(JSON.stringify((await call('GET', '/api/users/me/payout-key', headers)).json())).not.toContain('52998224725');
    const again = await call('PUT', '/api/users/me/payout-key', headers, { type: 'cpf', key: '52998224725', holderName: 'Ana Souza' });
    expect(again.statusCode).toBe(200);
    await call('PUT', '/api/users/me/payout-key', headers, { type: 'email', key: 'Ana@Exemplo.com.br', holderName: 'Ana Souza' });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, user.email)).orderBy(emailOutbox.id);
    // The first key and the change, not the same key saved again.
    expect(mails.map((mail) => mail.subject)).toEqual([messages.earnings.keyChangedSubject, messages.earnings.keyChangedSubject]);
    expect(mails[1]!.text).toContain('a***@exemplo.com.br');
    const exported = (await call('GET', '/api/users/me/export', headers)).json();
    expect(exported.payoutKey).toEqual({ type: 'email', key: 'ana@exemplo.com.br', holderName: 'Ana Souza' });
  });
});

describe('payouts', () => {
  it('asks for what is available once, and the administrator pays it once', async () => {
    t.clock.set(TEST_NOW);
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const { organiser, game } = await organiserWithGame();

    // Pending money is not available yet; without a key nothing can be asked for.
    const early = await call('POST', '/api/user-games/payouts', organiser.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('payout_key_missing');
    await call('PUT', '/api/users/me/payout-key', organiser.headers, { type: 'cpf', key: VALID_CPF, holderName: 'Olga' });
    const pending = await call('POST', '/api/user-games/payouts', organiser.headers);
    expect(pending.json()).toEqual({ code: 'payout_below_minimum', message: messages.earnings.belowMinimum('R$ 0,00', 'R$ 10,00') });

    t.clock.set(afterHold(game));
    for (const amount of [-5, 'dez', 0, 1.001]) {
      const bad = await call('POST', '/api/user-games/payouts', organiser.headers, { amount });
      expect(bad.statusCode, String(amount)).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
    }
    const tooMuch = await call('POST', '/api/user-games/payouts', organiser.headers, { amount: 50 });
    expect(tooMuch.json().code).toBe('payout_above_available');
    expect(await db().select().from(payouts).where(eq(payouts.organiserId, organiser.user.id))).toEqual([]);

    const asked = await call('POST', '/api/user-games/payouts', organiser.headers);
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ message: messages.earnings.requested('R$ 22,50'), payout: { amount: 22.5, status: 'requested' } });
    const payoutId = asked.json().payout.id as number;
    const twice = await call('POST', '/api/user-games/payouts', organiser.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('payout_already_requested');
    expect((await call('GET', '/api/user-games/earnings', organiser.headers)).json()).toMatchObject({ available: 0, requested: 22.5 });

    // Someone else's payout is not found; nobody but an administrator sees the list.
    const other = await createSignedInUser(t.app);
    expect((await call('GET', `/api/user-games/payouts/${payoutId}`, other.headers)).json().code).toBe('payout_not_found');
    expect((await call('GET', `/api/user-games/payouts/${payoutId}`, organiser.headers)).json()).toMatchObject({ id: payoutId });
    expect((await call('GET', '/api/admin/payouts', organiser.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/payouts?status=outro', admin.headers)).statusCode).toBe(400);

    const list = await call('GET', '/api/admin/payouts?status=requested', admin.headers);
    expect(list.json().payouts).toContainEqual(
      expect.objectContaining({
        id: payoutId,
        amount: 22.5,
        organiser: expect.objectContaining({ id: organiser.user.id, name: 'Organizadora Olga' }),
        key: { type: 'cpf', key: '52998224725', holderName: 'Olga' },
      }),
    );

    const badReference = await call('POST', `/api/admin/payouts/${payoutId}/paid`, admin.headers, { reference: 'E123' });
    expect(badReference.json()).toMatchObject({ code: 'validation_failed', fields: { reference: messages.earnings.referenceInvalid } });
    expect((await call('POST', '/api/admin/payouts/999999/paid', admin.headers, { reference: REFERENCE })).json().code).toBe(
      'payout_not_found',
    );
    const paid = await call('POST', `/api/admin/payouts/${payoutId}/paid`, admin.headers, { reference: REFERENCE });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payout).toMatchObject({ status: 'paid', reference: REFERENCE });
    const again = await call('POST', `/api/admin/payouts/${payoutId}/paid`, admin.headers, { reference: REFERENCE });
    expect(again.json()).toEqual({ code: 'payout_already_decided', message: messages.earnings.alreadyDecided('paid') });
    const rows = await db().select().from(organiserEarnings).where(eq(organiserEarnings.payoutId, payoutId));
    expect(rows.map((row) => row.netCents)).toEqual([-2250]);

    const statement = (await call('GET', '/api/user-games/earnings', organiser.headers)).json();
    expect(statement).toMatchObject({ available: 0, paidOut: 22.5, requested: 0 });
    expect(statement.payouts).toEqual([expect.objectContaining({ id: payoutId, status: 'paid', reference: REFERENCE })]);
    // The game the payout covered reads paid out, dated by the payout, in the statement and in its spreadsheet.
    expect(statement.games).toEqual([
      expect.objectContaining({ gameId: game.id, net: 22.5, status: 'paid_out', paidOutAt: afterHold(game).toISOString() }),
    ]);
    const csv = (await call('GET', '/api/user-games/earnings.csv', organiser.headers)).body;
    const paidAt = zonedWallTime(afterHold(game), TIME_ZONE);
    const paidOn = `${paidAt.day.split('-').reverse().join('/')} ${paidAt.time.slice(0, 5)}`;
    expect(csv).toMatch(new RegExp(`\r\nJogo;[^;]+;[^;]+;2;37,50;12,50;2,50;22,50;Repassado;[\\d/]+ [\\d:]+;${paidOn};;\r\n`));
    expect(csv).toMatch(new RegExp(`\r\nRepasse;[\\d/]+ [\\d:]+;;;;;;22,50;Pago;;${paidOn};${REFERENCE};\r\n`));
    // One table: every line has the header's columns, so a spreadsheet's filter holds them all.
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(new Set(lines.map((line) => line.split(';').length))).toEqual(new Set([messages.earnings.csv.header.length]));
    const notices = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, organiser.user.id), eq(notifications.type, 'payout_paid')));
    expect(notices).toEqual([{ message: messages.earnings.notice.paid('R$ 22,50', REFERENCE) }]);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, organiser.user.email));
    expect(mails.map((mail) => mail.subject)).toContain(messages.earnings.notice.paidSubject);

    const dashboard = (await call('GET', '/api/admin/dashboard', admin.headers)).json();
    expect(dashboard.earnings.paidOutThisMonth).toBeGreaterThanOrEqual(22.5);
    expect(dashboard.earnings.fees).toBeGreaterThanOrEqual(2.5);
    await expectLedgerBalanced(db());
  });

  it('a rejected payout makes the money available again and tells the organiser why', async () => {
    t.clock.set(TEST_NOW);
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const { organiser, game } = await organiserWithGame();
    await call('PUT', '/api/users/me/payout-key', organiser.headers, {
      type: 'random',
      key: '123e4567-e89b-12d3-a456-426614174000',
      holderName: 'Olga',
    });
    t.clock.set(afterHold(game));
    const payoutId = (await call('POST', '/api/user-games/payouts', organiser.headers, { amount: 12.5 })).json().payout.id as number;
    expect((await call('GET', '/api/user-games/earnings', organiser.headers)).json()).toMatchObject({ available: 10, requested: 12.5 });
    expect((await call('POST', `/api/admin/payouts/${payoutId}/reject`, admin.headers, { reason: '  ' })).statusCode).toBe(400);
    const rejected = await call('POST', `/api/admin/payouts/${payoutId}/reject`, admin.headers, { reason: 'Chave de outra pessoa' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().payout).toMatchObject({ status: 'rejected', reason: 'Chave de outra pessoa' });
    expect((await call('GET', '/api/user-games/earnings', organiser.headers)).json()).toMatchObject({ available: 22.5, requested: 0 });
    const [notice] = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, organiser.user.id), eq(notifications.type, 'payout_rejected')));
    expect(notice!.message).toBe(messages.earnings.notice.rejected('R$ 12,50', 'Chave de outra pessoa'));
    expect((await call('POST', `/api/admin/payouts/${payoutId}/paid`, admin.headers, { reference: REFERENCE })).statusCode).toBe(409);
    expect((await call('POST', '/api/user-games/payouts', organiser.headers)).statusCode).toBe(201);
  });
});

describe('deleting the account', () => {
  it('is refused with a 409 naming what the organiser is still owed, changing nothing', async () => {
    t.clock.set(TEST_NOW);
    const { organiser, game } = await organiserWithGame();
    // The game already happened: its earnings stay pending for 24 hours, then available.
    t.clock.set(new Date(game.dateTime.getTime() + HOUR_MS));
    const res = await call('DELETE', '/api/users/me', organiser.headers, { password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'account_has_earnings', message: messages.earnings.deleteHasEarnings('R$ 22,50') });
    const [row] = await db().select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, organiser.user.id));
    expect(row!.deletedAt).toBeNull();
  });
});
