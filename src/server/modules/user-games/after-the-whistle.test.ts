import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  DAY_MS,
  DEFAULT_PASSWORD,
  HOUR_MS,
  referenceIds,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { gamePayloadOf } from '../../core/games/resolve-game-payload';
import { games, organiserEarnings, payouts, registrations, users } from '../../db/schema';

// From a game's start its money is closed (decision 063): an 8% fee leaves R$ 27,60 of a R$ 30,00 place.
const t = setUpTestApp({ env: { PLATFORM_FEE_PERCENT: '8', PAYOUT_HOLD_HOURS: '24', PAYOUT_MINIMUM: '10' } });
const db = () => t.app.ctx.db;
type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });

const REFERENCE = 'E1234567820261127120000000000001';
const reference = (n: number) => `E12345678202611271200${String(n).padStart(11, '0')}`;
const START = new Date(TEST_NOW.getTime() + 3 * DAY_MS);
const afterHold = new Date(START.getTime() + 24 * HOUR_MS + 1000);
const whistle = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

async function paidPlayer(gameId: number, cents = 3000) {
  const player = await createSignedInUser(t.app, { name: 'Ana Souza' });
  await addCredits(db(), player.user.id, cents);
  const res = await call('POST', `/api/games/${gameId}/apply`, player.headers, { paymentType: 'credit' });
  expect(res.json().registrationType).toBe('confirmed');
  return player;
}

async function balanceOf(userId: number) {
  const [row] = await db().select({ cents: users.balanceCents }).from(users).where(eq(users.id, userId));
  return row!.cents;
}

const statement = async (headers: Headers) => (await call('GET', '/api/user-games/earnings', headers)).json();

/** An organiser with a PIX key and a R$ 30,00 game three days ahead, with one place paid by credits. */
async function organiserWithGame(name = 'Organizadora Olga') {
  t.clock.set(TEST_NOW);
  const organiser = await createSignedInUser(t.app, { name });
  const key = await call('PUT', '/api/users/me/payout-key', organiser.headers, { type: 'cpf', key: '529.982.247-25', holderName: name });
  expect(key.statusCode).toBe(200);
  const ref = await referenceIds(db());
  const game = await createGame(db(), {
    creatorId: organiser.user.id,
    priceCents: 3000,
    totalSlots: 6,
    dateTime: START,
    sportId: ref.volei,
    stateId: ref.santaCatarina,
    cityId: ref.florianopolis,
  });
  const player = await paidPlayer(game.id);
  return { organiser, game, player };
}

/** The same, played, its R$ 27,60 asked for and paid by PIX. */
async function playedAndPaidOut(admin: Headers, n: number) {
  const setUp = await organiserWithGame();
  t.clock.set(afterHold);
  const asked = await call('POST', '/api/user-games/payouts', setUp.organiser.headers, {});
  expect(asked.statusCode).toBe(201);
  expect(asked.json().payout.amount).toBe(27.6);
  const paid = await call('POST', `/api/admin/payouts/${asked.json().payout.id}/paid`, admin, { reference: reference(n) });
  expect(paid.statusCode).toBe(200);
  return { ...setUp, payoutId: asked.json().payout.id as number };
}

