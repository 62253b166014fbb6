import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
  DEFAULT_PASSWORD,
  HOUR_MS,
  referenceIds,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { balanceOf, latestRegistration } from '../../../../test-support/server/reads';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { cancellationRequests, emailOutbox, games, notifications, payments, registrations, series, seriesMembers } from '../../db/schema';

const t = setUpTestApp();
let ref: Awaited<ReturnType<typeof referenceIds>>;
beforeAll(async () => {
  ref = await referenceIds(t.app.ctx.db);
});

const db = () => t.app.ctx.db;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);
type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Headers, body?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(body === undefined ? {} : { payload: body }) });
const deleteAccount = (headers: Headers) => api('DELETE', '/users/me', headers, { password: DEFAULT_PASSWORD });
const gameRow = async (id: number) => (await db().select().from(games).where(eq(games.id, id)))[0]!;
const cancelNotices = (userId: number) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'game_cancelled')))
    .orderBy(asc(notifications.gameId));
const mailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(asc(emailOutbox.id));

/** Every stored e-mail and in-app notice meant for someone other than `email`, as text. */
async function whatOthersKeep(email: string): Promise<string> {
  const mails = await db().select().from(emailOutbox).where(ne(emailOutbox.to, email));
  const notices = await db().select({ message: notifications.message }).from(notifications);
  return [...mails.flatMap((mail) => [mail.subject, mail.text, mail.html]), ...notices.map((notice) => notice.message)].join('\n');
}

/** Applies with a card and pays on the sandbox checkout page, as the browser would: a confirmed, paid place. */
async function payByCard(headers: Headers, gameId: number) {
  const apply = await api('POST', `/games/${gameId}/apply`, headers, { paymentType: 'card' });
  expect(apply.statusCode, apply.body).toBe(200);
  const path = new URL(apply.json().url as string).pathname;
  const paid = await t.app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode).toBeLessThan(400);
}

async function inviteByEmail(headers: Headers, gameId: number, emails: string[]) {
  const res = await api('POST', `/user-games/${gameId}/invitations`, headers, { emails });
  expect(res.statusCode, res.body).toBe(200);
}

