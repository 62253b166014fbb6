import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCredits, createRegistration, createSignedInUser, createUser, referenceIds } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { loadGamePlaces } from '../../core/games/game-view';
import { rollSeriesForward } from './roll-series-forward';
import { creditTransactions, notifications, registrations, users } from '../../db/schema';

/** Member places held every week from drop-in players (decision 046). */
const t = setUpTestApp();
let ref: Awaited<ReturnType<typeof referenceIds>>;
beforeAll(async () => {
  ref = await referenceIds(t.app.ctx.db);
});
afterEach(() => t.clock.set(TEST_NOW));

const db = () => t.app.ctx.db;
type Headers = { authorization: string };
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, body?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });

/** Thursdays at 19:30 from 26/11/2026: six places, three kept for mensalistas, R$ 10. */
const payload = (overrides: Record<string, unknown> = {}) => ({
  name: 'Racha de quinta',
  location: 'Arena Beira-Mar',
  price: 10,
  totalSlots: 6,
  memberSlots: 3,
  firstDateTime: '2026-11-26T19:30',
  occurrences: 8,
  sportId: ref.volei,
  stateId: ref.santaCatarina,
  cityId: ref.florianopolis,
  ...overrides,
});

async function createSeries(overrides: Record<string, unknown> = {}) {
  const organiser = await createSignedInUser(t.app);
  const res = await api('POST', '/series', organiser.headers, payload(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return { organiser, id: res.json().series.id as number, gameIds: (res.json().games as { id: number }[]).map((game) => game.id) };
}

async function player(cents = 10_000) {
  const created = await createSignedInUser(t.app);
  if (cents > 0) await addCredits(db(), created.user.id, cents);
  return created;
}

const balanceOf = async (userId: number) =>
  (await db().select({ cents: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.cents;
const chargesOf = (userId: number) =>
  db()
    .select({ amountCents: creditTransactions.amountCents, reference: creditTransactions.reference })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.type, 'spend_game')));
const registrationIn = async (gameId: number, userId: number) =>
  (
    await db()
      .select()
      .from(registrations)
      .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, userId), ne(registrations.status, 'cancelled')))
  )[0];

const apply = (gameId: number, headers: Headers) => api('POST', `/games/${gameId}/apply`, headers, { paymentType: 'credit' });
const statusesIn = async (gameId: number) =>
  (
    await db()
      .select({ userId: registrations.userId, status: registrations.status })
      .from(registrations)
      .where(and(eq(registrations.gameId, gameId), ne(registrations.status, 'cancelled')))
      .orderBy(asc(registrations.id))
  ).map((row) => [row.userId, row.status]);

