import { and, desc, eq, lte, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardPaidRegistration, signedInCast } from '../../../../test-support/server/admin';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
  referenceIds,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { formatDateTime } from '../../../shared/dates';
import { cancellationRequests, creditTransactions, emailOutbox, games, notifications, registrations, states, users } from '../../db/schema';

const t = setUpTestApp();
let cast: Awaited<ReturnType<typeof signedInCast>>;
let refs: Awaited<ReturnType<typeof referenceIds>>;
beforeAll(async () => {
  cast = await signedInCast(t.app);
  refs = await referenceIds(t.app.ctx.db);
});

const db = () => t.app.ctx.db;
const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cast.admin.headers, ...(payload ? { payload } : {}) });
const balanceOf = async (userId: number) => (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b;
const statusOf = async (gameId: number, userId: number) =>
  (
    await db()
      .select({ status: registrations.status })
      .from(registrations)
      .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, userId)))
      .orderBy(registrations.id)
  ).at(-1)?.status;
const noticesOf = async (userId: number, type: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
  ).map((n) => n.message);

/** A player who paid their slot with credits through the real apply route (so the ledger has the charge). */
async function creditPaidPlayer(gameId: number, cents = 1000) {
  const signedIn = await createSignedInUser(t.app);
  await addCredits(db(), signedIn.user.id, cents);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/games/${gameId}/apply`,
    headers: signedIn.headers,
    payload: { paymentType: 'credit' },
  });
  expect(res.json().registrationType).toBe('confirmed');
  return signedIn.user;
}

function payload(overrides: Record<string, unknown> = {}) {
  return {
    name: '  Vôlei de sábado  ',
    location: ' Ginásio Norte ',
    address: 'Rua A, 1',
    dateTime: '2026-12-05T19:00',
    price: 15.5,
    totalSlots: 12,
    description: 'Traga água.',
    visibility: 'public',
    usePlatformPayment: true,
    state: 'published',
    sportId: refs.volei,
    stateId: refs.santaCatarina,
    cityId: refs.florianopolis,
    ...overrides,
  };
}

describe('GET /api/admin/games', () => {
  it('filters by search, status, when and publication state, 20 a page', async () => {
    const tag = `Filtro${Date.now()}`;
    const creatorId = cast.organiser.user.id;
    const upcoming = await createGame(db(), { creatorId, name: `${tag} futuro`, dateTime: new Date(TEST_NOW.getTime() + 2 * DAY_MS) });
    const later = await createGame(db(), { creatorId, name: `${tag} depois`, dateTime: new Date(TEST_NOW.getTime() + 9 * DAY_MS) });
    const past = await createGame(db(), { creatorId, name: `${tag} passado`, dateTime: new Date(TEST_NOW.getTime() - DAY_MS) });
    const draft = await createGame(db(), { creatorId, location: `Quadra ${tag}`, state: 'draft', visibility: 'private' });
    const cancelled = await createGame(db(), { creatorId, name: `${tag} cancelado`, status: 'cancelled' });
    const ids = async (query: string) =>
      ((await as('GET', `/api/admin/games?search=${tag.toLowerCase()}&${query}`)).json().games as { id: number }[]).map((g) => g.id);

    expect(await ids('')).toEqual([later.id, draft.id, upcoming.id, past.id]);
    expect(await ids('when=upcoming')).toEqual([upcoming.id, draft.id, later.id]);
    expect(await ids('when=past')).toEqual([past.id]);
    expect(await ids('state=draft')).toEqual([draft.id]);
    expect(await ids('status=cancelled')).toEqual([cancelled.id]);
    expect((await ids('status=all')).sort()).toEqual([upcoming.id, later.id, past.id, draft.id, cancelled.id].sort());

    const page = (await as('GET', `/api/admin/games?search=${tag}`)).json();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 20, totalPages: 1 });
    const privateOne = page.games.find((g: { id: number }) => g.id === draft.id);
    expect(privateOne).toMatchObject({ privateLink: draft.privateLink, publicationState: 'draft', cancelReason: null });
    expect((await as('GET', '/api/admin/games?status=nope')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/games, page by page', () => {
  it('the pages of a search, and of every game (the later ones read from the end of it), are the whole list once, in order', async () => {
    const tag = `Paginas${Date.now()}`;
    const creatorId = cast.organiser.user.id;
    // 45 games over 15 days, three at each hour (the same start: the id breaks the tie), upcoming and past.
    const created: Awaited<ReturnType<typeof createGame>>[] = [];
    for (let i = 0; i < 45; i += 1) {
      const dateTime = new Date(TEST_NOW.getTime() + (Math.floor(i / 3) - 7) * DAY_MS);
      created.push(await createGame(db(), { creatorId, name: `${tag} ${i}`, dateTime }));
    }
    const expected = (ascending: boolean, keep: (game: (typeof created)[number]) => boolean) =>
      created
        .filter(keep)
        .sort((a, b) => (a.dateTime.getTime() - b.dateTime.getTime() || a.id - b.id) * (ascending ? 1 : -1))
        .map((game) => game.id);
    const allPages = async (query: string) => {
      const ids: number[] = [];
      const first = (await as('GET', `/api/admin/games?search=${tag}&${query}`)).json();
      for (let page = 1; page <= first.totalPages; page += 1) {
        const reply = (await as('GET', `/api/admin/games?search=${tag}&${query}&page=${page}`)).json();
        expect(reply.games.length, `${query} page ${page}`).toBe(page < first.totalPages ? 20 : first.total - 20 * (first.totalPages - 1));
        ids.push(...reply.games.map((game: { id: number }) => game.id));
      }
      return ids;
    };

    expect(await allPages('')).toEqual(expected(false, () => true));
    expect(await allPages('when=upcoming')).toEqual(expected(true, (game) => game.dateTime > TEST_NOW));
    expect(await allPages('when=past')).toEqual(expected(false, (game) => game.dateTime <= TEST_NOW));

    // Without a search: every game not cancelled, the pages past the middle read backwards.
    const every = await db()
      .select({ id: games.id })
      .from(games)
      .where(ne(games.status, 'cancelled'))
      .orderBy(desc(games.dateTime), desc(games.id));
    const first = (await as('GET', '/api/admin/games')).json();
    expect(first).toMatchObject({ total: every.length, moreThanTotal: false });
    expect(first.totalPages).toBeGreaterThan(2);
    const ids: number[] = [];
    for (let page = 1; page <= first.totalPages; page += 1)
      ids.push(...(await as('GET', `/api/admin/games?page=${page}`)).json().games.map((game: { id: number }) => game.id));
    expect(ids).toEqual(every.map((row) => row.id));
    // The total of the list as it opens is the dashboard's count of games: a game cancelled leaves it at once.
    const totalOf = async (query: string) => (await as('GET', `/api/admin/games${query}`)).json().total as number;
    const [active, all] = [await totalOf(''), await totalOf('?status=all')];
    await db().update(games).set({ status: 'cancelled' }).where(eq(games.id, created[0]!.id));
    expect([await totalOf(''), await totalOf('?status=all')]).toEqual([active - 1, all]);
    expect(await totalOf('')).toBe((await db().select({ id: games.id }).from(games).where(ne(games.status, 'cancelled'))).length);
    // The past ones are that count less the games ahead: the same as counting them, before and after a past game is cancelled.
    const pastOnes = async () =>
      (
        await db()
          .select({ id: games.id })
          .from(games)
          .where(and(ne(games.status, 'cancelled'), lte(games.dateTime, TEST_NOW)))
      ).length;
    const past = await pastOnes();
    expect(past).toBeGreaterThan(10);
    expect(await totalOf('?when=past')).toBe(past);
    await db().update(games).set({ status: 'cancelled' }).where(eq(games.id, created[1]!.id));
    expect(await totalOf('?when=past')).toBe(past - 1);
    expect(await totalOf('?when=past')).toBe(await pastOnes());
  });
});

describe('GET /api/admin/games/:id', () => {
  it('shows the players holding a slot and the line in order, with contact and credits', async () => {
    const game = await createGame(db(), { totalSlots: 2 });
    const confirmed = await createUser(db(), { name: 'Carla Confirmada' });
    await addCredits(db(), confirmed.id, 1234);
    const pending = await createUser(db(), { name: 'Pedro Pendente', phone: null });
    const second = await createUser(db(), { name: 'Segunda da fila' });
    const first = await createUser(db(), { name: 'Primeira da fila' });
    await createRegistration(db(), { gameId: game.id, userId: confirmed.id, status: 'confirmed' });
    await createRegistration(db(), {
      gameId: game.id,
      userId: pending.id,
      status: 'pending',
      paymentDeadline: new Date(TEST_NOW.getTime() + 3_600_000),
    });
    await createRegistration(db(), {
      gameId: game.id,
      userId: second.id,
      status: 'waitlist',
      joinedAt: new Date(TEST_NOW.getTime() + 60_000),
    });
    await createRegistration(db(), { gameId: game.id, userId: first.id, status: 'waitlist' });
    await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'cancelled' });

    const res = await as('GET', `/api/admin/games/${game.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: game.id, registeredPlayers: 2, waitlistCount: 2, privateLink: game.privateLink });
    expect(body.players.map((p: { name: string; status: string }) => [p.name, p.status])).toEqual([
      ['Carla Confirmada', 'confirmed'],
      ['Pedro Pendente', 'pending'],
    ]);
    expect(body.players[0]).toMatchObject({
      id: confirmed.id,
      email: confirmed.email,
      phone: '48991234567',
      credits: 12.34,
      position: null,
    });
    expect(body.players[1]).toMatchObject({ phone: null, paymentDeadline: expect.any(String) });
    expect(body.waitlist.map((p: { name: string; position: number }) => [p.name, p.position])).toEqual([
      ['Primeira da fila', 1],
      ['Segunda da fila', 2],
    ]);
    const missing = await as('GET', '/api/admin/games/999999');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Jogo não encontrado.']);
  });
});

