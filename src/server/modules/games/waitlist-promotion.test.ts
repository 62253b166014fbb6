import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
  HOUR_MS,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { balanceOf as readBalance, latestRegistration } from '../../../../test-support/server/reads';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { sweepExpiredPayments } from '../../core/games/expire-pending-payments';
import { describeGameChanges, notifyGameCancelled, notifyGameChanged } from '../../core/games/notify-game-update';
import { promoteWaitlist } from '../../core/games/promote-waitlist';
import { lockGame } from '../../core/games/registration-guards';
import { sendPendingMail, type PendingMail } from '../../core/notifications/notify';
import { emailOutbox, games, invitations, notifications, registrations, users } from '../../db/schema';

const t = setUpTestApp();
afterEach(() => t.clock.set(TEST_NOW));

const db = () => t.app.ctx.db;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const statusOf = (gameId: number, userId: number) => latestRegistration(db(), gameId, userId);
const balanceOf = (userId: number) => readBalance(db(), userId);
const noticesOf = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const mailTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email));

/** A full game (one slot, taken by `holder` who paid with credits) with players in line. */
async function fullGameWithLine(line: { credits: number }[], gameOverrides: Parameters<typeof createGame>[1] = {}) {
  const game = await createGame(db(), { totalSlots: 1, priceCents: 1000, ...gameOverrides });
  const holder = await createSignedInUser(t.app);
  await addCredits(db(), holder.user.id, 1000);
  await post(`/api/games/${game.id}/apply`, holder.headers, { paymentType: 'credit' });
  const waiting = [];
  for (const [i, entry] of line.entries()) {
    const user = await createUser(db());
    if (entry.credits > 0) await addCredits(db(), user.id, entry.credits);
    // Everyone joins at the same instant: the line falls back to id order.
    waiting.push(
      await createRegistration(db(), { gameId: game.id, userId: user.id, status: 'waitlist', joinedAt: at(-HOUR_MS + (i >= 2 ? 1 : 0)) }),
    );
  }
  return { game, holder, waiting };
}

