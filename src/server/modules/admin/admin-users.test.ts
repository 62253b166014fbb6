import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardPaidRegistration, signedInCast } from '../../../../test-support/server/admin';
import { addCredits, createGame, createRegistration, createUser } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { creditTransactions, notifications, payments, users } from '../../db/schema';

const t = setUpTestApp();
let cast: Awaited<ReturnType<typeof signedInCast>>;
beforeAll(async () => {
  cast = await signedInCast(t.app);
});

const db = () => t.app.ctx.db;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: cast.admin.headers });
const postCredits = (userId: number, payload: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/credits`, headers: { ...cast.admin.headers, ...extra }, payload });
const balanceOf = async (userId: number) => (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b;

describe('GET /api/admin/dashboard', () => {
  it('counts users, live games, upcoming games and revenue (platform-paid confirmed × price), with the 5 newest games', async () => {
    const before = (await get('/api/admin/dashboard')).json();
    const newUsers = [await createUser(db()), await createUser(db()), await createUser(db())];
    const creatorId = cast.organiser.user.id;
    for (let i = 0; i < 4; i += 1) await createGame(db(), { creatorId, state: 'draft' });
    const future = await createGame(db(), { creatorId, priceCents: 2500 });
    const past = await createGame(db(), { creatorId, priceCents: 1000, dateTime: new Date('2026-11-01T22:00:00Z') });
    const cancelled = await createGame(db(), { creatorId, priceCents: 9900, status: 'cancelled' });
    await createRegistration(db(), { gameId: future.id, userId: newUsers[0]!.id, status: 'confirmed', paymentType: 'stripe' });
    await createRegistration(db(), { gameId: future.id, userId: newUsers[1]!.id, status: 'confirmed', paymentType: 'credit' });
    await createRegistration(db(), { gameId: future.id, userId: newUsers[2]!.id, status: 'pending' });
    await createRegistration(db(), { gameId: past.id, userId: newUsers[0]!.id, status: 'confirmed', paymentType: 'mercadopago' });
    await createRegistration(db(), { gameId: past.id, userId: newUsers[1]!.id, status: 'confirmed', paymentType: 'external' });
    await createRegistration(db(), { gameId: cancelled.id, userId: newUsers[1]!.id, status: 'confirmed', paymentType: 'stripe' });

    const res = await get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.totalUsers - before.totalUsers).toBe(3);
    expect(after.totalGames - before.totalGames).toBe(6);
    expect(after.upcomingGames - before.upcomingGames).toBe(5);
    // 2 confirmed × R$ 25 + 1 × R$ 10; the pending slot, the place paid outside the platform and the cancelled game do not count.
    expect(Math.round((after.totalRevenue - before.totalRevenue) * 100)).toBe(6000);
    expect(after.recentGames).toHaveLength(5);
    expect(after.recentGames.slice(0, 2).map((g: { id: number }) => g.id)).toEqual([past.id, future.id]);
    expect(after.recentGames.map((g: { id: number }) => g.id)).not.toContain(cancelled.id);
  });

  it('documents the revenue definition in the OpenAPI schema', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schema = spec.paths['/api/admin/dashboard'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.totalRevenue.description).toMatch(/confirmadas pagas pela plataforma × preço/);
  });
});

describe('GET /api/admin/users', () => {
  it('pages by 10 with the total and searches name or e-mail ignoring case', async () => {
    const tag = `zeta${Date.now()}`;
    for (let i = 0; i < 11; i += 1) await createUser(db(), { name: `Pessoa ${tag.toUpperCase()} ${i}` });
    await createUser(db(), { name: 'Outra pessoa', email: `${tag}@exemplo.com.br` });
    const first = (await get(`/api/admin/users?search=${tag}&page=1`)).json();
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10, totalPages: 2 });
    expect(first.users).toHaveLength(10);
    const second = (await get(`/api/admin/users?search=${tag.toUpperCase()}&page=2`)).json();
    expect(second.users).toHaveLength(2);
    expect(new Set([...first.users, ...second.users].map((u: { id: number }) => u.id)).size).toBe(12);
    expect(first.users[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      email: expect.any(String),
      phone: '48991234567',
      role: 'player',
      credits: 0,
      createdAt: expect.any(String),
      deleted: false,
    });
    // LIKE wildcards typed in the search are literal.
    expect((await get('/api/admin/users?search=%25%25%25')).json().total).toBe(0);
    // Name and e-mail are searched each on its own: the end of one and the start of the other together match nothing.
    const joined = await createUser(db(), { name: `Fim ${tag}`, email: `comeco-${tag}@exemplo.com.br` });
    expect((await get(`/api/admin/users?search=${tag}%0Acomeco`)).json().total).toBe(0);
    expect((await get(`/api/admin/users?search=comeco-${tag}`)).json().users.map((u: { id: number }) => u.id)).toEqual([joined.id]);
  });

  it('without a search, pages every account newest first with the count of all accounts, as a full count and sort give', async () => {
    for (let i = 0; i < 12; i += 1) await createUser(db());
    const all = await db().select({ id: users.id }).from(users).orderBy(desc(users.createdAt), desc(users.id));
    const first = (await get('/api/admin/users')).json();
    expect(first).toMatchObject({ total: all.length, page: 1, pageSize: 10, totalPages: Math.ceil(all.length / 10) });
    const pages = [first];
    for (let page = 2; page <= first.totalPages; page += 1) pages.push((await get(`/api/admin/users?page=${page}`)).json());
    expect(pages.flatMap((reply) => reply.users.map((u: { id: number }) => u.id))).toEqual(all.map((row) => row.id));
    expect((await get(`/api/admin/users?page=${first.totalPages + 1}`)).json().users).toEqual([]);
  });

  it('counts a search up to 200 past the page asked for, says there are more, and its pages are still every match in order', async () => {
    const tag = `muitos${Date.now()}`;
    // 230 matches, some created in the same instant (the id breaks the tie).
    await db()
      .insert(users)
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          name: `Pessoa ${tag} ${i}`,
          email: `${tag}-${i}@exemplo.com.br`,
          createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000),
        })),
      );
    const expected = await db()
      .select({ id: users.id })
      .from(users)
      .where(ilike(users.name, `%${tag}%`))
      .orderBy(desc(users.createdAt), desc(users.id));
    expect(expected).toHaveLength(230);

    const first = (await get(`/api/admin/users?search=${tag}`)).json();
    expect(first).toMatchObject({ total: 200, moreThanTotal: true, page: 1, pageSize: 10, totalPages: 20 });
    const replies = [first];
    for (let page = 2; replies.at(-1)!.moreThanTotal || page <= replies.at(-1)!.totalPages; page += 1)
      replies.push((await get(`/api/admin/users?search=${tag}&page=${page}`)).json());
    expect(replies.flatMap((reply) => reply.users.map((u: { id: number }) => u.id))).toEqual(expected.map((row) => row.id));
    // From page 4 on, the 200 after the page reach the last match: the count is whole.
    expect(replies[3]).toMatchObject({ total: 230, moreThanTotal: false, totalPages: 23 });
    expect(replies.at(-1)).toMatchObject({ page: 23, total: 230, moreThanTotal: false });
    // Past the last page: no one, and still the whole count.
    expect((await get(`/api/admin/users?search=${tag}&page=30`)).json()).toMatchObject({ users: [], total: 230, moreThanTotal: false });
    // Without a search every account is counted.
    expect((await get('/api/admin/users')).json().moreThanTotal).toBe(false);
  });

  it('finds a part of a name or e-mail of three letters or fewer too, and accents as typed', async () => {
    const short = await createUser(db(), { name: 'Zé Xu', email: `xu-${Date.now()}@exemplo.com.br` });
    const found = (await get('/api/admin/users?search=xu')).json();
    expect(found.users.map((u: { id: number }) => u.id)).toContain(short.id);
    expect((await get('/api/admin/users?search=z%C3%A9%20x')).json().users.map((u: { id: number }) => u.id)).toEqual([short.id]);
  });

  it('finds by words and their edges exactly what a search of the text inside each name and e-mail finds', async () => {
    const tag = `bordas${Date.now()}`;
    const people = [
      ['Gabriela Rocha', `gabriela.rocha87@${tag}.com`],
      ['Mariagabriela Rochas', `mg@${tag}.com`],
      ['Ana Rocha-Silva 12', `ana+vôlei@${tag}.com.br`],
      ['Zé da Silva', `ze_silva@${tag}.org`],
      ['Fábio Ro', `fabio.ro@${tag}.net`],
      ['jogador202', `jogador202@${tag}.test`],
      ['Jogador 1202', `jogador1202@${tag}.test`],
    ];
    const made = [];
    for (const [name, email] of people) made.push(await createUser(db(), { name, email }));
    // A search is trimmed first: a space typed at either end is not part of it.
    const searches = [
      'gabriela rocha',
      'iela roc',
      'a r',
      'A ROCHA',
      'rocha-s',
      'o ro',
      '.ro',
      'io.',
      'jogador202@',
      'r202@',
      '202@',
      'da silva',
      'é da',
      'e_s',
      '.rocha87',
      '+vôlei@',
      'silva 1',
      'ana+',
      `@${tag}.org`,
      '- 12',
      'gabriela  rocha',
      'ro\ngabriela',
    ];
    for (const search of searches) {
      const text = search.toLowerCase();
      const expected = made.filter((u) => u.name.toLowerCase().includes(text) || u.email.toLowerCase().includes(text));
      const reply = (await get(`/api/admin/users?search=${encodeURIComponent(search)}`)).json();
      expect(reply.total, search).toBeLessThan(10);
      const found = reply.users.filter((u: { email: string }) => u.email.includes(tag)).map((u: { id: number }) => u.id);
      expect(found.sort(), search).toEqual(expected.map((u) => u.id).sort());
    }
  });

  it('answers one user, or 404', async () => {
    const res = await get(`/api/admin/users/${cast.player.user.id}`);
    expect(res.json()).toMatchObject({ id: cast.player.user.id, name: 'Jogador Paulo', credits: 0 });
    const missing = await get('/api/admin/users/999999');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Usuário não encontrado.']);
  });

  it('looks several users up at once, with the placeholder for an unknown id', async () => {
    const res = await get(`/api/admin/users/lookup?ids=${cast.player.user.id},999999,${cast.player.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: cast.player.user.id, found: true, name: 'Jogador Paulo', email: cast.player.user.email, phone: '48991234567', credits: 0 },
      { id: 999999, found: false, name: 'Usuário não encontrado', email: 'N/A', phone: null, credits: 0 },
    ]);
    for (const bad of ['', 'a,b', '0', '1,-2']) {
      const invalid = await get(`/api/admin/users/lookup?ids=${bad}`);
      expect([bad, invalid.statusCode]).toEqual([bad, 400]);
    }
  });
});