describe('member places of a weekly series', () => {
  it('drop-ins fill only their places; a new mensalista still gets hers, and the page says what is true for each', async () => {
    const { id, gameIds } = await createSeries();
    const week = gameIds[0]!;
    const dropIns = [await player(), await player(), await player(), await player()];
    const replies = [];
    for (const dropIn of dropIns) replies.push((await apply(week, dropIn.headers)).json());
    // Three drop-in places (6 − 3 kept): the fourth drop-in goes to the line, charged nothing.
    expect(replies.map((reply) => reply.registrationType)).toEqual(['confirmed', 'confirmed', 'confirmed', 'waitlist']);
    expect(replies[3].amountCharged).toBe(0);
    expect((await api('GET', `/games/${week}`)).json()).toMatchObject({ remainingSlots: 0, memberPlacesFree: 3, waitlistCount: 1 });

    const mensalista = await player();
    const joined = await api('POST', `/series/${id}/members`, mensalista.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().games[0]).toMatchObject({ gameId: week, outcome: 'confirmed' });
    expect(await statusesIn(week)).toContainEqual([mensalista.user.id, 'confirmed']);
    const seen = (await api('GET', `/games/${week}`, mensalista.headers)).json();
    expect(seen).toMatchObject({ remainingSlots: 0, memberPlacesFree: 2, registrationType: 'confirmed' });

    // The live places say the same as the page.
    const [places] = await loadGamePlaces(db(), [week], t.clock.now());
    expect(places).toMatchObject({ remainingSlots: 0, memberPlacesFree: 2, waitlistCount: 1 });
    await expectLedgerBalanced(db());
  });

  it('a drop-in may wait in line while only member places are free, and is never given one of them', async () => {
    const { id, gameIds } = await createSeries({ totalSlots: 4, memberSlots: 2 });
    const week = gameIds[0]!;
    const [first, second, third] = [await player(), await player(), await player()];
    expect((await apply(week, first.headers)).json().registrationType).toBe('confirmed');
    expect((await apply(week, second.headers)).json().registrationType).toBe('confirmed');
    const waiting = await api('POST', `/games/${week}/waitlist`, third.headers, {});
    expect(waiting.statusCode, waiting.body).toBe(200);
    // A drop-in cancelling frees a drop-in place: the first in line takes it.
    expect((await api('POST', `/games/${week}/cancel`, first.headers)).statusCode).toBe(200);
    expect(await statusesIn(week)).toEqual([
      [second.user.id, 'confirmed'],
      [third.user.id, 'confirmed'],
    ]);
    const fourth = await player();
    expect((await apply(week, fourth.headers)).json().registrationType).toBe('waitlist');
    expect((await api('GET', `/games/${week}`)).json()).toMatchObject({ remainingSlots: 0, memberPlacesFree: 2 });
    expect((await api('POST', `/series/${id}/members`, (await player()).headers)).json().games[0].outcome).toBe('confirmed');
  });

  it('a member who gives up a week frees that place for the line; fewer member places open them to drop-ins', async () => {
    const { organiser, id, gameIds } = await createSeries({ totalSlots: 4, memberSlots: 2 });
    const week = gameIds[0]!;
    const mensalista = await player();
    expect((await api('POST', `/series/${id}/members`, mensalista.headers)).statusCode).toBe(200);
    const [a, b, c, d] = [await player(), await player(), await player(), await player()];
    for (const dropIn of [a, b, c, d]) await apply(week, dropIn.headers);
    expect((await statusesIn(week)).map(([, status]) => status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'waitlist', 'waitlist']);

    // The mensalista skips this week: her place goes to the first in line.
    expect((await api('POST', `/games/${week}/cancel`, mensalista.headers)).statusCode).toBe(200);
    expect(await statusesIn(week)).toContainEqual([c.user.id, 'confirmed']);
    expect(await statusesIn(week)).toContainEqual([d.user.id, 'waitlist']);
    expect((await api('GET', `/games/${week}`)).json()).toMatchObject({ remainingSlots: 0, memberPlacesFree: 1 });

    // The organiser keeps no member place any more: the last one goes to the line at once.
    const edit = await api('PUT', `/series/${id}`, organiser.headers, payload({ totalSlots: 4, memberSlots: 1 }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await statusesIn(week)).toContainEqual([d.user.id, 'confirmed']);
    await expectLedgerBalanced(db());
  });

  it('a week drop-ins filled beyond their places before still gives a new mensalista a free place', async () => {
    const { id, gameIds } = await createSeries();
    const week = gameIds[0]!;
    // Four drop-ins (one over their three places), as drop-ins could before member places were kept.
    for (let i = 0; i < 4; i += 1)
      await createRegistration(db(), { gameId: week, userId: (await createUser(db())).id, status: 'confirmed' });
    expect((await api('GET', `/games/${week}`)).json()).toMatchObject({ remainingSlots: 0, memberPlacesFree: 2 });
    const [first, second, third] = [await player(), await player(), await player()];
    expect((await api('POST', `/series/${id}/members`, first.headers)).json().games[0].outcome).toBe('confirmed');
    expect((await api('POST', `/series/${id}/members`, second.headers)).json().games[0].outcome).toBe('confirmed');
    // What the confirmation shows before joining: this week has no place left, the next ones do, each due 48 h before.
    const membership = (await api('GET', `/series/${id}/membership`, third.headers)).json();
    expect(membership.weeks.map((week: { hasPlace: boolean }) => week.hasPlace)).toEqual([false, true, true, true, true]);
    expect(membership.weeks[1]).toMatchObject({ price: 10, usePlatformPayment: true, paymentDeadline: '2026-12-01T22:30:00.000Z' });
    const late = (await api('POST', `/series/${id}/members`, third.headers)).json();
    expect(late.games[0].outcome).toBe('full');
    expect(late.games[1].outcome).toBe('confirmed');
  });

  it('a new mensalista hears of every week in one notice of her own, each by its date, not the waitlist’s (issue 42)', async () => {
    const { id, gameIds } = await createSeries();
    const mensalista = await player(1000);
    expect((await api('POST', `/series/${id}/members`, mensalista.headers)).statusCode).toBe(200);
    const notices = await db()
      .select({ type: notifications.type, message: notifications.message, gameId: notifications.gameId })
      .from(notifications)
      .where(eq(notifications.userId, mensalista.user.id))
      .orderBy(asc(notifications.id));
    // Her credits paid the first week; the other four wait for payment, each until 48 hours before its game.
    expect(notices).toEqual([
      {
        type: 'member_place_pending',
        gameId: gameIds[0],
        message:
          'Agora você é mensalista de Racha de quinta. Vaga confirmada: 26/11/2026 às 19:30. Vaga reservada, a pagar para confirmar: ' +
          '03/12/2026 às 19:30 (R$ 10,00 até 01/12/2026 às 19:30); 10/12/2026 às 19:30 (R$ 10,00 até 08/12/2026 às 19:30); ' +
          '17/12/2026 às 19:30 (R$ 10,00 até 15/12/2026 às 19:30); 24/12/2026 às 19:30 (R$ 10,00 até 22/12/2026 às 19:30).',
      },
    ]);

    // A week published later brings a notice of its own, again by its date.
    t.clock.set(new Date('2026-11-27T12:00:00Z'));
    await rollSeriesForward(t.app.ctx);
    const later = await db()
      .select({ type: notifications.type, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, mensalista.user.id))
      .orderBy(asc(notifications.id));
    expect(later).toHaveLength(2);
    expect(later[1]!.message).toMatch(/^Sua vaga de mensalista em Racha de quinta \(31\/12\/2026 às 19:30\)/);
    expect(later.some((notice) => notice.message.includes('Abriu uma vaga'))).toBe(false);
  });

  it('moving one week of a series tells its players which week by its date (issue 42)', async () => {
    const { organiser, id, gameIds } = await createSeries();
    const mensalista = await player(10_000);
    expect((await api('POST', `/series/${id}/members`, mensalista.headers)).statusCode).toBe(200);
    const dropIn = await player();
    expect((await api('POST', `/games/${gameIds[1]}/apply`, dropIn.headers, { paymentType: 'credit' })).statusCode).toBe(200);

    // Week 2 (03/12) moves from 19:30 to 20:00; every week is called "Racha de quinta".
    const moved = await api('PUT', `/user-games/${gameIds[1]}`, organiser.headers, {
      ...payload(),
      dateTime: '2026-12-03T23:00:00.000Z',
      state: 'published',
      visibility: 'public',
      usePlatformPayment: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const expected = 'O organizador alterou o jogo Racha de quinta (03/12/2026 às 19:30): o horário agora é 20:00.';
    for (const who of [mensalista, dropIn]) {
      const changed = await db()
        .select({ message: notifications.message, gameId: notifications.gameId })
        .from(notifications)
        .where(and(eq(notifications.userId, who.user.id), eq(notifications.type, 'game_changed')));
      expect(changed).toEqual([{ message: expected, gameId: gameIds[1] }]);
    }
  });

  it('a free series confirms every member place at once: no hold to pay', async () => {
    const { id, gameIds } = await createSeries({ price: 0 });
    const mensalista = await player(0);
    const res = await api('POST', `/series/${id}/members`, mensalista.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().games.map((game: { outcome: string }) => game.outcome)).toEqual(Array(gameIds.length).fill('confirmed'));
    expect(res.json().games.every((game: { paymentDeadline: string | null }) => game.paymentDeadline === null)).toBe(true);
  });

  it('a game of no series is unchanged: every free place is anyone’s', async () => {
    const organiser = await createSignedInUser(t.app);
    const created = await api('POST', '/user-games', organiser.headers, {
      name: 'Avulso',
      location: 'Quadra',
      price: 10,
      totalSlots: 2,
      dateTime: '2026-11-27T19:30',
      state: 'published',
      sportId: ref.volei,
      stateId: ref.santaCatarina,
      cityId: ref.florianopolis,
    });
    expect(created.statusCode, created.body).toBe(201);
    const gameId = created.json().game.id as number;
    expect((await api('GET', `/games/${gameId}`)).json()).toMatchObject({ remainingSlots: 2 });
    expect((await api('GET', `/games/${gameId}`)).json().memberPlacesFree).toBeUndefined();
    expect((await apply(gameId, (await player()).headers)).json().registrationType).toBe('confirmed');
    expect((await apply(gameId, (await player()).headers)).json().registrationType).toBe('confirmed');
  });
});

describe('a player in a week’s line who becomes a mensalista (issue 39)', () => {
  /** A week of four places, two kept for mensalistas: two drop-ins hold theirs and two more wait in line. */
  async function weekWithALine() {
    const series = await createSeries({ totalSlots: 4, memberSlots: 2 });
    const week = series.gameIds[0]!;
    const dropIns = [await player(), await player()];
    for (const dropIn of dropIns) expect((await apply(week, dropIn.headers)).json().registrationType).toBe('confirmed');
    const [first, second] = [await player(), await player(0)];
    for (const waiting of [first, second]) {
      const res = await apply(week, waiting.headers);
      expect(res.json().registrationType, res.body).toBe('waitlist');
    }
    expect((await api('GET', `/games/${week}`)).json()).toMatchObject({ remainingSlots: 0, memberPlacesFree: 2, waitlistCount: 2 });
    return { ...series, week, dropIns, first, second };
  }

  it('paid by credits: the place in line becomes the confirmed member place at once, charged once, and the line moves up', async () => {
    const { id, week, dropIns, first, second } = await weekWithALine();
    const inLine = await registrationIn(week, first.user.id);
    expect(inLine!.status).toBe('waitlist');
    expect((await api('GET', `/games/${week}`, second.headers)).json().waitlistPosition).toBe(2);

    const joined = await api('POST', `/series/${id}/members`, first.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().games[0]).toEqual({
      gameId: week,
      dateTime: '2026-11-26T22:30:00.000Z',
      outcome: 'confirmed',
      paymentDeadline: null,
    });
    expect(joined.json().games.map((game: { outcome: string }) => game.outcome)).toEqual(Array(5).fill('confirmed'));
    // The same registration, no second one: it left the line holding the place, paid from credits.
    const held = await registrationIn(week, first.user.id);
    expect(held).toMatchObject({ id: inLine!.id, status: 'confirmed', paymentType: 'credit', paidCents: 1000, paymentDeadline: null });
    const seen = (await api('GET', `/games/${week}`, first.headers)).json();
    expect(seen).toMatchObject({ registrationType: 'confirmed', waitlistPosition: null, waitlistCount: 1, memberPlacesFree: 1 });
    expect((await api('GET', `/games/${week}`, second.headers)).json().waitlistPosition).toBe(1);

    // One charge per week, R$ 10 each, and the week's charge is for that registration.
    const charges = await chargesOf(first.user.id);
    expect(charges).toHaveLength(5);
    expect(charges.every((charge) => charge.amountCents === -1000)).toBe(true);
    expect(charges.filter((charge) => charge.reference === `registration:${inLine!.id}`)).toHaveLength(1);
    expect(await balanceOf(first.user.id)).toBe(10_000 - 5 * 1000);
    expect(joined.json().credits).toBe(50);
    const [notice] = await db()
      .select({ type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.userId, first.user.id), eq(notifications.gameId, week)))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(notice!.type).toBe('member_place_confirmed');

    // The next change to the line charges her nothing more: a drop-in leaving passes that place to the next in line.
    expect((await api('POST', `/games/${week}/cancel`, dropIns[0]!.headers)).statusCode).toBe(200);
    expect(await registrationIn(week, second.user.id)).toMatchObject({ status: 'pending' });
    expect(await registrationIn(week, first.user.id)).toMatchObject({ id: inLine!.id, status: 'confirmed' });
    expect(await chargesOf(first.user.id)).toHaveLength(5);
    expect(await balanceOf(first.user.id)).toBe(5000);
    await expectLedgerBalanced(db());
  });

  it('without credits: the place in line becomes a member place held until 48 h before, charged nothing', async () => {
    const { id, week, first, second } = await weekWithALine();
    const inLine = await registrationIn(week, second.user.id);
    const joined = await api('POST', `/series/${id}/members`, second.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().games[0]).toMatchObject({ gameId: week, outcome: 'pending', paymentDeadline: '2026-11-24T22:30:00.000Z' });
    expect(await registrationIn(week, second.user.id)).toMatchObject({
      id: inLine!.id,
      status: 'pending',
      paidCents: 0,
      paymentDeadline: new Date('2026-11-24T22:30:00.000Z'),
    });
    // Behind someone who joined the line earlier, she still takes the member place: it was never the drop-ins'.
    expect(await statusesIn(week)).toContainEqual([first.user.id, 'waitlist']);
    expect((await api('GET', `/games/${week}`, first.headers)).json()).toMatchObject({ waitlistPosition: 1, waitlistCount: 1 });
    expect(await chargesOf(second.user.id)).toEqual([]);
    expect(await balanceOf(second.user.id)).toBe(0);
    await expectLedgerBalanced(db());
  });

  it('a week with no place free for members leaves her in line, reported as full', async () => {
    const { id, gameIds } = await createSeries({ totalSlots: 4, memberSlots: 2 });
    const week = gameIds[0]!;
    // Four drop-ins hold every place (as drop-ins could before member places were kept), one more waits in line.
    for (let i = 0; i < 4; i += 1)
      await createRegistration(db(), { gameId: week, userId: (await createUser(db())).id, status: 'confirmed' });
    const waiting = await player();
    await createRegistration(db(), { gameId: week, userId: waiting.user.id, status: 'waitlist', waitlistPriceCents: 1000 });
    const joined = await api('POST', `/series/${id}/members`, waiting.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().games[0]).toMatchObject({ gameId: week, outcome: 'full' });
    expect(
      joined
        .json()
        .games.slice(1)
        .every((game: { outcome: string }) => game.outcome === 'confirmed'),
    ).toBe(true);
    expect(await registrationIn(week, waiting.user.id)).toMatchObject({ status: 'waitlist', paidCents: 0 });
    expect(await chargesOf(waiting.user.id)).toHaveLength(4);
    await expectLedgerBalanced(db());
  });
});