describe("the organiser's changes from the whistle on", () => {
  it('cancel, unpublish, a new date, time or price and removing a paid player are 409s that send to the administration', async () => {
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const { organiser, game, player } = await playedAndPaidOut(admin.headers, 1);
    const ledgerBefore = await db().select().from(organiserEarnings).where(eq(organiserEarnings.organiserId, organiser.user.id));

    const cancel = await call('POST', `/api/user-games/${game.id}/cancel`, organiser.headers, { reason: 'Choveu' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ code: 'game_started', message: messages.afterWhistle.cancel });
    const unpublish = await call('POST', `/api/user-games/${game.id}/unpublish`, organiser.headers, { confirm: true });
    expect(unpublish.json()).toEqual({ code: 'game_started', message: messages.afterWhistle.unpublish });
    const remove = await call('DELETE', `/api/user-games/${game.id}/players/${player.user.id}`, organiser.headers);
    expect(remove.json()).toEqual({ code: 'game_started', message: messages.afterWhistle.removePlayer });

    // The game as stored, sent back: the edit form's payload.
    const payload = gamePayloadOf(game);
    const fiveDaysAhead = new Date(afterHold.getTime() + 5 * DAY_MS).toISOString();
    for (const change of [{ dateTime: fiveDaysAhead }, { price: 10 }, { visibility: 'private' }, { state: 'draft' }]) {
      const res = await call('PUT', `/api/user-games/${game.id}`, organiser.headers, { ...payload, ...change, confirm: true });
      expect([res.statusCode, res.json()]).toEqual([409, { code: 'game_started', message: messages.afterWhistle.edit }]);
    }
    // What moves no money still changes: a typo in the name.
    const renamed = await call('PUT', `/api/user-games/${game.id}`, organiser.headers, { ...payload, name: 'Vôlei corrigido' });
    expect(renamed.statusCode).toBe(200);

    const [row] = await db().select().from(games).where(eq(games.id, game.id));
    expect(row).toMatchObject({ status: 'active', state: 'published', priceCents: 3000, dateTime: START, name: 'Vôlei corrigido' });
    const [registration] = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
    expect(registration!.status).toBe('confirmed');
    expect(await balanceOf(player.user.id)).toBe(0);
    expect(await db().select().from(organiserEarnings).where(eq(organiserEarnings.organiserId, organiser.user.id))).toEqual(ledgerBefore);
    expect(await statement(organiser.headers)).toMatchObject({ available: 0, owed: 0, paidOut: 27.6, takeBacks: [] });
  });

  it('holds from the very minute of the start, and a minute before it the organiser may still cancel with refunds', async () => {
    const { organiser, game, player } = await organiserWithGame();
    t.clock.set(whistle(0));
    const atStart = await call('POST', `/api/user-games/${game.id}/cancel`, organiser.headers, { reason: 'Choveu' });
    expect(atStart.json().code).toBe('game_started');

    const other = await organiserWithGame();
    t.clock.set(whistle(-1));
    const before = await call('POST', `/api/user-games/${other.game.id}/cancel`, other.organiser.headers, { reason: 'Choveu' });
    expect(before.statusCode).toBe(200);
    expect(await balanceOf(other.player.user.id)).toBe(3000);
    expect(await balanceOf(player.user.id)).toBe(0);
    await expectLedgerBalanced(db());
  });
});