describe('promotion from the waitlist', () => {
  it('confirms and charges the first in line (ties by id) when a slot frees, and tells them', async () => {
    const { game, holder, waiting } = await fullGameWithLine([{ credits: 1000 }, { credits: 1000 }]);
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    const [first, second] = waiting;
    expect(await statusOf(game.id, first!.userId)).toMatchObject({ status: 'confirmed', paymentType: 'credit', paidCents: 1000 });
    expect(await statusOf(game.id, second!.userId)).toMatchObject({ status: 'waitlist' });
    expect(await balanceOf(first!.userId)).toBe(0);
    const notices = await noticesOf(first!.userId);
    expect(notices.map((n) => n.type)).toEqual(['promoted']);
    expect(notices[0]!.message).toContain(game.name);
    const [user] = await db().select().from(users).where(eq(users.id, first!.userId));
    const mails = await mailTo(user!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Vaga confirmada: ${game.name}`);
    expect(mails[0]!.html).toContain('<!doctype html>');
    expect(mails[0]!.text).toContain(`/apply/${game.id}`);
    await expectLedgerBalanced(db());
  });

  it('confirms without charge on an outside-payment game', async () => {
    const { game, holder, waiting } = await fullGameWithLine([{ credits: 0 }], { usePlatformPayment: false });
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    expect(await statusOf(game.id, waiting[0]!.userId)).toMatchObject({ status: 'confirmed', paymentType: 'external', paidCents: 0 });
  });

  it('holds the slot as pending with a 2-hour deadline when the first in line lacks credits', async () => {
    const { game, holder, waiting } = await fullGameWithLine([{ credits: 500 }, { credits: 5000 }]);
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    const pending = await statusOf(game.id, waiting[0]!.userId);
    expect(pending).toMatchObject({ status: 'pending', paidCents: 0 });
    expect(pending!.paymentDeadline).toEqual(at(2 * HOUR_MS));
    expect(await balanceOf(waiting[0]!.userId)).toBe(500);
    expect(await statusOf(game.id, waiting[1]!.userId)).toMatchObject({ status: 'waitlist' });
    const [notice] = await noticesOf(waiting[0]!.userId);
    expect(notice).toMatchObject({ type: 'promotion_awaiting_payment' });
    expect(notice!.message).toContain('20/11/2026 às 11:00');
    // The pending slot is held: a newcomer goes to the line.
    const newcomer = await createSignedInUser(t.app);
    await addCredits(db(), newcomer.user.id, 5000);
    expect((await post(`/api/games/${game.id}/apply`, newcomer.headers, { paymentType: 'credit' })).json().waitlisted).toBe(true);
  });

  it('lets the pending player pay with credits before the deadline', async () => {
    const { game, holder, waiting } = await fullGameWithLine([{ credits: 500 }]);
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    const userId = waiting[0]!.userId;
    await addCredits(db(), userId, 500);
    const [user] = await db().select().from(users).where(eq(users.id, userId));
    const token = await t.app.ctx.tokens.issue({ userId, tokenVersion: user!.tokenVersion });
    t.clock.advance(HOUR_MS);
    const res = await post(`/api/games/${game.id}/apply`, { authorization: `Bearer ${token}` }, { paymentType: 'credit' });
    expect(res.json()).toMatchObject({ registrationType: 'confirmed', amountCharged: 10, credits: 0 });
    expect(await statusOf(game.id, userId)).toMatchObject({ status: 'confirmed', paymentDeadline: null });
    await expectLedgerBalanced(db());
  });

  it('never sets a deadline past the game start', async () => {
    const { game, holder, waiting } = await fullGameWithLine([{ credits: 0 }], { dateTime: at(30 * 60 * 1000) });
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    expect((await statusOf(game.id, waiting[0]!.userId))!.paymentDeadline).toEqual(game.dateTime);
  });

  it('shows an expired slot free at once and passes it to the next in line on the next write', async () => {
    const { game, holder, waiting } = await fullGameWithLine([{ credits: 0 }, { credits: 1000 }]);
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    t.clock.advance(2 * HOUR_MS - 1000);
    expect((await t.app.inject({ method: 'GET', url: `/api/games/${game.id}` })).json().remainingSlots).toBe(0);
    t.clock.advance(1000);
    // The read derives the expiry and writes nothing: the place is free, the hold still stored.
    const read = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}` });
    expect(read.json()).toMatchObject({ remainingSlots: 1, waitlistCount: 1 });
    expect(await statusOf(game.id, waiting[0]!.userId)).toMatchObject({ status: 'pending' });
    expect(await noticesOf(waiting[0]!.userId)).toHaveLength(1);
    // The next use case that needs a place (here someone else's join) applies it first.
    const newcomer = await createSignedInUser(t.app);
    await post(`/api/games/${game.id}/waitlist`, newcomer.headers);
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}` });
    expect(res.json()).toMatchObject({ remainingSlots: 0, waitlistCount: 1 });
    expect(await statusOf(game.id, waiting[0]!.userId)).toMatchObject({ status: 'cancelled' });
    expect(await statusOf(game.id, waiting[1]!.userId)).toMatchObject({ status: 'confirmed', paidCents: 1000 });
    expect((await noticesOf(waiting[0]!.userId)).map((n) => n.type)).toEqual(['promotion_awaiting_payment', 'payment_expired']);
    await expectLedgerBalanced(db());
  });

  it('applies expired deadlines in the periodic sweep too', async () => {
    const { game, holder, waiting } = await fullGameWithLine([{ credits: 0 }, { credits: 0 }]);
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    t.clock.advance(2 * HOUR_MS);
    await sweepExpiredPayments(t.app.ctx);
    expect(await statusOf(game.id, waiting[0]!.userId)).toMatchObject({ status: 'cancelled' });
    const next = await statusOf(game.id, waiting[1]!.userId);
    expect(next).toMatchObject({ status: 'pending' });
    expect(next!.paymentDeadline).toEqual(at(4 * HOUR_MS));
    t.clock.advance(2 * HOUR_MS);
    await sweepExpiredPayments(t.app.ctx);
    expect(await statusOf(game.id, waiting[1]!.userId)).toMatchObject({ status: 'cancelled' });
    expect((await t.app.inject({ method: 'GET', url: `/api/games/${game.id}` })).json().remainingSlots).toBe(1);
  });

  it('fills every new slot when the organiser adds slots', async () => {
    const { game, waiting } = await fullGameWithLine([{ credits: 1000 }, { credits: 1000 }, { credits: 1000 }]);
    const mails: PendingMail = [];
    await db().transaction(async (tx) => {
      const locked = await lockGame(tx, game.id);
      await tx.update(games).set({ totalSlots: 3 }).where(eq(games.id, game.id));
      await promoteWaitlist(tx, t.app.ctx, { ...locked, totalSlots: 3 }, mails);
    });
    await sendPendingMail(t.app.ctx, mails);
    expect(mails).toHaveLength(2);
    expect((await statusOf(game.id, waiting[0]!.userId))!.status).toBe('confirmed');
    expect((await statusOf(game.id, waiting[1]!.userId))!.status).toBe('confirmed');
    expect((await statusOf(game.id, waiting[2]!.userId))!.status).toBe('waitlist');
    await expectLedgerBalanced(db());
  });

  /** A player who joins the line of a full R$ 10 game through the API, with `credits` to spare. */
  async function joinLineAtTenReais(credits: number) {
    const { game, holder } = await fullGameWithLine([]);
    const player = await createSignedInUser(t.app);
    await addCredits(db(), player.user.id, credits);
    expect((await post(`/api/games/${game.id}/apply`, player.headers, { paymentType: 'credit' })).json().waitlisted).toBe(true);
    expect(await statusOf(game.id, player.user.id)).toMatchObject({ status: 'waitlist', waitlistPriceCents: 1000 });
    return { game, holder, player };
  }

  it('never charges more than the price the player joined the line at: a raised price offers the slot to pay, charging nothing', async () => {
    const { game, holder, player } = await joinLineAtTenReais(5000);
    await db().update(games).set({ priceCents: 2500 }).where(eq(games.id, game.id));
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    const pending = await statusOf(game.id, player.user.id);
    expect(pending).toMatchObject({ status: 'pending', paidCents: 0 });
    expect(pending!.paymentDeadline).toEqual(at(2 * HOUR_MS));
    expect(await balanceOf(player.user.id)).toBe(5000);
    const notice = (await noticesOf(player.user.id)).at(-1)!;
    expect(notice.type).toBe('promotion_awaiting_payment');
    expect(notice.message).toContain('O preço subiu de R$ 10,00 para R$ 25,00');
    expect(notice.message).toContain('nada foi cobrado: pague R$ 25,00 até 20/11/2026 às 11:00');
    expect((await mailTo(player.user.email))[0]!.text).toContain('pague R$ 25,00');
    // Paying is their choice, at the new price.
    const res = await post(`/api/games/${game.id}/apply`, player.headers, { paymentType: 'credit' });
    expect(res.json()).toMatchObject({ registrationType: 'confirmed', amountCharged: 25, credits: 25 });
    await expectLedgerBalanced(db());
  });

  it('charges the lower price when it fell after the player joined, and says how much', async () => {
    const { game, holder, player } = await joinLineAtTenReais(5000);
    await db().update(games).set({ priceCents: 600 }).where(eq(games.id, game.id));
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    expect(await statusOf(game.id, player.user.id)).toMatchObject({ status: 'confirmed', paidCents: 600 });
    expect(await balanceOf(player.user.id)).toBe(4400);
    const notice = (await noticesOf(player.user.id)).at(-1)!;
    expect(notice).toMatchObject({ type: 'promoted' });
    expect(notice.message).toContain('R$ 6,00 foram debitados dos seus créditos');
    expect((await mailTo(player.user.email))[0]!.text).toContain('R$ 6,00 foram debitados');
    await expectLedgerBalanced(db());
  });

  it('tells a player short of credits the amount to pay', async () => {
    const { game, holder, player } = await joinLineAtTenReais(300);
    await post(`/api/games/${game.id}/cancel`, holder.headers);
    expect((await noticesOf(player.user.id)).at(-1)!.message).toContain('Pague R$ 10,00 até 20/11/2026 às 11:00');
  });

  it('promotes nobody once the game has started', async () => {
    const { game, holder, waiting } = await fullGameWithLine([{ credits: 1000 }], { dateTime: at(DAY_MS) });
    await db().update(registrations).set({ status: 'cancelled' }).where(eq(registrations.userId, holder.user.id));
    t.clock.set(at(DAY_MS));
    await db().transaction(async (tx) => promoteWaitlist(tx, t.app.ctx, await lockGame(tx, game.id), []));
    expect((await statusOf(game.id, waiting[0]!.userId))!.status).toBe('waitlist');
  });
});

describe('organiser notices (helpers for the organisers work)', () => {
  it('notifies every live player that the game changed', async () => {
    const game = await createGame(db());
    const confirmed = await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed' });
    const cancelled = await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'cancelled' });
    await db().transaction((tx) =>
      notifyGameChanged(tx, game, { ...game, location: 'Quadra Nova', address: 'Rua B, 2', priceCents: 2500 }),
    );
    const notices = await noticesOf(confirmed.userId);
    expect(notices.map((n) => n.type)).toEqual(['game_changed']);
    expect(notices[0]!.message).toBe(
      `O organizador alterou o jogo ${game.name} (27/11/2026 às 09:00): o local agora é Quadra Nova (Rua B, 2); o preço mudou de R$ 10,00 para R$ 25,00.`,
    );
    expect(await noticesOf(cancelled.userId)).toEqual([]);
  });

  it('names a new date and a new time apart, and stays silent when nothing players plan around changed', async () => {
    const game = await createGame(db(), { dateTime: new Date('2026-12-01T22:00:00Z') });
    expect(describeGameChanges(game, { ...game, dateTime: new Date('2026-12-02T22:00:00Z') })).toEqual(['a data agora é 02/12/2026']);
    expect(describeGameChanges(game, { ...game, dateTime: new Date('2026-12-01T23:30:00Z') })).toEqual(['o horário agora é 20:30']);
    const player = await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'waitlist' });
    await db().transaction((tx) => notifyGameChanged(tx, game, { ...game, name: 'Outro nome' }));
    expect(await noticesOf(player.userId)).toEqual([]);
  });

  it('notifies and e-mails a player that the organiser cancelled the game, with the refund', async () => {
    const game = await createGame(db(), { name: 'Vôlei cancelado' });
    const user = await createUser(db());
    const mails: PendingMail = [];
    await db().transaction((tx) => notifyGameCancelled(tx, t.app.ctx, mails, { game, to: user, refund: 'credits', refundedCents: 1000 }));
    await sendPendingMail(t.app.ctx, mails);
    const [notice] = await noticesOf(user.id);
    expect(notice!.message).toBe(
      'O jogo Vôlei cancelado (27/11/2026 às 09:00) foi cancelado pelo organizador. R$ 10,00 voltaram para os seus créditos.',
    );
    const [mail] = await mailTo(user.email);
    expect(mail).toMatchObject({ subject: 'Jogo cancelado: Vôlei cancelado (27/11/2026 às 09:00)' });
    expect(mail!.text).toContain('R$ 10,00 voltaram para os seus créditos.');
  });
});

describe('GET /api/games/:id and /api/games/private/:link', () => {
  it('shows a public game to anyone, cancelled too; drafts and private games only to their creator and players', async () => {
    const creator = await createSignedInUser(t.app);
    const player = await createSignedInUser(t.app);
    const stranger = await createSignedInUser(t.app);
    const get = (id: number, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/games/${id}`, headers });
    const open = await createGame(db(), { creatorId: creator.user.id });
    expect((await get(open.id)).statusCode).toBe(200);
    // A link to a public game that was called off says so, and why, to anyone (decision 048).
    const calledOff = await createGame(db(), { creatorId: creator.user.id, status: 'cancelled', cancelReason: 'Quadra interditada' });
    expect((await get(calledOff.id, stranger.headers)).json()).toMatchObject({ status: 'cancelled', cancelReason: 'Quadra interditada' });
    expect((await get(calledOff.id)).json()).toMatchObject({ status: 'cancelled', cancelReason: 'Quadra interditada' });
    const hiddenKinds = [
      { state: 'draft' as const },
      { status: 'cancelled' as const, visibility: 'private' as const },
      { visibility: 'private' as const },
    ];
    for (const hidden of hiddenKinds) {
      const game = await createGame(db(), { creatorId: creator.user.id, ...hidden });
      await createRegistration(db(), { gameId: game.id, userId: player.user.id, status: 'confirmed' });
      const res = await get(game.id, stranger.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Jogo não encontrado ou não está disponível para inscrição');
      expect((await get(game.id)).statusCode).toBe(404);
      expect((await get(game.id, player.headers)).json()).toMatchObject({ id: game.id, privateLink: null, registrationType: 'confirmed' });
      expect((await get(game.id, creator.headers)).json()).toMatchObject({ id: game.id, privateLink: game.privateLink });
    }
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/games/x1' })).statusCode).toBe(400);
  });

  it('opens a private game by id for someone invited to it, with its link; not for anyone else', async () => {
    const game = await createGame(db(), { visibility: 'private' });
    const invited = await createSignedInUser(t.app);
    const stranger = await createSignedInUser(t.app);
    await db().insert(invitations).values({ gameId: game.id, userId: invited.user.id, email: invited.user.email });
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: invited.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: game.id, privateLink: game.privateLink, registrationType: null, paidAmount: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: stranger.headers })).statusCode).toBe(404);
    await db().update(games).set({ state: 'draft' }).where(eq(games.id, game.id));
    expect((await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: invited.headers })).statusCode).toBe(404);
  });

  it('tells a paying player what they paid, the base of any refund', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    await addCredits(db(), user.id, 5000);
    const game = await createGame(db(), { priceCents: 1500 });
    expect((await post(`/api/games/${game.id}/apply`, headers, { paymentType: 'credit' })).statusCode).toBe(200);
    await db().update(games).set({ priceCents: 2000 }).where(eq(games.id, game.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers });
    expect(res.json()).toMatchObject({ price: 20, paidAmount: 15, registrationType: 'confirmed' });
  });

  it('opens a published private game by its link', async () => {
    const game = await createGame(db(), { visibility: 'private' });
    const res = await t.app.inject({ method: 'GET', url: `/api/games/private/${game.privateLink}` });
    expect(res.json()).toMatchObject({ id: game.id, visibility: 'private', privateLink: game.privateLink });
    expect(game.privateLink).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/games/private/nao-existe' })).statusCode).toBe(404);
    const draft = await createGame(db(), { visibility: 'private', state: 'draft' });
    expect((await t.app.inject({ method: 'GET', url: `/api/games/private/${draft.privateLink}` })).statusCode).toBe(404);
  });

  it('stores the description as sanitised HTML paragraphs (plain text escaped)', async () => {
    const game = await createGame(db(), { description: 'Linha 1\nLinha <b>2</b>\n\n<script>alert(1)</script>' });
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}` });
    expect(res.json().descriptionHtml).toBe('<p>Linha 1<br />Linha <b>2</b></p>');
    const plain = await createGame(db(), { description: 'Linha 1\nLinha 2 < 3\n\nFim' });
    const text = await t.app.inject({ method: 'GET', url: `/api/games/${plain.id}` });
    expect(text.json().descriptionHtml).toBe('<p>Linha 1<br>Linha 2 &lt; 3</p><p>Fim</p>');
  });

  it('answers a pending player with their payment deadline', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const game = await createGame(db(), { dateTime: at(7 * DAY_MS) });
    await createRegistration(db(), { gameId: game.id, userId: user.id, status: 'pending', paymentDeadline: at(HOUR_MS) });
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers });
    expect(res.json()).toMatchObject({
      userRegistration: { isRegistered: true, isOnWaitlist: false },
      registrationType: 'pending',
      paymentDeadline: at(HOUR_MS).toISOString(),
    });
  });
});