describe('POST /api/admin/users/:id/credits', () => {
  it('adds credits as an add_manual ledger row recording the admin, and notifies the user', async () => {
    const user = await createUser(db());
    const res = await postCredits(user.id, { amount: 25.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'R$ 25,50 adicionados aos créditos do usuário.',
      credits: 25.5,
      transaction: {
        id: expect.any(Number),
        created_at: expect.any(String),
        amount: 25.5,
        type: 'add_manual',
        description: 'Créditos adicionados pelo administrador',
        status: 'paid',
        source: 'admin',
        createdBy: { id: cast.admin.user.id, name: 'Admin Ana' },
      },
    });
    const rows = await db().select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 2550, type: 'add_manual', createdBy: cast.admin.user.id });
    expect(rows[0]!.reference).toMatch(/^admin-credit:[0-9a-f-]{36}$/);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'credits_added')));
    expect(notes.map((n) => n.message)).toEqual(['R$ 25,50 foram adicionados aos seus créditos.']);
    await expectLedgerBalanced(db());
  });

  it('makes every request its own ledger row, unless the client repeats an Idempotency-Key', async () => {
    const user = await createUser(db());
    await postCredits(user.id, { amount: 10 });
    await postCredits(user.id, { amount: 10 });
    expect(await balanceOf(user.id)).toBe(2000);

    const key = { 'idempotency-key': `retry-${user.id}` };
    const first = await postCredits(user.id, { amount: 7 }, key);
    const retry = await postCredits(user.id, { amount: 7 }, key);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json().transaction.id).toBe(first.json().transaction.id);
    expect(retry.json().credits).toBe(27);
    expect(await balanceOf(user.id)).toBe(2700);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'credits_added')));
    expect(notes).toHaveLength(3);

    const misuse = await postCredits(user.id, { amount: 8 }, key);
    expect([misuse.statusCode, misuse.json().message]).toEqual([409, 'Esta Idempotency-Key já foi usada em outra operação.']);
    const badKey = await postCredits(user.id, { amount: 8 }, { 'idempotency-key': 'com espaço' });
    expect(badKey.statusCode).toBe(400);
    expect(await balanceOf(user.id)).toBe(2700);
    await expectLedgerBalanced(db());
  });

  it('refuses amounts below R$ 0,01, above R$ 10.000, with 3 decimals or not a number, and unknown users', async () => {
    const user = await createUser(db());
    const cases: [unknown, string][] = [
      [0, 'O valor mínimo é R$ 0,01.'],
      [-5, 'O valor mínimo é R$ 0,01.'],
      [10000.01, 'O valor máximo por vez é R$ 10.000,00.'],
      [1.005, 'Use no máximo duas casas decimais.'],
      [0.1 + 0.2, 'Use no máximo duas casas decimais.'],
      ['10', 'O valor mínimo é R$ 0,01.'],
      ['NaN', 'O valor mínimo é R$ 0,01.'],
    ];
    for (const [amount, message] of cases) {
      const res = await postCredits(user.id, { amount });
      expect([amount, res.statusCode, res.json().message]).toEqual([amount, 400, message]);
    }
    // JSON reads 1e400 as Infinity.
    const infinite = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credits`,
      headers: { ...cast.admin.headers, 'content-type': 'application/json' },
      payload: '{"amount":1e400}',
    });
    expect([infinite.statusCode, infinite.json().message]).toEqual([400, 'O valor mínimo é R$ 0,01.']);
    expect(await balanceOf(user.id)).toBe(0);
    const small = await postCredits(user.id, { amount: 0.29 });
    expect([small.statusCode, small.json().message, small.json().credits]).toEqual([
      200,
      'R$ 0,29 adicionados aos créditos do usuário.',
      0.29,
    ]);
    expect(await balanceOf(user.id)).toBe(29);
    expect((await postCredits(user.id, {})).statusCode).toBe(400);
    expect((await postCredits(user.id, { amount: 10000 })).statusCode).toBe(200);
    const missing = await postCredits(999999, { amount: 1 });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Usuário não encontrado.']);
    await expectLedgerBalanced(db());
  });
});

describe('GET /api/admin/users/:id/payments', () => {
  it('lists every ledger row and the card/PIX payments, newest first', async () => {
    const user = await createUser(db());
    await addCredits(db(), user.id, 3000);
    await postCredits(user.id, { amount: 5 });
    const game = await createGame(db(), { priceCents: 1800 });
    await cardPaidRegistration(t.app, { gameId: game.id, userId: user.id, amountCents: 1800, method: 'pix' });

    const res = await get(`/api/admin/users/${user.id}/payments`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.creditTransactions.map((r: { amount: number; type: string }) => [r.type, r.amount])).toEqual([
      ['add_manual', 5],
      ['add_manual', 30],
    ]);
    expect(body.creditTransactions[0].createdBy).toEqual({ id: cast.admin.user.id, name: 'Admin Ana' });
    expect(body.creditTransactions[1]).toMatchObject({ status: 'paid', source: 'admin', createdBy: null, description: 'Crédito de teste' });
    expect(body.stripePayments).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.any(String),
        amount: 18,
        method: 'pix',
        provider: 'sandbox',
        status: 'paid',
        purpose: 'game',
        game: { id: game.id, name: game.name },
        description: `Inscrição no jogo ${game.name}`,
        refundedAmount: 0,
        paidAt: expect.any(String),
      },
    ]);
    expect(body).toMatchObject({ stripePaymentsTotal: 1, total: 2, page: 1, pageSize: 20, totalPages: 1 });
    expect((await get('/api/admin/users/999999/payments')).statusCode).toBe(404);
  });

  it('shows the latest 50 card/PIX payments of a user with many, and how many there are', async () => {
    const user = await createUser(db());
    await db()
      .execute(sql`insert into payments (public_id, user_id, purpose, method, provider, provider_session_id, amount_cents, status, created_at)
      select 'muitos-' || ${user.id} || '-' || i, ${user.id}, 'topup', 'card', 'sandbox', 'cs-muitos-' || ${user.id} || '-' || i, 1000 + i,
        'expired', timestamptz '2026-01-01 12:00:00+00' + (i / 2) * interval '1 hour'
      from generate_series(1, 55) i`);
    const expected = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.userId, user.id))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(50);
    const body = (await get(`/api/admin/users/${user.id}/payments`)).json();
    expect(body.stripePaymentsTotal).toBe(55);
    expect(body.stripePayments.map((p: { id: number }) => p.id)).toEqual(expected.map((row) => row.id));
  });

  it('pages the statement, 20 rows a page, newest first: the pages together are the whole ledger once, in order', async () => {
    const user = await createUser(db());
    for (let i = 1; i <= 45; i += 1) await addCredits(db(), user.id, i * 100);
    const ledger = await db()
      .select({ id: creditTransactions.id })
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id));
    expect(ledger).toHaveLength(45);

    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await get(`/api/admin/users/${user.id}/payments?page=${page}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 45, page, pageSize: 20, totalPages: 3 });
      pages.push(body.creditTransactions.map((row: { id: number }) => row.id));
    }
    expect(pages.map((ids) => ids.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(ledger.map((row) => row.id));

    const past = await get(`/api/admin/users/${user.id}/payments?page=4`);
    expect([past.statusCode, past.json().creditTransactions, past.json().total]).toEqual([200, [], 45]);
    for (const query of ['page=0', 'page=abc', 'page=1.5', 'cursor=10']) {
      const bad = await get(`/api/admin/users/${user.id}/payments?${query}`);
      expect([bad.statusCode, bad.json().code], query).toEqual([400, 'validation_failed']);
    }
  });
});