describe('DELETE /api/users/me by an organiser', () => {
  it("cancels the organiser's future games and weekly series as the organiser's cancel does: full refunds, everyone told once, the name gone", async () => {
    const organiser = await createSignedInUser(t.app, { name: 'Otávio Organizador' });
    const game = await createGame(db(), { creatorId: organiser.user.id, totalSlots: 2, priceCents: 1000, dateTime: at(30 * HOUR_MS) });
    const draft = await createGame(db(), { creatorId: organiser.user.id, state: 'draft' });
    const past = await createGame(db(), { creatorId: organiser.user.id, dateTime: at(-2 * DAY_MS) });
    const pastPlayer = await createUser(db());
    const pastPlace = await createRegistration(db(), { gameId: past.id, userId: pastPlayer.id, status: 'confirmed' });

    // A paid place (credits), a place waiting for its card payment and one in line.
    const paid = await createSignedInUser(t.app);
    await addCredits(db(), paid.user.id, 2500);
    expect((await api('POST', `/games/${game.id}/apply`, paid.headers, { paymentType: 'credit' })).json()).toMatchObject({
      registrationType: 'confirmed',
    });
    const pending = await createSignedInUser(t.app);
    expect((await api('POST', `/games/${game.id}/apply`, pending.headers, { paymentType: 'card' })).statusCode).toBe(200);
    expect(await latestRegistration(db(), game.id, pending.user.id)).toMatchObject({ status: 'pending' });
    const waiting = await createSignedInUser(t.app);
    expect((await api('POST', `/games/${game.id}/waitlist`, waiting.headers, {})).statusCode).toBe(200);
    expect(await balanceOf(db(), paid.user.id)).toBe(1500);

    // A weekly series (five games published) with a member paid from credits in each.
    const created = await api('POST', '/series', organiser.headers, {
      name: 'Racha de quinta',
      location: 'Arena Beira-Mar',
      address: 'Av. Beira-Mar Norte, 1000',
      price: 10,
      totalSlots: 4,
      sportId: ref.volei,
      stateId: ref.santaCatarina,
      cityId: ref.florianopolis,
      firstDateTime: '2026-11-26T19:30',
      occurrences: 8,
      memberSlots: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const seriesId = created.json().series.id as number;
    const seriesGames = (created.json().games as { id: number }[]).map((row) => row.id);
    const member = await createSignedInUser(t.app);
    await addCredits(db(), member.user.id, 10_000);
    expect((await api('POST', `/series/${seriesId}/members`, member.headers)).statusCode).toBe(200);
    expect(await balanceOf(db(), member.user.id)).toBe(5000);

    // The organiser's name went to someone else in an invitation.
    await inviteByEmail(organiser.headers, game.id, ['convidada@exemplo.com.br']);
    expect((await mailsTo('convidada@exemplo.com.br'))[0]!.text).toContain('Otávio Organizador convidou você');

    const res = await deleteAccount(organiser.headers);
    expect(res.statusCode, res.body).toBe(200);

    // Every future game, drafts and the series' weeks included, is cancelled with the reason; the past one stays.
    for (const id of [game.id, draft.id, ...seriesGames]) {
      expect(await gameRow(id), `jogo ${id}`).toMatchObject({ status: 'cancelled', cancelReason: messages.organiserAccountDeletedReason });
    }
    expect(await gameRow(past.id)).toMatchObject({ status: 'active', cancelReason: null });
    expect(await latestRegistration(db(), past.id, pastPlayer.id)).toMatchObject({
      id: pastPlace.id,
      status: 'confirmed',
      cancelledAt: null,
    });
    const [seriesRow] = await db().select().from(series).where(eq(series.id, seriesId));
    expect(seriesRow).toMatchObject({ status: 'cancelled', cancelReason: messages.organiserAccountDeletedReason });
    expect(await db().select().from(seriesMembers).where(eq(seriesMembers.seriesId, seriesId))).toEqual([
      expect.objectContaining({ userId: member.user.id, endReason: 'series_cancelled', leftAt: t.clock.now() }),
    ]);

    // Places cancelled, money back in full, the open checkout closed.
    const live = await db()
      .select()
      .from(registrations)
      .where(and(inArray(registrations.gameId, [game.id, ...seriesGames]), ne(registrations.status, 'cancelled')));
    expect(live).toEqual([]);
    expect(await balanceOf(db(), paid.user.id)).toBe(2500);
    expect(await balanceOf(db(), member.user.id)).toBe(10_000);
    expect(await db().select({ status: payments.status }).from(payments).where(eq(payments.userId, pending.user.id))).toEqual([
      { status: 'expired' },
    ]);
    await expectLedgerBalanced(db());

    // Each player is told once per game, in the app and by e-mail.
    for (const player of [paid, pending, waiting]) {
      const notices = await cancelNotices(player.user.id);
      expect(notices.map((notice) => notice.gameId)).toEqual([game.id]);
      expect(notices[0]!.message).toContain(`Motivo: “${messages.organiserAccountDeletedReason}”`);
      const mails = (await mailsTo(player.user.email)).filter((mail) => mail.subject.startsWith('Jogo cancelado'));
      expect(mails.map((mail) => mail.subject)).toEqual([`Jogo cancelado: ${game.name} (${formatDateTime(game.dateTime, game.timeZone)})`]);
    }
    expect((await cancelNotices(paid.user.id))[0]!.message).toContain('R$ 10,00 voltaram para os seus créditos.');
    expect((await cancelNotices(member.user.id)).map((notice) => notice.gameId)).toEqual(seriesGames);
    expect((await mailsTo(member.user.email)).filter((mail) => mail.subject.startsWith('Jogo cancelado'))).toHaveLength(seriesGames.length);

    // Nothing kept for anyone else still names the organiser; the invitation now shows the neutral text.
    expect(await whatOthersKeep(organiser.user.email)).not.toContain('Otávio Organizador');
    const [invitation] = await mailsTo('convidada@exemplo.com.br');
    expect(invitation!.text).toContain(`${messages.accountDeleted} convidou você para o jogo ${game.name}`);
    expect(invitation!.html).toContain(`<p>${messages.accountDeleted} convidou você para o jogo ${game.name}`);
    expect(await mailsTo(organiser.user.email)).toEqual([]);
  });

  it('an organiser registered in their own game is refunded before the balance is counted, and nobody mails the erased account', async () => {
    const organiser = await createSignedInUser(t.app, { name: 'Olga Organizadora' });
    const game = await createGame(db(), { creatorId: organiser.user.id });
    const player = await createSignedInUser(t.app);
    await addCredits(db(), organiser.user.id, 1000);
    await addCredits(db(), player.user.id, 1000);
    for (const headers of [organiser.headers, player.headers]) {
      expect((await api('POST', `/games/${game.id}/apply`, headers, { paymentType: 'credit' })).statusCode).toBe(200);
    }

    const refused = await deleteAccount(organiser.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'account_has_credits', message: messages.deleteHasCredits('R$ 10,00') });
    expect(await gameRow(game.id)).toMatchObject({ status: 'active' });
    expect(await balanceOf(db(), player.user.id)).toBe(0);

    const res = await api('DELETE', '/users/me', organiser.headers, { password: DEFAULT_PASSWORD, forfeitCredits: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gameRow(game.id)).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(db(), player.user.id)).toBe(1000);
    expect(await balanceOf(db(), organiser.user.id)).toBe(0);
    await expectLedgerBalanced(db());
    expect(await db().select().from(notifications).where(eq(notifications.userId, organiser.user.id))).toEqual([]);
    expect(
      await db()
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.to, [organiser.user.email, ''])),
    ).toEqual([]);
    expect(await whatOthersKeep(organiser.user.email)).not.toContain('Olga Organizadora');
  });

  it('card places are given back through the provider after commit: the player is told, the erased organiser is not', async () => {
    const organiser = await createSignedInUser(t.app, { name: 'Célia Cartão' });
    const game = await createGame(db(), { creatorId: organiser.user.id, priceCents: 1800 });
    const player = await createSignedInUser(t.app);
    for (const headers of [organiser.headers, player.headers]) await payByCard(headers, game.id);

    expect((await deleteAccount(organiser.headers)).statusCode).toBe(200);
    expect(await gameRow(game.id)).toMatchObject({ status: 'cancelled' });
    const refunds = await db()
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.gameId, game.id))
      .orderBy(asc(cancellationRequests.userId));
    expect(refunds.map((row) => [row.userId, row.status, row.resolution, row.amountCents])).toEqual([
      [organiser.user.id, 'processed', 'original', 1800],
      [player.user.id, 'processed', 'original', 1800],
    ]);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, player.user.id), eq(notifications.gameId, game.id)));
    expect(told.map((notice) => notice.type).sort()).toEqual(['game_cancelled', 'refund_processed', 'registration_confirmed']);
    expect((await mailsTo(player.user.email)).map((mail) => mail.subject)).toEqual([
      `Jogo cancelado: ${game.name} (${formatDateTime(game.dateTime, game.timeZone)})`,
      `Reembolso feito: ${game.name}`,
    ]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, organiser.user.id))).toEqual([]);
    expect(
      await db()
        .select()
        .from(emailOutbox)
        .where(inArray(emailOutbox.to, [organiser.user.email, ''])),
    ).toEqual([]);
  });

  it("removes only the deleted person's name: a longer name ending the same, a namesake's greeting and a game named after them stay", async () => {
    const leaving = await createSignedInUser(t.app, { name: "Paula D'Ávila" });
    const other = await createSignedInUser(t.app, { name: "Ana Paula D'Ávila" });
    const namesake = await createUser(db(), { name: "Paula D'Ávila", email: 'homonima@exemplo.com.br' });
    const theirs = await createGame(db(), { creatorId: leaving.user.id });
    const named = await createGame(db(), { creatorId: other.user.id, name: "Racha da Paula D'Ávila" });
    await inviteByEmail(leaving.headers, theirs.id, ['primeira@exemplo.com.br']);
    await inviteByEmail(other.headers, named.id, ['segunda@exemplo.com.br', namesake.email]);
    const before = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, ['segunda@exemplo.com.br', namesake.email]))
      .orderBy(asc(emailOutbox.id));
    expect(before).toHaveLength(2);
    expect(before[1]!.html).toContain('Olá, Paula D&#39;Ávila!');

    expect((await deleteAccount(leaving.headers)).statusCode).toBe(200);

    const [scrubbed] = await mailsTo('primeira@exemplo.com.br');
    expect(`${scrubbed!.subject}\n${scrubbed!.text}\n${scrubbed!.html}`).not.toMatch(/Paula D('|&#39;)Ávila/);
    expect(scrubbed!.text).toContain(`\n${messages.accountDeleted} convidou você para o jogo ${theirs.name}`);
    expect(scrubbed!.html).toContain(`<p>${messages.accountDeleted} convidou você para o jogo ${theirs.name}`);
    const after = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, ['segunda@exemplo.com.br', namesake.email]))
      .orderBy(asc(emailOutbox.id));
    expect(after).toEqual(before);
    expect(await gameRow(named.id)).toMatchObject({ status: 'active', name: "Racha da Paula D'Ávila" });
  });

  it('the games of other organisers and the places of their players are untouched', async () => {
    const organiser = await createSignedInUser(t.app);
    const someoneElse = await createUser(db());
    const theirs = await createGame(db(), { creatorId: someoneElse.id });
    const player = await createUser(db());
    await createRegistration(db(), { gameId: theirs.id, userId: player.id, status: 'confirmed' });

    expect((await deleteAccount(organiser.headers)).statusCode).toBe(200);
    expect(await gameRow(theirs.id)).toMatchObject({ status: 'active' });
    expect(await latestRegistration(db(), theirs.id, player.id)).toMatchObject({ status: 'confirmed' });
  });

  it("an administrator's games are the platform's: they stay open, with their players, when that administrator leaves", async () => {
    await createSignedInUser(t.app, { role: 'admin' });
    const leaving = await createSignedInUser(t.app, { role: 'admin' });
    const platformGame = await createGame(db(), { creatorId: leaving.user.id });
    const player = await createUser(db());
    await createRegistration(db(), { gameId: platformGame.id, userId: player.id, status: 'confirmed' });

    const res = await deleteAccount(leaving.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await gameRow(platformGame.id)).toMatchObject({ status: 'active' });
    expect(await latestRegistration(db(), platformGame.id, player.id)).toMatchObject({ status: 'confirmed' });
  });
});