describe('POST /api/admin/games', () => {
  it('creates the game with trimmed text, the admin as creator, published when asked', async () => {
    const res = await as('POST', '/api/admin/games', payload());
    expect(res.statusCode).toBe(201);
    const { message, game } = res.json();
    expect(message).toBe('Jogo criado com sucesso!');
    expect(game).toMatchObject({
      name: 'Vôlei de sábado',
      location: 'Ginásio Norte',
      dateTime: '2026-12-05T22:00:00.000Z',
      price: 15.5,
      totalSlots: 12,
      publicationState: 'published',
      status: 'active',
      creator: { id: cast.admin.user.id, name: 'Admin Ana' },
      privateLink: expect.any(String),
      sport: { id: refs.volei, name: 'Vôlei' },
    });
    const draft = await as(
      'POST',
      '/api/admin/games',
      payload({ state: undefined, visibility: 'private', sportId: null, stateId: null, cityId: null }),
    );
    expect(draft.json().game).toMatchObject({ publicationState: 'draft', visibility: 'private', sport: null });
    for (const [price, cents] of [
      [19.99, 1999],
      ['0.29', 29],
      [0, 0],
    ] as const) {
      const res = await as('POST', '/api/admin/games', payload({ price }));
      const [row] = await db().select().from(games).where(eq(games.id, res.json().game.id));
      expect([price, row!.priceCents]).toEqual([price, cents]);
    }
  });

  it('words the errors as the admin form does', async () => {
    const [saoPaulo] = await db().select().from(states).where(eq(states.uf, 'SP'));
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Por favor, preencha todos os campos obrigatórios.'],
      [{ price: undefined }, 'Por favor, preencha todos os campos obrigatórios.'],
      [{ totalSlots: null, dateTime: 'amanhã' }, 'Por favor, preencha todos os campos obrigatórios.'],
      [{ cityId: null }, 'Para jogos públicos, é necessário selecionar esporte, estado e cidade.'],
      [{ sportId: undefined, dateTime: '2026-13-45T10:00' }, 'Para jogos públicos, é necessário selecionar esporte, estado e cidade.'],
      [{ dateTime: '2026-02-30T10:00' }, 'Data ou hora inválida. Verifique os campos de data e hora.'],
      [{ dateTime: '2026-11-19T10:00:00Z' }, 'A data e hora do jogo devem ser no futuro'],
      [{ totalSlots: 51 }, 'O número de vagas deve ser entre 1 e 50.'],
      [{ totalSlots: 0 }, 'O número de vagas deve ser entre 1 e 50.'],
      [{ price: -1 }, 'O preço não pode ser negativo.'],
      [{ price: 15.555 }, 'Use no máximo duas casas decimais.'],
      [{ price: 'NaN' }, 'Informe um valor numérico.'],
      [{ cityId: refs.florianopolis, stateId: saoPaulo!.id }, 'Estado não encontrado ou inativo.'],
      [{ cityId: 999999 }, 'Cidade não encontrada, inativa ou de outro estado.'],
    ];
    for (const [overrides, message] of cases) {
      const res = await as('POST', '/api/admin/games', payload(overrides));
      expect([overrides, res.statusCode, res.json().message]).toEqual([overrides, 400, message]);
    }
    const publicMissing = await as('POST', '/api/admin/games', payload({ cityId: null, sportId: null }));
    expect(publicMissing.json().fields).toEqual({
      sportId: 'Para jogos públicos, é necessário selecionar esporte, estado e cidade.',
      cityId: 'Para jogos públicos, é necessário selecionar esporte, estado e cidade.',
    });
  });
});

