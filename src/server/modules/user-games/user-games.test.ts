import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createRegistration,
  createSignedInUser,
  createUser,
  DAY_MS,
  HOUR_MS,
  referenceIds,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { createTestApp, setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import {
  cancellationRequests,
  cities,
  creditTransactions,
  emailOutbox,
  games,
  invitations,
  notifications,
  registrations,
  sports,
  states,
  users,
} from '../../db/schema';

const t = setUpTestApp();
let ref: Awaited<ReturnType<typeof referenceIds>>;
beforeAll(async () => {
  ref = await referenceIds(t.app.ctx.db);
});

const db = () => t.app.ctx.db;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);
type Headers = { authorization: string };

function payload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Vôlei de sábado',
    location: 'Arena Beira-Mar',
    address: 'Av. Beira-Mar Norte, 1000 - Florianópolis',
    dateTime: at(3 * DAY_MS).toISOString(),
    price: 25.5,
    totalSlots: 12,
    description: 'Traga água.',
    visibility: 'public',
    usePlatformPayment: true,
    state: 'published',
    sportId: ref.volei,
    stateId: ref.santaCatarina,
    cityId: ref.florianopolis,
    ...overrides,
  };
}

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers?: Headers, body?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });

async function createViaApi(headers: Headers, overrides: Record<string, unknown> = {}) {
  const res = await api('POST', '/user-games', headers, payload(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().game as { id: number; privateLink: string } & Record<string, unknown>;
}

const gameRow = async (id: number) => (await db().select().from(games).where(eq(games.id, id)))[0]!;

describe('POST /user-games', () => {
  it('creates the game for the caller, with the reply the form needs', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const res = await api('POST', '/user-games', headers, payload());
    expect(res.statusCode).toBe(201);
    const { message, game } = res.json();
    expect(message).toBe('Jogo criado com sucesso!');
    expect(game).toMatchObject({
      name: 'Vôlei de sábado',
      location: 'Arena Beira-Mar',
      price: 25.5,
      totalSlots: 12,
      availableSlots: 12,
      registeredPlayers: 0,
      visibility: 'public',
      usePlatformPayment: true,
      publicationState: 'published',
      status: 'active',
      cancelReason: null,
      sport: { id: ref.volei },
      state: { id: ref.santaCatarina, uf: 'SC' },
      city: { id: ref.florianopolis },
      creator: { id: user.id },
      descriptionHtml: '<p>Traga água.</p>',
    });
    // 192 bits, URL-safe.
    expect(game.privateLink).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await gameRow(game.id)).priceCents).toBe(2550);
    // Reais as a number or as its text, stored as exact centavos.
    for (const [price, cents] of [
      [19.99, 1999],
      ['4.35', 435],
      [0.29, 29],
      [10_000, 1_000_000],
      [-0, 0],
    ] as const) {
      const created = await createViaApi(headers, { price });
      expect([price, (await gameRow(created.id)).priceCents, created.price]).toEqual([price, cents, cents / 100]);
    }
  });

  it('ignores fields the client must not set: creator, players, status, private link', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const other = await createUser(db());
    const res = await api(
      'POST',
      '/user-games',
      headers,
      payload({
        creator: other.id,
        creatorId: other.id,
        players: [other.id],
        waitlist: [other.id],
        status: 'cancelled',
        privateLink: 'escolhido',
        id: 1,
        registeredPlayers: 9,
      }),
    );
    expect(res.statusCode).toBe(201);
    const row = await gameRow(res.json().game.id);
    expect(row).toMatchObject({ creatorId: user.id, status: 'active' });
    expect(row.privateLink).not.toBe('escolhido');
    expect(await db().select().from(registrations).where(eq(registrations.gameId, row.id))).toEqual([]);
  });

  it('applies the defaults: draft, public, platform payment, price 0', async () => {
    const { headers } = await createSignedInUser(t.app);
    const res = await api('POST', '/user-games', headers, {
      name: 'Mínimo',
      location: 'Quadra',
      dateTime: at(DAY_MS).toISOString(),
      totalSlots: 4,
      sportId: ref.volei,
      stateId: ref.santaCatarina,
      cityId: ref.joinville,
      usePlatformPayment: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().game).toMatchObject({
      publicationState: 'draft',
      visibility: 'public',
      usePlatformPayment: true,
      price: 0,
      address: '',
      description: '',
    });
  });

  it('an empty price is a free game only when Gratuito is ticked', async () => {
    const { headers } = await createSignedInUser(t.app);
    for (const price of ['', null, 0]) {
      const game = await createViaApi(headers, { price, free: true });
      expect(game.price).toBe(0);
      expect((await gameRow(game.id)).priceCents).toBe(0);
    }
    const empty = await api('POST', '/user-games', headers, payload({ price: '' }));
    expect([empty.statusCode, empty.json().fields]).toEqual([400, { price: 'Informe o preço ou marque Gratuito' }]);
  });

  it('reads a date-time without a zone on the clocks of the chosen state (Santa Catarina: Brasília time)', async () => {
    const { headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers, { dateTime: '2026-11-28T19:00' });
    expect(game.dateTime).toBe('2026-11-28T22:00:00.000Z');
  });

  it('answers every rule with the spec message', async () => {
    const { headers } = await createSignedInUser(t.app);
    const [inactive] = await db().insert(sports).values({ name: 'Esporte desativado', active: false }).returning();
    const cases: [Record<string, unknown>, string, Record<string, string>?][] = [
      [
        { name: '', location: ' ', dateTime: undefined, totalSlots: undefined },
        'Preencha os campos obrigatórios: Nome, Local, Data e hora, Vagas',
        { name: 'Campo obrigatório', location: 'Campo obrigatório', dateTime: 'Campo obrigatório', totalSlots: 'Campo obrigatório' },
      ],
      [{ location: null }, 'Preencha os campos obrigatórios: Local', { location: 'Campo obrigatório' }],
      [{ totalSlots: '' }, 'Preencha os campos obrigatórios: Vagas'],
      [
        { dateTime: at(-HOUR_MS).toISOString() },
        'A data e hora do jogo devem ser no futuro',
        { dateTime: 'A data e hora do jogo devem ser no futuro' },
      ],
      [{ dateTime: TEST_NOW.toISOString() }, 'A data e hora do jogo devem ser no futuro'],
      [{ dateTime: 'amanhã às 19h' }, 'Data ou hora inválida. Verifique os campos de data e hora.'],
      [{ dateTime: '2026-02-30T19:00' }, 'Data ou hora inválida. Verifique os campos de data e hora.'],
      [{ totalSlots: 0 }, 'O número de vagas deve ser entre 1 e 50.', { totalSlots: 'O número de vagas deve ser entre 1 e 50.' }],
      [{ totalSlots: 51 }, 'O número de vagas deve ser entre 1 e 50.'],
      [{ totalSlots: 2.5 }, 'O número de vagas deve ser entre 1 e 50.'],
      [{ price: -1 }, 'O preço não pode ser negativo.', { price: 'O preço não pode ser negativo.' }],
      [{ price: 10.005 }, 'Use no máximo duas casas decimais.', { price: 'Use no máximo duas casas decimais.' }],
      [{ price: '10.005' }, 'Use no máximo duas casas decimais.'],
      [{ price: 0.1 + 0.2 }, 'Use no máximo duas casas decimais.'],
      [{ price: 'NaN' }, 'Informe um valor numérico.'],
      [{ price: 'dez reais' }, 'Informe um valor numérico.'],
      [{ price: 10_000.01 }, 'O preço deve ser de no máximo R$ 10.000,00.'],
      [{ price: '' }, 'Informe o preço ou marque Gratuito', { price: 'Informe o preço ou marque Gratuito' }],
      [{ price: null }, 'Informe o preço ou marque Gratuito'],
      [{ price: '  ', free: false }, 'Informe o preço ou marque Gratuito'],
      [{ price: 15, free: true }, 'Um jogo gratuito não tem preço: apague o valor ou desmarque Gratuito.'],
      [
        { sportId: null, cityId: undefined },
        'Para jogos públicos, preencha: Esporte, Cidade',
        { sportId: 'Para jogos públicos, preencha: Esporte, Cidade', cityId: 'Para jogos públicos, preencha: Esporte, Cidade' },
      ],
      [{ sportId: null, stateId: null, cityId: null, visibility: undefined }, 'Para jogos públicos, preencha: Esporte, Estado, Cidade'],
      [{ sportId: inactive!.id }, 'Esporte não encontrado ou inativo.', { sportId: 'Esporte não encontrado ou inativo.' }],
      [{ sportId: 999_999 }, 'Esporte não encontrado ou inativo.'],
      [{ stateId: 999_999, cityId: null, visibility: 'private' }, 'Estado não encontrado ou inativo.'],
      [{ stateId: null, visibility: 'private' }, 'Cidade não encontrada, inativa ou de outro estado.'],
      [{ name: 'x'.repeat(101) }, 'O nome do jogo deve ter no máximo 100 caracteres.'],
      [
        { visibility: 'secreto' },
        'Escolha a visibilidade: público ou privado.',
        { visibility: 'Escolha a visibilidade: público ou privado.' },
      ],
      [{ state: 'ativo' }, 'Escolha entre rascunho e publicado.'],
      [{ totalSlots: 'dez' }, 'Informe um número.'],
      [{ usePlatformPayment: 'sim' }, 'Escolha a forma de pagamento: pela plataforma ou por fora.'],
    ];
    for (const [overrides, message, fields] of cases) {
      const res = await api('POST', '/user-games', headers, payload(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message, JSON.stringify(overrides)).toBe(message);
      if (fields) expect(res.json().fields).toEqual(fields);
    }
    // A city of another state.
    const [otherState] = await db().select({ id: states.id }).from(states).where(ne(states.uf, 'SC')).limit(1);
    const [foreign] = await db().insert(cities).values({ stateId: otherState!.id, name: 'Cidade de fora' }).returning();
    const wrongState = await api('POST', '/user-games', headers, payload({ cityId: foreign!.id }));
    expect(wrongState.json()).toMatchObject({ message: 'Cidade não encontrada, inativa ou de outro estado.' });
    // Private games need no sport, state or city.
    expect(
      (await api('POST', '/user-games', headers, payload({ visibility: 'private', sportId: null, stateId: null, cityId: null })))
        .statusCode,
    ).toBe(201);
    expect((await api('POST', '/user-games', undefined, payload())).statusCode).toBe(401);
    expect((await api('POST', '/user-games', headers)).json().message).toBe(
      'Preencha os campos obrigatórios: Nome, Local, Data e hora, Vagas',
    );
  });

  it('stores only sanitised HTML; plain text becomes escaped paragraphs', async () => {
    const { headers } = await createSignedInUser(t.app);
    const html = await createViaApi(headers, {
      description:
        '<p onclick="x()" style="color:red">Olá <strong>time</strong> <em>bora</em><br>linha</p><ul><li>Água</li></ul><ol><li>1</li></ol>' +
        '<a href="https://bora.jogar/regras">regras</a><a href="mailto:org@x.com">e-mail</a><a href="javascript:alert(1)">mal</a>' +
        '<img src=x onerror="alert(1)"><svg onload="alert(1)"></svg><script>alert(1)</script><iframe src="https://evil.example"></iframe><style>p{}</style>',
    });
    const expected =
      '<p>Olá <strong>time</strong> <em>bora</em><br />linha</p><ul><li>Água</li></ul><ol><li>1</li></ol>' +
      '<a href="https://bora.jogar/regras" target="_blank" rel="noopener noreferrer nofollow">regras</a>' +
      '<a href="mailto:org@x.com" target="_blank" rel="noopener noreferrer nofollow">e-mail</a>' +
      '<a target="_blank" rel="noopener noreferrer nofollow">mal</a>';
    expect(html.descriptionHtml).toBe(expected);
    const row = await gameRow(html.id);
    expect(row.descriptionHtml).toBe(expected);
    // Nothing unsafe is kept anywhere, not even as the "raw" text.
    expect(row.description).toBe(expected);
    const plain = await createViaApi(headers, { description: 'Jogo 5 < 6 & "leve"\ncamisa\n\nSegundo parágrafo' });
    expect(plain.descriptionHtml).toBe('<p>Jogo 5 &lt; 6 &amp; &quot;leve&quot;<br>camisa</p><p>Segundo parágrafo</p>');
    expect(plain.description).toBe('Jogo 5 < 6 & "leve"\ncamisa\n\nSegundo parágrafo');
  });
});