describe('the administration gives money back after the whistle', () => {
  it('asks first, naming what the organiser gives back and will owe; confirmed, the debt is real everywhere', async () => {
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const { organiser, game, player } = await playedAndPaidOut(admin.headers, 2);
    // Another organiser the platform owes R$ 27,60: never netted against the debt.
    const owedOne = await organiserWithGame('Organizador Otto');
    t.clock.set(afterHold);

    const asked = await call('DELETE', `/api/admin/games/${game.id}`, admin.headers);
    expect(asked.statusCode).toBe(409);
    const question = messages.afterWhistle.confirmGame('R$ 30,00', 'Organizadora Olga', 'R$ 27,60', 'R$ 27,60');
    expect(asked.json()).toEqual({ code: 'confirmation_required', message: question, fields: { confirm: question } });
    const notConfirmed = await call('DELETE', `/api/admin/games/${game.id}`, admin.headers, { confirm: false });
    expect(notConfirmed.json().code).toBe('confirmation_required');
    const badBody = await call('DELETE', `/api/admin/games/${game.id}`, admin.headers, { confirm: 'sim' });
    expect([badBody.statusCode, badBody.json().code]).toEqual([400, 'validation_failed']);
    expect(await balanceOf(player.user.id)).toBe(0);
    expect((await db().select().from(games).where(eq(games.id, game.id)))[0]!.status).toBe('active');

    const confirmed = await call('DELETE', `/api/admin/games/${game.id}`, admin.headers, { confirm: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().refundedToCredits).toBe(30);
    expect(await balanceOf(player.user.id)).toBe(3000);

    const owing = await statement(organiser.headers);
    expect(owing).toMatchObject({ available: 0, owed: 27.6, paidOut: 27.6, requested: 0 });
    expect(owing.takeBacks).toEqual([
      expect.objectContaining({
        gameId: game.id,
        amount: 27.6,
        reason: messages.earnings.takeBack.gameCancelled(messages.admin.gameDeletedReason),
      }),
    ]);
    const csv = await call('GET', '/api/user-games/earnings.csv', organiser.headers);
    expect(csv.body).toContain(`\r\n${messages.earnings.csv.kind.takeBack};`);
    expect(csv.body).toContain(`;27,60;${messages.earnings.csv.takeBackStatus};`);

    const payout = await call('POST', '/api/user-games/payouts', organiser.headers, {});
    expect(payout.json()).toEqual({ code: 'payout_below_minimum', message: messages.earnings.belowMinimumOwing('R$ 27,60') });
    const deletion = await call('DELETE', '/api/users/me', organiser.headers, { password: DEFAULT_PASSWORD });
    expect(deletion.json()).toEqual({ code: 'account_owes_earnings', message: messages.earnings.deleteOwes('R$ 27,60') });
    expect((await db().select().from(users).where(eq(users.id, organiser.user.id)))[0]!.deletedAt).toBeNull();

    const dashboard = (await call('GET', '/api/admin/dashboard', admin.headers)).json().earnings;
    expect(dashboard.owedByOrganisers).toBeGreaterThanOrEqual(27.6);
    const otto = await statement(owedOne.organiser.headers);
    expect(otto.available).toBe(27.6);
    // Everyone else's figures come from earlier tests of this file: the two sums move apart, not against each other.
    const ledger = await db().select().from(organiserEarnings);
    const byOrganiser = new Map<number, number>();
    for (const row of ledger) {
      const counts = row.kind === 'payout' || row.gameId === null || (await isSettledGame(row.gameId));
      if (counts) byOrganiser.set(row.organiserId, (byOrganiser.get(row.organiserId) ?? 0) + row.netCents);
    }
    const positive = [...byOrganiser.values()].filter((cents) => cents > 0).reduce((sum, cents) => sum + cents, 0);
    const negative = [...byOrganiser.values()].filter((cents) => cents < 0).reduce((sum, cents) => sum - cents, 0);
    expect(dashboard.owedAvailable).toBe(positive / 100);
    expect(dashboard.owedByOrganisers).toBe(negative / 100);

    // Later sales pay the debt first: two places of R$ 30,00 leave R$ 55,20, of which R$ 27,60 go to the debt.
    t.clock.set(TEST_NOW);
    const next = await createGame(db(), {
      creatorId: organiser.user.id,
      priceCents: 3000,
      dateTime: new Date(TEST_NOW.getTime() + 4 * DAY_MS),
    });
    await paidPlayer(next.id);
    await paidPlayer(next.id);
    expect(await statement(organiser.headers)).toMatchObject({ owed: 27.6, pending: 55.2, available: 0 });
    t.clock.set(new Date(next.dateTime.getTime() + 25 * HOUR_MS));
    expect(await statement(organiser.headers)).toMatchObject({ owed: 0, pending: 0, available: 27.6 });
    await expectLedgerBalanced(db());
  });

  it('removing one paid player of a started game asks first too, then refunds them and takes their share back', async () => {
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const { organiser, game, player } = await playedAndPaidOut(admin.headers, 3);
    const second = await createSignedInUser(t.app);
    await createRegistration(db(), { gameId: game.id, userId: second.user.id, status: 'waitlist' });
    const url = `/api/admin/games/${game.id}/users/${player.user.id}`;
    const asked = await call('DELETE', url, admin.headers);
    const question = messages.afterWhistle.confirmPlayer('R$ 30,00', 'Organizadora Olga', 'R$ 27,60', 'R$ 27,60');
    expect(asked.json()).toEqual({ code: 'confirmation_required', message: question, fields: { confirm: question } });
    expect(await balanceOf(player.user.id)).toBe(0);

    const done = await call('DELETE', url, admin.headers, { confirm: true });
    expect(done.json()).toMatchObject({ refund: 'credits', refundedAmount: 30 });
    expect(await balanceOf(player.user.id)).toBe(3000);
    const owing = await statement(organiser.headers);
    expect(owing).toMatchObject({ owed: 27.6, available: 0 });
    expect(owing.takeBacks).toEqual([expect.objectContaining({ amount: 27.6, reason: messages.earnings.takeBack.playerRemoved })]);
    // Nobody is promoted into a game that has started.
    const [waiting] = await db().select().from(registrations).where(eq(registrations.userId, second.user.id));
    expect(waiting!.status).toBe('waitlist');
    const again = await call('DELETE', url, admin.headers, { confirm: true });
    expect(again.json().code).toBe('player_not_in_game');
    expect(await balanceOf(player.user.id)).toBe(3000);
    await expectLedgerBalanced(db());
  });

  it('before the start the administration deletes without asking, as before', async () => {
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const { organiser, game, player } = await organiserWithGame();
    const deleted = await call('DELETE', `/api/admin/games/${game.id}`, admin.headers);
    expect(deleted.statusCode).toBe(200);
    expect(await balanceOf(player.user.id)).toBe(3000);
    expect(await statement(organiser.headers)).toMatchObject({ owed: 0, pending: 0, available: 0, takeBacks: [] });
  });
});

async function isSettledGame(gameId: number) {
  const [game] = await db().select().from(games).where(eq(games.id, gameId));
  return game!.status !== 'cancelled' && game!.dateTime.getTime() + 24 * HOUR_MS <= t.clock.now().getTime();
}

describe('paying a payout re-checks it', () => {
  it("refuses a payout the organiser's balance no longer covers, naming the balance, and the list shows it beside the amount", async () => {
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const { organiser, game } = await organiserWithGame();
    t.clock.set(afterHold);
    const asked = await call('POST', '/api/user-games/payouts', organiser.headers, {});
    const id = asked.json().payout.id as number;
    let list = (await call('GET', '/api/admin/payouts?status=requested', admin.headers)).json();
    expect(list.payouts.find((payout: { id: number }) => payout.id === id)).toMatchObject({ amount: 27.6, balanceNow: 27.6 });

    expect((await call('DELETE', `/api/admin/games/${game.id}`, admin.headers, { confirm: true })).statusCode).toBe(200);
    list = (await call('GET', '/api/admin/payouts?status=requested', admin.headers)).json();
    expect(list.payouts.find((payout: { id: number }) => payout.id === id)).toMatchObject({ amount: 27.6, balanceNow: 0 });
    const paid = await call('POST', `/api/admin/payouts/${id}/paid`, admin.headers, { reference: REFERENCE });
    expect(paid.json()).toEqual({ code: 'payout_above_balance', message: messages.earnings.balanceNowBelow('R$ 0,00', 'R$ 27,60') });
    const [row] = await db().select().from(payouts).where(eq(payouts.id, id));
    expect(row).toMatchObject({ status: 'requested', reference: null });
    expect(
      await db()
        .select()
        .from(organiserEarnings)
        .where(eq(organiserEarnings.source, `payout:${id}`)),
    ).toEqual([]);

    const rejected = await call('POST', `/api/admin/payouts/${id}/reject`, admin.headers, { reason: 'Jogo devolvido' });
    expect(rejected.statusCode).toBe(200);
    expect(await statement(organiser.headers)).toMatchObject({ available: 0, owed: 0, requested: 0 });
  });
});

describe('test money says so', () => {
  it('the statement, its spreadsheet and the payouts list say it is test mode in the sandbox', async () => {
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const { organiser } = await organiserWithGame();
    expect(t.app.ctx.payments.mode).toBe('sandbox');
    expect((await statement(organiser.headers)).testMode).toBe(true);
    const csv = await call('GET', '/api/user-games/earnings.csv', organiser.headers);
    expect(csv.body.endsWith(`\r\n${messages.earnings.csv.kind.notice};${';'.repeat(11)}${messages.earnings.csv.testMode}\r\n`)).toBe(true);
    expect((await call('GET', '/api/admin/payouts', admin.headers)).json().testMode).toBe(true);
  });
});