describe('PUT /api/admin/games/:id', () => {
  it('refuses fewer slots than confirmed + pending players, and gives new slots to the line (charging credits)', async () => {
    const game = await createGame(db(), { totalSlots: 2, priceCents: 1000, creatorId: cast.organiser.user.id });
    await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed' });
    await createRegistration(db(), {
      gameId: game.id,
      userId: (await createUser(db())).id,
      status: 'pending',
      paymentDeadline: new Date(TEST_NOW.getTime() + 3_600_000),
    });
    const waiting = await createUser(db());
    await addCredits(db(), waiting.id, 1500);
    await createRegistration(db(), { gameId: game.id, userId: waiting.id, status: 'waitlist' });
    const body = payload({
      name: game.name,
      location: game.location,
      address: game.address,
      dateTime: game.dateTime.toISOString(),
      price: 10,
      description: game.description,
    });

    const shrink = await as('PUT', `/api/admin/games/${game.id}`, { ...body, totalSlots: 1 });
    expect([shrink.statusCode, shrink.json().message]).toEqual([
      400,
      'Não é possível reduzir as vagas para menos de 2: esse é o número de inscrições confirmadas ou aguardando pagamento.',
    ]);

    const grow = await as('PUT', `/api/admin/games/${game.id}`, { ...body, totalSlots: 3 });
    expect(grow.statusCode).toBe(200);
    expect(grow.json()).toMatchObject({
      message: 'Jogo atualizado com sucesso!',
      game: { totalSlots: 3, registeredPlayers: 3, waitlistCount: 0 },
    });
    expect(await statusOf(game.id, waiting.id)).toBe('confirmed');
    expect(await balanceOf(waiting.id)).toBe(500);
    await expectLedgerBalanced(db());
  });

  it('tells the players about a new date, refuses a cancelled game and answers 404 for a missing one', async () => {
    const game = await createGame(db());
    const player = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: player.id, status: 'confirmed' });
    const res = await as('PUT', `/api/admin/games/${game.id}`, payload({ dateTime: '2026-12-10T20:00:00-03:00', price: 10.1 }));
    expect(res.statusCode).toBe(200);
    expect(await noticesOf(player.id, 'game_changed')).toHaveLength(1);
    expect((await db().select().from(games).where(eq(games.id, game.id)))[0]!.priceCents).toBe(1010);

    const cancelled = await createGame(db(), { status: 'cancelled' });
    const locked = await as('PUT', `/api/admin/games/${cancelled.id}`, payload());
    expect([locked.statusCode, locked.json().message]).toEqual([409, 'Este jogo foi cancelado e não pode mais ser alterado.']);
    expect((await as('PUT', '/api/admin/games/999999', payload())).statusCode).toBe(404);
  });
  it('saving a game with players as a draft or private asks first, then cancels them as the organiser would, refunded', async () => {
    for (const change of [{ state: 'draft' }, { visibility: 'private' }]) {
      const game = await createGame(db(), { priceCents: 1000, creatorId: cast.organiser.user.id });
      const player = await creditPaidPlayer(game.id);
      const body = { ...payload({ name: game.name, dateTime: game.dateTime.toISOString(), price: 10 }), ...change };

      const asked = await as('PUT', `/api/admin/games/${game.id}`, body);
      expect(asked.statusCode, JSON.stringify(change)).toBe(409);
      expect(asked.json().code).toBe('confirmation_required');
      expect(await statusOf(game.id, player.id)).toBe('confirmed');
      expect((await db().select().from(games).where(eq(games.id, game.id)))[0]).toMatchObject({ state: 'published', visibility: 'public' });

      const done = await as('PUT', `/api/admin/games/${game.id}`, { ...body, confirm: true });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().message).toBe(
        'Jogo atualizado. 1 inscrição cancelada, 1 reembolso integral a quem pagou; os jogadores foram avisados.',
      );
      expect(await statusOf(game.id, player.id)).toBe('cancelled');
      expect(await balanceOf(player.id)).toBe(1000);
      expect(await noticesOf(player.id, 'registration_cancelled')).toHaveLength(1);
    }
    await expectLedgerBalanced(db());
  });
});