describe('GET /user-games', () => {
  it('lists only my games, the next first and the past after, with the my-games filters', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const mk = (name: string, values: Partial<typeof games.$inferInsert>) => createGame(db(), { name, creatorId: user.id, ...values });
    await mk('Rascunho', { state: 'draft', dateTime: at(2 * DAY_MS) });
    const open = await mk('Aberto', { dateTime: at(DAY_MS), visibility: 'private' });
    await mk('Passado', { dateTime: at(-DAY_MS) });
    await mk('Cancelado', { status: 'cancelled', cancelReason: 'Chuva', dateTime: at(3 * DAY_MS) });
    await createGame(db(), { name: 'De outra pessoa' });
    await createRegistration(db(), { gameId: open.id, userId: (await createUser(db())).id, status: 'confirmed' });

    const names = async (filter?: string) => {
      const res = await api('GET', `/user-games${filter ? `?filter=${filter}` : ''}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(res.json().length));
      return res.json().map((g: { name: string }) => g.name);
    };
    expect(await names()).toEqual(['Aberto', 'Rascunho', 'Cancelado', 'Passado']);
    expect(await names('all')).toEqual(['Aberto', 'Rascunho', 'Cancelado', 'Passado']);
    expect(await names('draft')).toEqual(['Rascunho']);
    expect(await names('published')).toEqual(['Aberto', 'Passado']);
    expect(await names('active')).toEqual(['Aberto']);
    expect(await names('finished')).toEqual(['Passado']);
    expect(await names('cancelled')).toEqual(['Cancelado']);
    const list = (await api('GET', '/user-games', headers)).json();
    expect(list.find((g: { name: string }) => g.name === 'Aberto')).toMatchObject({
      registeredPlayers: 1,
      availableSlots: 9,
      publicationState: 'published',
      status: 'active',
      privateLink: open.privateLink,
    });
    expect(list.find((g: { name: string }) => g.name === 'Cancelado')).toMatchObject({ status: 'cancelled', cancelReason: 'Chuva' });
    expect((await api('GET', '/user-games?filter=outro', headers)).statusCode).toBe(400);
    expect((await api('GET', '/user-games')).statusCode).toBe(401);
  });

  it('keeps a game in progress (started, not 2 h yet) among the active ones, and finished only once it ended', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const game = await createGame(db(), { name: 'Rolando', creatorId: user.id, dateTime: at(-HOUR_MS) });
    const names = async (filter: string) =>
      (await api('GET', `/user-games?filter=${filter}`, headers)).json().map((g: { name: string }) => g.name);
    expect(await names('active')).toEqual(['Rolando']);
    expect(await names('finished')).toEqual([]);
    t.clock.set(new Date(game.dateTime.getTime() + 2 * HOUR_MS));
    expect(await names('active')).toEqual([]);
    expect(await names('finished')).toEqual(['Rolando']);
    t.clock.set(TEST_NOW);
  });
});

describe('GET /user-games/{id}', () => {
  it('shows a player who left the line as such, not as a cancelled registration', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const game = await createGame(db(), { creatorId: user.id, totalSlots: 1, usePlatformPayment: false });
    const holder = await createSignedInUser(t.app);
    const waiting = await createSignedInUser(t.app);
    await api('POST', `/games/${game.id}/apply`, holder.headers, {});
    expect((await api('POST', `/games/${game.id}/waitlist`, waiting.headers, {})).statusCode).toBe(200);
    expect((await api('POST', `/games/${game.id}/cancel`, waiting.headers)).json().message).toBe(
      'Você saiu da lista de espera com sucesso.',
    );

    const body = (await api('GET', `/user-games/${game.id}`, headers)).json();
    expect(body.stats).toMatchObject({
      confirmedRegistrations: 1,
      cancelledRegistrations: 0,
      waitlistRegistrations: 0,
      leftWaitlistRegistrations: 1,
    });
    const left = body.registrations.find((r: { userId: number }) => r.userId === waiting.user.id);
    expect(left).toMatchObject({ status: 'cancelled', leftWaitlist: true });
    const [row] = await db().select().from(registrations).where(eq(registrations.id, left.id));
    expect(row!.cancelledFrom).toBe('waitlist');
    // The player's own list says the same.
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: waiting.headers })).json();
    expect(me.myGames).toEqual([expect.objectContaining({ id: game.id, registrationType: 'cancelled', leftWaitlist: true })]);
    const holderMe = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: holder.headers })).json();
    expect(holderMe.myGames).toEqual([expect.objectContaining({ id: game.id, registrationType: 'confirmed', leftWaitlist: false })]);
  });

  it('gives the game, the counts and every registration with its dates', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const game = await createGame(db(), { creatorId: user.id, totalSlots: 3 });
    const ana = await createUser(db(), { name: 'Ana' });
    const bia = await createUser(db(), { name: 'Bia' });
    const caio = await createUser(db(), { name: 'Caio' });
    const duda = await createUser(db(), { name: 'Duda' });
    const eva = await createUser(db(), { name: 'Eva' });
    await createRegistration(db(), { gameId: game.id, userId: ana.id, status: 'confirmed', paymentType: 'stripe', paidCents: 1000 });
    await createRegistration(db(), { gameId: game.id, userId: bia.id, status: 'confirmed' });
    await createRegistration(db(), {
      gameId: game.id,
      userId: caio.id,
      status: 'pending',
      paymentType: null,
      paymentDeadline: at(HOUR_MS),
    });
    await createRegistration(db(), { gameId: game.id, userId: duda.id, status: 'cancelled', cancelledAt: at(-HOUR_MS) });
    await createRegistration(db(), { gameId: game.id, userId: eva.id, status: 'waitlist', joinedAt: at(-DAY_MS) });

    const res = await api('GET', `/user-games/${game.id}`, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.game).toMatchObject({ id: game.id, privateLink: game.privateLink, registeredPlayers: 3, availableSlots: 0 });
    expect(body.stats).toEqual({
      confirmedRegistrations: 2,
      pendingRegistrations: 1,
      cancelledRegistrations: 1,
      waitlistRegistrations: 1,
      leftWaitlistRegistrations: 0,
      availableSlots: 0,
    });
    const byName = Object.fromEntries(body.registrations.map((r: { userName: string }) => [r.userName, r]));
    expect(byName.Ana).toMatchObject({
      userEmail: ana.email,
      paymentType: 'stripe',
      status: 'confirmed',
      paidAmount: 10,
      cancelledAt: null,
      waitlistPosition: null,
    });
    expect(byName.Bia).toMatchObject({ paymentType: 'external', status: 'confirmed' });
    expect(byName.Caio).toMatchObject({ status: 'pending' });
    expect(byName.Duda).toMatchObject({ status: 'cancelled', cancelledAt: at(-HOUR_MS).toISOString() });
    expect(byName.Eva).toMatchObject({ status: 'waitlist', waitlistPosition: 1 });
    expect(byName.Ana.createdAt).toEqual(expect.any(String));
  });
});

describe('PUT /user-games/{id}', () => {
  it('edits the game, ignoring untrusted fields, and tells players about a new time, place or price', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers);
    const player = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: player.id, status: 'confirmed' });
    const other = await createUser(db());

    const renamed = await api(
      'PUT',
      `/user-games/${game.id}`,
      headers,
      payload({ name: 'Novo nome', creator: other.id, status: 'cancelled', privateLink: 'x', players: [] }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: 'Jogo atualizado com sucesso!',
      game: { name: 'Novo nome', status: 'active', privateLink: game.privateLink },
    });
    expect(await gameRow(game.id)).toMatchObject({ creatorId: user.id, status: 'active', privateLink: game.privateLink });
    const changedNotices = () =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, player.id), eq(notifications.type, 'game_changed')));
    // A new name is not something players must plan around.
    expect(await changedNotices()).toHaveLength(0);

    const moved = { name: 'Novo nome', dateTime: at(4 * DAY_MS).toISOString() };
    const steps = [
      payload(moved),
      payload({ ...moved, location: 'Outro ginásio' }),
      payload({ ...moved, location: 'Outro ginásio', price: 30 }),
    ];
    for (const [index, step] of steps.entries()) {
      expect((await api('PUT', `/user-games/${game.id}`, headers, step)).statusCode).toBe(200);
      expect(await changedNotices()).toHaveLength(index + 1);
    }
    const notices = await changedNotices();
    expect(notices).toHaveLength(3);
    expect(notices[0]!.message).toContain('O organizador alterou o jogo Novo nome');
    // Without `state` an edit keeps the publication as it was.
    const { state: _state, ...noState } = payload({
      name: 'Novo nome',
      dateTime: at(4 * DAY_MS).toISOString(),
      location: 'Outro ginásio',
      price: 30,
    });
    expect((await api('PUT', `/user-games/${game.id}`, headers, noState)).json().game.publicationState).toBe('published');
    expect((await gameRow(game.id)).priceCents).toBe(3000);
    expect((await api('PUT', `/user-games/${game.id}`, headers, payload({ price: -1 }))).json().message).toBe(
      'O preço não pode ser negativo.',
    );
  });

  it('keeps a past date on a finished game but refuses moving a game into the past', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const past = await createGame(db(), {
      creatorId: user.id,
      dateTime: at(-DAY_MS),
      sportId: ref.volei,
      stateId: ref.santaCatarina,
      cityId: ref.florianopolis,
    });
    const kept = { dateTime: past.dateTime.toISOString(), price: past.priceCents / 100 };
    const keep = await api('PUT', `/user-games/${past.id}`, headers, payload({ ...kept, name: 'Corrigido' }));
    expect(keep.statusCode).toBe(200);
    const future = await createViaApi(headers);
    const move = await api('PUT', `/user-games/${future.id}`, headers, payload({ dateTime: at(-DAY_MS).toISOString() }));
    expect(move.json().message).toBe('A data e hora do jogo devem ser no futuro');
  });

  it('never drops slots below the players holding one; more slots go to the line at once', async () => {
    const { headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers, { totalSlots: 2, price: 10 });
    await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed' });
    await createRegistration(db(), {
      gameId: game.id,
      userId: (await createUser(db())).id,
      status: 'pending',
      paymentType: null,
      paymentDeadline: at(HOUR_MS),
    });
    const funded = await createUser(db());
    await addCredits(db(), funded.id, 1000);
    const broke = await createUser(db());
    const third = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: funded.id, status: 'waitlist', joinedAt: at(-3 * HOUR_MS) });
    await createRegistration(db(), { gameId: game.id, userId: broke.id, status: 'waitlist', joinedAt: at(-2 * HOUR_MS) });
    await createRegistration(db(), { gameId: game.id, userId: third.id, status: 'waitlist', joinedAt: at(-HOUR_MS) });

    const down = await api('PUT', `/user-games/${game.id}`, headers, payload({ totalSlots: 1, price: 10 }));
    expect(down.statusCode).toBe(400);
    expect(down.json()).toEqual({
      code: 'slots_below_occupied',
      message: 'Não é possível reduzir as vagas para menos de 2: esse é o número de inscrições confirmadas ou aguardando pagamento.',
      fields: {
        totalSlots: 'Não é possível reduzir as vagas para menos de 2: esse é o número de inscrições confirmadas ou aguardando pagamento.',
      },
    });
    expect((await gameRow(game.id)).totalSlots).toBe(2);

    const up = await api('PUT', `/user-games/${game.id}`, headers, payload({ totalSlots: 4, price: 10 }));
    expect(up.statusCode).toBe(200);
    const regs = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
    const statusOf = (userId: number) => regs.find((r) => r.userId === userId)!.status;
    expect(statusOf(funded.id)).toBe('confirmed');
    expect(statusOf(broke.id)).toBe('pending');
    expect(statusOf(third.id)).toBe('waitlist');
    expect(up.json().game).toMatchObject({ totalSlots: 4, registeredPlayers: 4, availableSlots: 0, waitlistCount: 1 });
    expect((await db().select().from(users).where(eq(users.id, funded.id)))[0]!.balanceCents).toBe(0);
    await expectLedgerBalanced(db());
  });

  it('keeps the payment mode once someone registered', async () => {
    const { headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers);
    expect((await api('PUT', `/user-games/${game.id}`, headers, payload({ usePlatformPayment: false }))).statusCode).toBe(200);
    await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed' });
    const res = await api('PUT', `/user-games/${game.id}`, headers, payload({ usePlatformPayment: true }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Não é possível mudar a forma de pagamento de um jogo que já tem inscrições.');
  });
});

describe('publish, unpublish, regenerate-link', () => {
  it('moves a game between draft and published, and a draft leaves the public list', async () => {
    const { headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers, { state: 'draft', name: 'Vai e volta' });
    const inList = async () => (await api('GET', '/games')).json().some((g: { id: number }) => g.id === game.id);
    expect(await inList()).toBe(false);
    const published = await api('POST', `/user-games/${game.id}/publish`, headers);
    expect(published.json()).toMatchObject({ message: 'Jogo publicado com sucesso!', game: { publicationState: 'published' } });
    expect(await inList()).toBe(true);
    expect((await api('POST', `/user-games/${game.id}/publish`, headers)).json()).toMatchObject({ message: 'O jogo já está publicado.' });
    const unpublished = await api('POST', `/user-games/${game.id}/unpublish`, headers);
    expect(unpublished.json()).toMatchObject({ message: 'Jogo despublicado com sucesso!', game: { publicationState: 'draft' } });
    expect(await inList()).toBe(false);
    expect((await api('POST', `/user-games/${game.id}/unpublish`, headers)).json()).toMatchObject({
      message: 'O jogo já está como rascunho.',
    });
  });

  it('publishes a draft only if it still passes the rules, and gives free slots to the line', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const stale = await createGame(db(), {
      creatorId: user.id,
      state: 'draft',
      dateTime: at(-HOUR_MS),
      sportId: ref.volei,
      stateId: ref.santaCatarina,
      cityId: ref.florianopolis,
    });
    expect((await api('POST', `/user-games/${stale.id}/publish`, headers)).json().message).toBe(
      'A data e hora do jogo devem ser no futuro',
    );
    const noPlace = await createGame(db(), { creatorId: user.id, state: 'draft' });
    const res = await api('POST', `/user-games/${noPlace.id}/publish`, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Para jogos públicos, preencha: Esporte, Estado, Cidade');
    expect((await gameRow(noPlace.id)).state).toBe('draft');

    const lined = await createGame(db(), {
      creatorId: user.id,
      state: 'draft',
      usePlatformPayment: false,
      totalSlots: 2,
      visibility: 'private',
    });
    const waiting = await createUser(db());
    await createRegistration(db(), { gameId: lined.id, userId: waiting.id, status: 'waitlist' });
    expect((await api('POST', `/user-games/${lined.id}/publish`, headers)).statusCode).toBe(200);
    const [reg] = await db().select().from(registrations).where(eq(registrations.gameId, lined.id));
    expect(reg!.status).toBe('confirmed');
  });

  it('regenerates the private link: the old one is dead at once', async () => {
    const { headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers, { visibility: 'private' });
    expect((await api('GET', `/games/private/${game.privateLink}`)).statusCode).toBe(200);
    const res = await api('POST', `/user-games/${game.id}/regenerate-link`, headers);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().game.privateLink as string;
    expect(res.json().message).toBe('Link regenerado com sucesso! O link anterior não funciona mais.');
    expect(fresh).not.toBe(game.privateLink);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await api('GET', `/games/private/${game.privateLink}`)).statusCode).toBe(404);
    expect((await api('GET', `/games/private/${fresh}`)).json()).toMatchObject({ id: game.id, privateLink: fresh });
    expect((await api('GET', '/games/private/nao-existe')).statusCode).toBe(404);
  });

  it('a regenerated link ends access for whoever only opened the old one; e-mail invitees and players keep theirs', async () => {
    const { headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers, { visibility: 'private', usePlatformPayment: false, price: 0 });
    const [onlyLink, invited, player] = [await createSignedInUser(t.app), await createSignedInUser(t.app), await createSignedInUser(t.app)];
    for (const person of [onlyLink, invited, player])
      expect((await api('GET', `/games/private/${game.privateLink}`, person.headers)).statusCode).toBe(200);
    const invitedByEmail = await api('POST', `/user-games/${game.id}/invitations`, headers, { emails: [invited.user.email] });
    expect(invitedByEmail.statusCode, invitedByEmail.body).toBe(200);
    const applied = await api('POST', `/games/${game.id}/apply`, player.headers, { privateLink: game.privateLink });
    expect(applied.statusCode, applied.body).toBe(200);
    const sees = async (person: { headers: Headers }) => [
      (await api('GET', `/games/${game.id}`, person.headers)).statusCode,
      (await api('GET', `/games/${game.id}/calendar.ics`, person.headers)).statusCode,
      (await api('GET', '/invitations', person.headers)).json().some((i: { game: { id: number } }) => i.game.id === game.id),
    ];
    expect(await sees(onlyLink)).toEqual([200, 200, true]);

    const fresh = (await api('POST', `/user-games/${game.id}/regenerate-link`, headers)).json().game.privateLink as string;
    expect(await sees(onlyLink)).toEqual([404, 404, false]);
    expect((await api('GET', `/games/${game.id}`, invited.headers)).json()).toMatchObject({ id: game.id, privateLink: fresh });
    expect((await sees(invited)).slice(0, 2)).toEqual([200, 200]);
    expect((await sees(player)).slice(0, 2)).toEqual([200, 200]);
    // The new link opens it again, as it would for anyone given it.
    expect((await api('GET', `/games/private/${fresh}`, onlyLink.headers)).statusCode).toBe(200);
    expect(await sees(onlyLink)).toEqual([200, 200, true]);
  });

  it('freezes a cancelled game: edit, publish, unpublish, regenerate, invite and cancel are 409', async () => {
    const { headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers);
    expect((await api('POST', `/user-games/${game.id}/cancel`, headers, { reason: 'Quadra interditada' })).statusCode).toBe(200);
    const before = await gameRow(game.id);
    const attempts = [
      ['PUT', `/user-games/${game.id}`, payload({ name: 'Ressuscitado' }), 'Este jogo foi cancelado e não pode mais ser alterado.'],
      ['POST', `/user-games/${game.id}/publish`, undefined, 'Este jogo foi cancelado e não pode mais ser alterado.'],
      ['POST', `/user-games/${game.id}/unpublish`, undefined, 'Este jogo foi cancelado e não pode mais ser alterado.'],
      ['POST', `/user-games/${game.id}/regenerate-link`, undefined, 'Este jogo foi cancelado e não pode mais ser alterado.'],
      ['POST', `/user-games/${game.id}/invitations`, { emails: ['a@b.com'] }, 'Este jogo foi cancelado e não pode mais ser alterado.'],
      ['POST', `/user-games/${game.id}/cancel`, { reason: 'De novo' }, 'Este jogo já foi cancelado.'],
    ] as const;
    for (const [method, url, body, message] of attempts) {
      const res = await api(method, url, headers, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect(await gameRow(game.id)).toEqual(before);
  });
});

describe('unpublishing or making private a game with players', () => {
  async function gameWithPlayers(headers: Headers) {
    const game = await createViaApi(headers, { price: 10, totalSlots: 2 });
    const creditPlayer = await createSignedInUser(t.app);
    await addCredits(db(), creditPlayer.user.id, 1000);
    expect((await api('POST', `/games/${game.id}/apply`, creditPlayer.headers, { paymentType: 'credit' })).json().registrationType).toBe(
      'confirmed',
    );
    const card = await createUser(db());
    const cardReg = await createRegistration(db(), {
      gameId: game.id,
      userId: card.id,
      status: 'confirmed',
      paymentType: 'stripe',
      paidCents: 1000,
    });
    const waiting = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: waiting.id, status: 'waitlist' });
    return { game, creditPlayer, card, cardReg, waiting };
  }
  const liveOf = async (gameId: number) =>
    (
      await db()
        .select()
        .from(registrations)
        .where(and(eq(registrations.gameId, gameId), ne(registrations.status, 'cancelled')))
    )
      .map((r) => r.userId)
      .sort();

  it('unpublishing asks the organiser to confirm, then cancels every player with a full refund and tells them', async () => {
    const { headers } = await createSignedInUser(t.app);
    const { game, creditPlayer, card, cardReg, waiting } = await gameWithPlayers(headers);

    for (const body of [undefined, {}, { confirm: false }]) {
      const asked = await api('POST', `/user-games/${game.id}/unpublish`, headers, body);
      expect(asked.statusCode).toBe(409);
      expect(asked.json()).toEqual({
        code: 'confirmation_required',
        message:
          'Despublicar este jogo cancela a inscrição de 3 jogadores, com reembolso integral do que pagaram. Confirme para continuar.',
        fields: {
          confirm:
            'Despublicar este jogo cancela a inscrição de 3 jogadores, com reembolso integral do que pagaram. Confirme para continuar.',
        },
      });
    }
    expect((await gameRow(game.id)).state).toBe('published');
    expect(await liveOf(game.id)).toHaveLength(3);

    const res = await api('POST', `/user-games/${game.id}/unpublish`, headers, { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      // Three registrations ended, two refunds: the player in line had paid nothing.
      message: 'Jogo despublicado. 3 inscrições canceladas, 2 reembolsos integrais a quem pagou; os jogadores foram avisados.',
      game: { publicationState: 'draft', registeredPlayers: 0, waitlistCount: 0 },
    });
    expect(await liveOf(game.id)).toEqual([]);
    expect((await db().select().from(users).where(eq(users.id, creditPlayer.user.id)))[0]!.balanceCents).toBe(1000);
    const [request] = await db().select().from(cancellationRequests).where(eq(cancellationRequests.registrationId, cardReg.id));
    expect(request).toMatchObject({ userId: card.id, amountCents: 1000, paymentType: 'stripe' });
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.gameId, game.id), eq(notifications.type, 'registration_cancelled')));
    expect(notes.map((n) => n.userId).sort()).toEqual([creditPlayer.user.id, card.id, waiting.id].sort());
    expect(notes.find((n) => n.userId === creditPlayer.user.id)!.message).toMatch(
      /^O organizador despublicou o jogo Vôlei de sábado \(.+\) e cancelou sua inscrição\. R\$ 10,00 voltaram para os seus créditos\.$/,
    );
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, [creditPlayer.user.email, card.email, waiting.email]));
    expect(mails).toHaveLength(3);
    expect(mails.every((m) => /^Inscrição cancelada: Vôlei de sábado \(\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\)$/.test(m.subject))).toBe(true);
    await expectLedgerBalanced(db());
  });

  it('making a game private asks to confirm, then cancels only the players who were not invited', async () => {
    const { headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers, { price: 10 });
    const guest = await createSignedInUser(t.app);
    await addCredits(db(), guest.user.id, 1000);
    await db().insert(invitations).values({ gameId: game.id, userId: guest.user.id, email: guest.user.email });
    const stranger = await createSignedInUser(t.app);
    await addCredits(db(), stranger.user.id, 1000);
    for (const player of [guest, stranger]) {
      expect((await api('POST', `/games/${game.id}/apply`, player.headers, { paymentType: 'credit' })).statusCode).toBe(200);
    }

    const asked = await api('PUT', `/user-games/${game.id}`, headers, payload({ visibility: 'private', name: 'Vôlei fechado' }));
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(
      'Tornar este jogo privado cancela a inscrição de 1 jogador que não foi convidado, com reembolso integral do que pagou. Confirme para continuar.',
    );
    expect(await gameRow(game.id)).toMatchObject({ visibility: 'public', name: 'Vôlei de sábado' });

    const res = await api('PUT', `/user-games/${game.id}`, headers, {
      ...payload({ visibility: 'private', name: 'Vôlei fechado' }),
      confirm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().game).toMatchObject({ visibility: 'private', name: 'Vôlei fechado', registeredPlayers: 1 });
    expect(await liveOf(game.id)).toEqual([guest.user.id]);
    expect((await db().select().from(users).where(eq(users.id, stranger.user.id)))[0]!.balanceCents).toBe(1000);
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, stranger.user.id), eq(notifications.type, 'registration_cancelled')));
    expect(note!.message).toContain('tornou o jogo Vôlei de sábado');
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.to, stranger.user.email))).toHaveLength(1);
    // Already private: a later edit asks nothing.
    expect(
      (await api('PUT', `/user-games/${game.id}`, headers, payload({ visibility: 'private', name: 'Vôlei fechado' }))).statusCode,
    ).toBe(200);
    await expectLedgerBalanced(db());
  });
  it('saving a published game as a draft from the edit form asks too, then cancels the players as an unpublish does', async () => {
    const { headers } = await createSignedInUser(t.app);
    const { game, creditPlayer } = await gameWithPlayers(headers);

    const asked = await api('PUT', `/user-games/${game.id}`, headers, payload({ state: 'draft', price: 10, totalSlots: 2 }));
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'confirmation_required',
      message: 'Despublicar este jogo cancela a inscrição de 3 jogadores, com reembolso integral do que pagaram. Confirme para continuar.',
    });
    expect((await gameRow(game.id)).state).toBe('published');
    expect(await liveOf(game.id)).toHaveLength(3);

    const res = await api('PUT', `/user-games/${game.id}`, headers, {
      ...payload({ state: 'draft', price: 10, totalSlots: 2 }),
      confirm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Jogo atualizado. 3 inscrições canceladas, 2 reembolsos integrais a quem pagou; os jogadores foram avisados.',
      game: { publicationState: 'draft', registeredPlayers: 0 },
    });
    expect(await liveOf(game.id)).toEqual([]);
    expect((await db().select().from(users).where(eq(users.id, creditPlayer.user.id)))[0]!.balanceCents).toBe(1000);
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creditPlayer.user.id), eq(notifications.type, 'registration_cancelled')));
    expect(note!.message).toContain('despublicou o jogo');
    await expectLedgerBalanced(db());
  });
});

describe('POST /user-games/{id}/cancel', () => {
  it('needs a reason', async () => {
    const { headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers);
    for (const body of [{ reason: '   ' }, {}, { reason: null }]) {
      const res = await api('POST', `/user-games/${game.id}/cancel`, headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Informe o motivo do cancelamento.');
    }
    expect((await gameRow(game.id)).status).toBe('active');
  });

  it('cancels every registration with a full refund, clears the line and tells everyone why', async () => {
    const { headers } = await createSignedInUser(t.app);
    // Less than 48 hours ahead: a player cancelling now would get nothing back; the organiser refunds in full.
    const game = await createViaApi(headers, { price: 10, totalSlots: 5, dateTime: at(20 * HOUR_MS).toISOString() });
    const creditPlayer = await createSignedInUser(t.app);
    await addCredits(db(), creditPlayer.user.id, 1000);
    expect((await api('POST', `/games/${game.id}/apply`, creditPlayer.headers, { paymentType: 'credit' })).json().registrationType).toBe(
      'confirmed',
    );
    const card = await createUser(db());
    const cardReg = await createRegistration(db(), {
      gameId: game.id,
      userId: card.id,
      status: 'confirmed',
      paymentType: 'stripe',
      paidCents: 1000,
    });
    const pix = await createUser(db());
    const pixReg = await createRegistration(db(), {
      gameId: game.id,
      userId: pix.id,
      status: 'confirmed',
      paymentType: 'mercadopago',
      paidCents: 1000,
    });
    const outside = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: outside.id, status: 'confirmed' });
    const pending = await createUser(db());
    await createRegistration(db(), {
      gameId: game.id,
      userId: pending.id,
      status: 'pending',
      paymentType: null,
      paymentDeadline: at(HOUR_MS),
    });
    const waiting = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: waiting.id, status: 'waitlist' });

    const res = await api('POST', `/user-games/${game.id}/cancel`, headers, { reason: '  Chuva forte  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message:
        'Jogo cancelado. Todos os inscritos foram avisados. R$ 10,00 voltaram aos créditos dos jogadores. ' +
        'R$ 20,00 em reembolsos de cartão/PIX não foram concluídos pelo provedor e aguardam a administração.',
      game: { status: 'cancelled', cancelReason: 'Chuva forte', registeredPlayers: 0, waitlistCount: 0 },
      // Card and PIX here have no provider payment on record: the provider cannot refund them, the admin will.
      refunds: {
        registrationsCancelled: 5,
        waitlistCleared: 1,
        creditsRefunded: 10,
        refundedToOriginal: 0,
        refundRequests: 2,
        requestedAmount: 20,
      },
    });
    const regs = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
    expect(regs.every((r) => r.status === 'cancelled' && r.cancelledAt !== null)).toBe(true);
    expect((await db().select().from(users).where(eq(users.id, creditPlayer.user.id)))[0]!.balanceCents).toBe(1000);
    const requests = await db()
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.gameId, game.id))
      .orderBy(asc(cancellationRequests.registrationId));
    expect(requests).toMatchObject([
      {
        registrationId: cardReg.id,
        userId: card.id,
        amountCents: 1000,
        paymentType: 'stripe',
        status: 'pending',
        reason: 'Jogo cancelado pelo organizador: Chuva forte',
      },
      { registrationId: pixReg.id, userId: pix.id, amountCents: 1000, paymentType: 'mercadopago', status: 'pending' },
    ]);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.gameId, game.id), eq(notifications.type, 'game_cancelled')));
    expect(notes).toHaveLength(6);
    expect(notes.every((n) => n.message.includes('Motivo: “Chuva forte”'))).toBe(true);
    expect(notes.find((n) => n.userId === creditPlayer.user.id)!.message).toContain('R$ 10,00 voltaram para os seus créditos.');
    expect(notes.find((n) => n.userId === card.id)!.message).toContain(
      'O reembolso de R$ 10,00 na forma de pagamento original já foi pedido',
    );
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, [card.email, waiting.email, outside.email]));
    expect(mails).toHaveLength(3);
    expect(mails.every((m) => m.subject.startsWith('Jogo cancelado:') && m.text.includes('Chuva forte'))).toBe(true);
    // The game is gone from every list and its link no longer opens it for a visitor.
    expect((await api('GET', '/games')).json().some((g: { id: number }) => g.id === game.id)).toBe(false);
    expect((await api('GET', `/games/private/${game.privateLink}`)).statusCode).toBe(404);
    await expectLedgerBalanced(db());
    const refundsPosted = await db()
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.type, 'refund'), eq(creditTransactions.userId, creditPlayer.user.id)));
    expect(refundsPosted).toHaveLength(1);
  });
});

describe('private games', () => {
  it('never appear in GET /games; opening the link records an invitation for a signed-in visitor', async () => {
    const { user: organiser, headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers, { visibility: 'private', sportId: null, stateId: null, cityId: null });
    expect((await api('GET', '/games')).json().some((g: { id: number }) => g.id === game.id)).toBe(false);

    expect((await api('GET', `/games/private/${game.privateLink}`)).statusCode).toBe(200);
    const guest = await createSignedInUser(t.app);
    expect((await api('GET', `/games/private/${game.privateLink}`, guest.headers)).statusCode).toBe(200);
    expect((await api('GET', `/games/private/${game.privateLink}`, guest.headers)).statusCode).toBe(200);
    await api('GET', `/games/private/${game.privateLink}`, headers);
    const rows = await db().select().from(invitations).where(eq(invitations.gameId, game.id));
    expect(rows.map((r) => r.userId)).toEqual([guest.user.id]);
    expect(rows.some((r) => r.userId === organiser.id)).toBe(false);
    const listed = (await api('GET', '/invitations', guest.headers)).json();
    expect(listed.map((i: { game: { id: number } }) => i.game.id)).toEqual([game.id]);
  });

  it('rate limits private links per address', async () => {
    const limited = await createTestApp({ env: { RATE_LIMITS: 'on' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: `/api/games/private/tentativa-${i}`, remoteAddress: '10.1.2.3' })).statusCode,
        );
      }
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
      expect(statuses[60]).toBe(429);
      const other = await limited.app.inject({ method: 'GET', url: '/api/games/private/outro', remoteAddress: '10.1.2.4' });
      expect(other.statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /user-games/{id}/invitations', () => {
  it('invites accounts and new e-mails; an invited e-mail gets its invitation on sign-up', async () => {
    const { user: organiser, headers } = await createSignedInUser(t.app, { name: 'Organizadora' });
    const game = await createViaApi(headers, { visibility: 'private', name: 'Jogo fechado' });
    const member = await createUser(db(), { email: 'membro.convidado@exemplo.com.br' });
    const res = await api('POST', `/user-games/${game.id}/invitations`, headers, {
      emails: [' Membro.Convidado@Exemplo.com.br', 'novata.convidada@exemplo.com.br', 'NOVATA.convidada@exemplo.com.br ', organiser.email],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: '2 convites enviados.',
      invited: ['membro.convidado@exemplo.com.br', 'novata.convidada@exemplo.com.br'],
      alreadyInvited: [organiser.email],
    });
    const rows = await db().select().from(invitations).where(eq(invitations.gameId, game.id)).orderBy(asc(invitations.id));
    expect(rows.map((r) => [r.email, r.userId])).toEqual([
      ['membro.convidado@exemplo.com.br', member.id],
      ['novata.convidada@exemplo.com.br', null],
    ]);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.type, 'invitation_received')));
    expect(notice!.message).toContain('Você foi convidado para o jogo Jogo fechado');
    const link = `http://bora.test/games/private/${game.privateLink}`;
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, ['membro.convidado@exemplo.com.br', 'novata.convidada@exemplo.com.br']));
    expect(mails).toHaveLength(2);
    expect(
      mails.every(
        (m) =>
          m.subject === 'Convite para o jogo Jogo fechado' &&
          m.text.includes(link) &&
          m.html.includes(link) &&
          m.text.includes('Organizadora'),
      ),
    ).toBe(true);

    // Asked again: nobody is e-mailed twice.
    const again = await api('POST', `/user-games/${game.id}/invitations`, headers, {
      emails: ['novata.convidada@exemplo.com.br', 'membro.convidado@exemplo.com.br'],
    });
    expect(again.json()).toMatchObject({ message: 'Nenhum convite novo: todos já tinham sido convidados.', invited: [] });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.to, 'novata.convidada@exemplo.com.br'))).toHaveLength(1);

    // The newcomer signs up: the invitation becomes theirs and shows up in their invitations.
    const signup = await api('POST', '/auth/register', undefined, {
      name: 'Novata',
      email: 'Novata.Convidada@exemplo.com.br',
      password: 'senha-forte-123',
    });
    expect(signup.statusCode).toBe(201);
    const [account] = await db().select().from(users).where(eq(users.email, 'novata.convidada@exemplo.com.br'));
    const after = await db().select().from(invitations).where(eq(invitations.gameId, game.id));
    expect(after.find((r) => r.email === 'novata.convidada@exemplo.com.br')!.userId).toBe(account!.id);
    expect(after).toHaveLength(2);
    const mine = await api('GET', '/invitations', { authorization: `Bearer ${signup.json().token}` });
    expect(mine.json().map((i: { game: { id: number } }) => i.game.id)).toEqual([game.id]);
    const welcome = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, account!.id), eq(notifications.type, 'invitation_received')));
    expect(welcome).toHaveLength(1);
  });

  it('checks the e-mails and the game', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const game = await createViaApi(headers);
    const bad = await api('POST', `/user-games/${game.id}/invitations`, headers, { emails: ['ok@exemplo.com', 'não é e-mail'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('E-mail inválido: não é e-mail');
    expect((await api('POST', `/user-games/${game.id}/invitations`, headers, { emails: [] })).json().message).toBe(
      'Informe pelo menos um e-mail.',
    );
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@exemplo.com`);
    expect((await api('POST', `/user-games/${game.id}/invitations`, headers, { emails: many })).json().message).toBe(
      'Envie no máximo 50 convites por vez.',
    );
    expect((await api('POST', `/user-games/${game.id}/invitations`, headers, { emails: many.slice(0, 50) })).json().invited).toHaveLength(
      50,
    );
    const draft = await createViaApi(headers, { state: 'draft' });
    const res = await api('POST', `/user-games/${draft.id}/invitations`, headers, { emails: ['a@exemplo.com'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Publique o jogo antes de enviar convites.');
    const past = await createGame(db(), { creatorId: user.id, dateTime: at(-HOUR_MS) });
    expect((await api('POST', `/user-games/${past.id}/invitations`, headers, { emails: ['a@exemplo.com'] })).json().message).toBe(
      'Este jogo já aconteceu.',
    );
  });
});

describe('permissions', () => {
  it("another organiser gets 404 on every route of someone else's game, and nothing changes", async () => {
    const a = await createSignedInUser(t.app);
    const b = await createSignedInUser(t.app);
    const game = await createViaApi(a.headers, { visibility: 'private' });
    const player = await createUser(db());
    await createRegistration(db(), { gameId: game.id, userId: player.id, status: 'confirmed', paymentType: 'stripe', paidCents: 2550 });
    const before = await gameRow(game.id);
    const regsBefore = await db().select().from(registrations).where(eq(registrations.gameId, game.id));

    const routes = [
      ['GET', `/user-games/${game.id}`, undefined],
      ['PUT', `/user-games/${game.id}`, payload({ name: 'Tomado' })],
      ['POST', `/user-games/${game.id}/publish`, undefined],
      ['POST', `/user-games/${game.id}/unpublish`, undefined],
      ['POST', `/user-games/${game.id}/cancel`, { reason: 'Porque sim' }],
      ['POST', `/user-games/${game.id}/regenerate-link`, undefined],
      ['POST', `/user-games/${game.id}/invitations`, { emails: ['x@exemplo.com'] }],
    ] as const;
    for (const [method, url, body] of routes) {
      const res = await api(method, url, b.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'game_not_found', message: 'Jogo não encontrado.' });
      expect((await api(method, url, undefined, body)).statusCode, `${method} ${url} sem login`).toBe(401);
    }
    // An id that does not exist looks exactly the same.
    expect((await api('GET', '/user-games/999999', b.headers)).json()).toEqual({ code: 'game_not_found', message: 'Jogo não encontrado.' });
    expect((await api('GET', '/user-games', b.headers)).json()).toEqual([]);

    expect(await gameRow(game.id)).toEqual(before);
    expect(await db().select().from(registrations).where(eq(registrations.gameId, game.id))).toEqual(regsBefore);
    expect(await db().select().from(invitations).where(eq(invitations.gameId, game.id))).toEqual([]);
    expect(await db().select().from(cancellationRequests).where(eq(cancellationRequests.gameId, game.id))).toEqual([]);
  });
});