describe('DELETE /api/admin/games/:id', () => {
  it('refunds everyone in full in one go, tells them, keeps the row as cancelled and drops it from listings', async () => {
    // Within 48 hours of the game: a player's own cancellation would refund nothing; this one refunds all.
    const game = await createGame(db(), { priceCents: 2000, totalSlots: 4, dateTime: new Date(TEST_NOW.getTime() + 3_600_000) });
    const byCredits = await creditPaidPlayer(game.id, 2500);
    const byCard = await createUser(db());
    await cardPaidRegistration(t.app, { gameId: game.id, userId: byCard.id, amountCents: 2000 });
    const byPix = await createUser(db());
    await cardPaidRegistration(t.app, { gameId: game.id, userId: byPix.id, amountCents: 2000, method: 'pix' });
    const outside = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: outside.id, status: 'confirmed' });
    const waiting = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: waiting.id, status: 'waitlist' });
    expect(await balanceOf(byCredits.id)).toBe(500);

    const res = await as('DELETE', `/api/admin/games/${game.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Jogo excluído com sucesso. Os jogadores foram avisados e reembolsados.',
      playersNotified: 5,
      refundedToCredits: 20,
      refundedToOriginal: 40,
      refundRequests: 0,
      refundRequestedAmount: 0,
    });
    expect(await balanceOf(byCredits.id)).toBe(2500);
    const requests = await db().select().from(cancellationRequests).where(eq(cancellationRequests.gameId, game.id));
    expect(requests.map((r) => [r.userId, r.amountCents, r.paymentType, r.status]).sort()).toEqual(
      [
        [byCard.id, 2000, 'stripe', 'processed'],
        [byPix.id, 2000, 'mercadopago', 'processed'],
      ].sort(),
    );
    // Card and PIX went back through the provider at once; the players hear the amount and the method.
    expect((await noticesOf(byCard.id, 'refund_processed'))[0]).toMatch(
      /^Reembolso feito: R\$ 20,00 do jogo .* voltaram para o seu cartão/,
    );
    expect((await noticesOf(byPix.id, 'refund_processed'))[0]).toMatch(
      /^Reembolso feito: R\$ 20,00 do jogo .* voltaram por PIX para a conta que pagou\.$/,
    );
    expect((await noticesOf(byCard.id, 'game_cancelled'))[0]).toContain(
      'O reembolso de R$ 20,00 na forma de pagamento original já foi pedido',
    );
    for (const user of [byCredits, byCard, byPix, outside, waiting]) {
      expect(await statusOf(game.id, user.id)).toBe('cancelled');
      expect(await noticesOf(user.id, 'game_cancelled')).toHaveLength(1);
    }
    expect((await noticesOf(byCredits.id, 'game_cancelled'))[0]).toContain('R$ 20,00 voltaram para os seus créditos.');
    const [row] = await db().select().from(games).where(eq(games.id, game.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Excluído pelo administrador' });

    const adminList = (await as('GET', `/api/admin/games?search=${encodeURIComponent(game.name)}`)).json();
    expect(adminList.total).toBe(0);
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/games' })).json() as { id: number }[];
    expect(publicList.map((g) => g.id)).not.toContain(game.id);

    const again = await as('DELETE', `/api/admin/games/${game.id}`);
    expect([again.statusCode, again.json().message]).toEqual([409, 'Este jogo já foi cancelado.']);
    expect(await balanceOf(byCredits.id)).toBe(2500);
    const refunds = await db()
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, byCredits.id), eq(creditTransactions.type, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 2000, createdBy: cast.admin.user.id });
    expect((await as('DELETE', '/api/admin/games/999999')).statusCode).toBe(404);
    await expectLedgerBalanced(db());
  });
});

describe('DELETE /api/admin/games/:id/users/:userId', () => {
  it('refunds a credit-paid player in full, tells them and promotes the next in line', async () => {
    const game = await createGame(db(), { priceCents: 1000, totalSlots: 1, dateTime: new Date(TEST_NOW.getTime() + 3_600_000) });
    const removed = await creditPaidPlayer(game.id);
    const next = await createUser(db());
    await addCredits(db(), next.id, 1000);
    await createRegistration(db(), { gameId: game.id, userId: next.id, status: 'waitlist' });

    const res = await as('DELETE', `/api/admin/games/${game.id}/users/${removed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Jogador removido com sucesso.', refund: 'credits', refundedAmount: 10, refundedAtOnce: false });
    expect(await balanceOf(removed.id)).toBe(1000);
    expect(await statusOf(game.id, removed.id)).toBe('cancelled');
    expect((await noticesOf(removed.id, 'removed_from_game'))[0]).toMatch(
      /^Você foi removido do jogo .* pela administração\. R\$ 10,00 voltaram para os seus créditos\.$/,
    );
    // The e-mail's subject names the game's date too: games share names (issue 42).
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, removed.email));
    expect(mail!.subject).toBe(`Você foi removido do jogo ${game.name} (${formatDateTime(game.dateTime, game.timeZone)})`);
    expect(await statusOf(game.id, next.id)).toBe('confirmed');
    expect(await balanceOf(next.id)).toBe(0);

    const again = await as('DELETE', `/api/admin/games/${game.id}/users/${removed.id}`);
    expect([again.statusCode, again.json().message]).toEqual([404, 'Este usuário não está inscrito neste jogo nem na lista de espera.']);
    expect(await balanceOf(removed.id)).toBe(1000);
    await expectLedgerBalanced(db());
  });

  it('refunds a card payment through the provider at once, and takes someone off the line without promoting', async () => {
    const game = await createGame(db(), { priceCents: 3000, totalSlots: 1 });
    const byCard = await createUser(db());
    await cardPaidRegistration(t.app, { gameId: game.id, userId: byCard.id, amountCents: 3000 });
    const first = await createUser(db());
    const second = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: first.id, status: 'waitlist' });
    await createRegistration(db(), {
      gameId: game.id,
      userId: second.id,
      status: 'waitlist',
      joinedAt: new Date(TEST_NOW.getTime() + 1000),
    });

    const offLine = await as('DELETE', `/api/admin/games/${game.id}/users/${second.id}`);
    expect(offLine.json()).toEqual({ message: 'Jogador removido com sucesso.', refund: 'none', refundedAmount: 0, refundedAtOnce: false });
    expect(await statusOf(game.id, first.id)).toBe('waitlist');

    const res = await as('DELETE', `/api/admin/games/${game.id}/users/${byCard.id}`);
    expect(res.json()).toEqual({ message: 'Jogador removido com sucesso.', refund: 'request', refundedAmount: 30, refundedAtOnce: true });
    const [request] = await db().select().from(cancellationRequests).where(eq(cancellationRequests.userId, byCard.id));
    expect(request).toMatchObject({
      amountCents: 3000,
      status: 'processed',
      resolution: 'original',
      reason: 'Removido pelo administrador',
    });
    expect((await noticesOf(byCard.id, 'refund_processed'))[0]).toMatch(
      /^Reembolso feito: R\$ 30,00 do jogo .* voltaram para o seu cartão/,
    );
    // Nobody in line can pay with credits: the slot is held for them, awaiting payment.
    expect(await statusOf(game.id, first.id)).toBe('pending');
    await expectLedgerBalanced(db());
  });
});

describe('POST /api/games/:id/duplicate', () => {
  it("copies the game as '{name} (Cópia)': a draft, active, with no players and a new private link", async () => {
    const source = await createGame(db(), {
      name: 'Vôlei de quinta',
      priceCents: 2200,
      sportId: refs.volei,
      stateId: refs.santaCatarina,
      cityId: refs.joinville,
    });
    await createRegistration(db(), { gameId: source.id, userId: (await createUser(db())).id, status: 'confirmed' });
    const res = await as('POST', `/api/games/${source.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const { message, game } = res.json();
    expect(message).toBe('Jogo "Vôlei de quinta" duplicado com sucesso!');
    expect(game).toMatchObject({
      name: 'Vôlei de quinta (Cópia)',
      price: 22,
      status: 'active',
      publicationState: 'draft',
      registeredPlayers: 0,
      waitlistCount: 0,
      creator: { id: cast.admin.user.id },
      city: { id: refs.joinville },
    });
    expect(game.id).not.toBe(source.id);
    expect(game.privateLink).not.toBe(source.privateLink);
    const long = await createGame(db(), { name: 'x'.repeat(100) });
    const copy = (await as('POST', `/api/games/${long.id}/duplicate`)).json().game;
    expect(copy.name).toHaveLength(100);
    expect(copy.name.endsWith(' (Cópia)')).toBe(true);
    expect((await as('POST', '/api/games/999999/duplicate')).statusCode).toBe(404);
  });
});
