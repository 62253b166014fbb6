import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pendingCancellation, signedInCast } from '../../../../test-support/server/admin';
import { createGame, createUser, HOUR_MS } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { cancellationRequests, creditTransactions, games, notifications, paymentRefunds, payments, users } from '../../db/schema';
import { PaymentProviderError } from '../../integrations/payments/provider';

const t = setUpTestApp();
let cast: Awaited<ReturnType<typeof signedInCast>>;
beforeAll(async () => {
  cast = await signedInCast(t.app);
});
afterEach(() => vi.restoreAllMocks());

const db = () => t.app.ctx.db;
const resolve = (id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/cancellations/${id}`, headers: cast.admin.headers, payload });
const balanceOf = async (userId: number) => (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b;
const refundsOf = (userId: number) =>
  db()
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.type, 'refund')));
const noticesOf = async (userId: number, type: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
  ).map((n) => n.message);

/** A request the player made `hoursBefore` the game (7 days by default: a refund the Terms promise). */
async function request(options: { amountCents?: number; method?: 'card' | 'pix'; withPaymentRow?: boolean; hoursBefore?: number } = {}) {
  const game = await createGame(db(), {
    name: `Vôlei ${Math.random().toString(36).slice(2, 7)}`,
    dateTime: new Date(TEST_NOW.getTime() + (options.hoursBefore ?? 7 * 24) * HOUR_MS),
  });
  const player = await createUser(db());
  const made = await pendingCancellation(t.app, {
    gameId: game.id,
    userId: player.id,
    amountCents: options.amountCents ?? 2500,
    ...options,
  });
  return { game, player, ...made };
}

describe('GET /api/admin/cancellations', () => {
  it('lists requests with game, user, reason, date, status, amount and payment method, filtered by status', async () => {
    const a = await request({ amountCents: 1500, method: 'pix' });
    const b = await request();
    await db()
      .update(cancellationRequests)
      .set({ status: 'rejected', resolution: 'Fora do prazo' })
      .where(eq(cancellationRequests.id, b.request.id));

    const pending = (
      await t.app.inject({ method: 'GET', url: '/api/admin/cancellations?status=pending', headers: cast.admin.headers })
    ).json();
    const mine = pending.cancellations.find((c: { id: number }) => c.id === a.request.id);
    expect(mine).toEqual({
      id: a.request.id,
      game: { id: a.game.id, name: a.game.name, dateTime: a.game.dateTime.toISOString(), timeZone: 'America/Sao_Paulo' },
      user: { id: a.player.id, name: a.player.name, email: a.player.email },
      reason: 'Cancelado pelo jogador',
      date: expect.any(String),
      status: 'pending',
      amount: 15,
      paymentType: 'mercadopago',
      paymentMethod: 'pix',
      refundedAs: null,
      rejectionReason: null,
      processedAt: null,
      processedBy: null,
      refundGuaranteed: true,
    });
    expect(pending.cancellations.every((c: { status: string }) => c.status === 'pending')).toBe(true);
    const rejected = (
      await t.app.inject({ method: 'GET', url: '/api/admin/cancellations?status=rejected', headers: cast.admin.headers })
    ).json();
    expect(rejected.cancellations.map((c: { id: number; rejectionReason: string }) => [c.id, c.rejectionReason])).toEqual([
      [b.request.id, 'Fora do prazo'],
    ]);
    const all = (await t.app.inject({ method: 'GET', url: '/api/admin/cancellations', headers: cast.admin.headers })).json();
    expect(all).toMatchObject({ total: pending.total + 1, page: 1, pageSize: 20 });
  });

  it('states the totals the requests add up to as they are made, decided and removed, and reads every page from either end as the list in order', async () => {
    const made = [];
    for (let i = 0; i < 30; i++) made.push(await request({ amountCents: 1000 + i }));
    await db()
      .update(cancellationRequests)
      .set({ status: 'rejected', resolution: 'Fora do prazo' })
      .where(
        inArray(
          cancellationRequests.id,
          made.slice(0, 4).map((m) => m.request.id),
        ),
      );
    expect((await resolve(made[4]!.request.id, { status: 'processed', refundAs: 'credits' })).statusCode).toBe(200);
    await db().delete(cancellationRequests).where(eq(cancellationRequests.id, made[5]!.request.id));

    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/cancellations?${query}`, headers: cast.admin.headers })).json();
    for (const status of [undefined, 'pending', 'processed', 'rejected'] as const) {
      const expected = await db()
        .select({ id: cancellationRequests.id })
        .from(cancellationRequests)
        .where(status ? eq(cancellationRequests.status, status) : undefined)
        .orderBy(desc(cancellationRequests.createdAt), desc(cancellationRequests.id));
      const first = await list(status ? `status=${status}` : '');
      expect(first.total, status ?? 'all').toBe(expected.length);
      const ids: number[] = [];
      for (let page = 1; page <= first.totalPages; page++)
        ids.push(...(await list(`${status ? `status=${status}&` : ''}page=${page}`)).cancellations.map((c: { id: number }) => c.id));
      expect(ids, status ?? 'all').toEqual(expected.map((row) => row.id));
    }
    expect((await list('status=pending')).total).toBeGreaterThan(20);
  });
});

describe('PUT /api/admin/cancellations/:id', () => {
  it('processes a request into credits once, tells the player, and answers 409 the second time', async () => {
    const { request: req, player } = await request({ withPaymentRow: false });
    const res = await resolve(req.id, { status: 'processed', refundAs: 'credits' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Reembolso de R$ 25,00 processado com sucesso.',
      cancellation: { id: req.id, status: 'processed', refundedAs: 'credits', processedBy: { id: cast.admin.user.id, name: 'Admin Ana' } },
    });
    expect(await balanceOf(player.id)).toBe(2500);
    expect((await noticesOf(player.id, 'refund_processed'))[0]).toMatch(/R\$ 25,00 voltaram para os seus créditos\.$/);

    const again = await resolve(req.id, { status: 'processed', refundAs: 'credits' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Este pedido de cancelamento já foi processado.']);
    expect(await refundsOf(player.id)).toHaveLength(1);
    expect(await balanceOf(player.id)).toBe(2500);
    await expectLedgerBalanced(db());
  });

  it('refunds a card payment through the provider (sandbox), without touching credits', async () => {
    const { request: req, player, registration } = await request();
    const res = await resolve(req.id, { status: 'processed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().cancellation).toMatchObject({ status: 'processed', refundedAs: 'original' });
    const [payment] = await db().select().from(payments).where(eq(payments.registrationId, registration.id));
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 2500 });
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id));
    expect(refunds.map((r) => [r.destination, r.status, r.amountCents, r.idempotencyKey, r.createdBy])).toEqual([
      ['provider', 'succeeded', 2500, `cancellation:${req.id}`, cast.admin.user.id],
    ]);
    expect(await balanceOf(player.id)).toBe(0);
    expect((await noticesOf(player.id, 'refund_processed'))[0]).toMatch(/forma de pagamento original/);
    await expectLedgerBalanced(db());
  });

  it('lets the admin refund a card payment as credits instead', async () => {
    const { request: req, player, registration } = await request({ amountCents: 1800, method: 'pix' });
    const res = await resolve(req.id, { status: 'processed', refundAs: 'credits' });
    expect(res.json().cancellation).toMatchObject({ status: 'processed', refundedAs: 'credits' });
    expect(await balanceOf(player.id)).toBe(1800);
    const [payment] = await db().select().from(payments).where(eq(payments.registrationId, registration.id));
    expect(payment!.refundedCents).toBe(1800);
    expect(await refundsOf(player.id)).toHaveLength(1);
    await expectLedgerBalanced(db());
  });

  it('cannot refund to the original method without a recorded provider payment; the request stays pending', async () => {
    const { request: req, player } = await request({ withPaymentRow: false });
    const res = await resolve(req.id, { status: 'processed', refundAs: 'original' });
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'Não há pagamento por cartão/PIX registrado para estornar; escolha reembolso em créditos.',
    ]);
    const [row] = await db().select().from(cancellationRequests).where(eq(cancellationRequests.id, req.id));
    expect(row).toMatchObject({ status: 'pending', resolution: null });
    expect((await resolve(req.id, { status: 'processed', refundAs: 'credits' })).statusCode).toBe(200);
    expect(await balanceOf(player.id)).toBe(2500);
  });

  it('rejects with a reason (required), tells the player, and then refuses to process', async () => {
    // Made inside the last 48 hours (older data): the Terms do not promise this one.
    const { request: req, player } = await request({ hoursBefore: 47 });
    const noReason = await resolve(req.id, { status: 'rejected', reason: '   ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'Informe o motivo da rejeição.']);
    const res = await resolve(req.id, { status: 'rejected', reason: 'Pedido duplicado' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Pedido de cancelamento rejeitado.',
      cancellation: { status: 'rejected', rejectionReason: 'Pedido duplicado', refundedAs: null },
    });
    expect(await noticesOf(player.id, 'refund_rejected')).toEqual([expect.stringMatching(/foi rejeitado\. Motivo: Pedido duplicado$/)]);
    const process = await resolve(req.id, { status: 'processed', refundAs: 'credits' });
    expect([process.statusCode, process.json().message]).toEqual([409, 'Este pedido de cancelamento já foi rejeitado.']);
    expect(await balanceOf(player.id)).toBe(0);
  });

  it('keeps a request whose provider refund has an unknown outcome locked against rejection; processing again finishes it once', async () => {
    const { request: req, registration } = await request({ hoursBefore: 47 });
    const sandbox = t.app.ctx.payments.byName('sandbox')!;
    vi.spyOn(sandbox, 'refund').mockRejectedValueOnce(new PaymentProviderError('sandbox', 'fora do ar', 503));
    const down = await resolve(req.id, { status: 'processed' });
    expect([down.statusCode, down.json().message]).toEqual([
      503,
      'Não foi possível confirmar o pagamento agora. Tente novamente em instantes.',
    ]);
    const rejected = await resolve(req.id, { status: 'rejected', reason: 'Desisti' });
    expect([rejected.statusCode, rejected.json().message]).toEqual([
      409,
      'Este pedido de cancelamento está sendo processado. Aguarde e recarregue a página.',
    ]);
    const retry = await resolve(req.id, { status: 'processed' });
    expect(retry.json().cancellation).toMatchObject({ status: 'processed', refundedAs: 'original' });
    const [payment] = await db().select().from(payments).where(eq(payments.registrationId, registration.id));
    expect(payment!.refundedCents).toBe(2500);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id))).toHaveLength(1);
  });

  it('frees a request whose provider refused the refund, so the admin can choose credits or reject', async () => {
    const { request: req, player } = await request();
    const sandbox = t.app.ctx.payments.byName('sandbox')!;
    vi.spyOn(sandbox, 'refund').mockRejectedValueOnce(new PaymentProviderError('sandbox', 'recusado', 400));
    const refused = await resolve(req.id, { status: 'processed' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'O provedor de pagamento recusou o reembolso.']);
    const credits = await resolve(req.id, { status: 'processed', refundAs: 'credits' });
    expect(credits.json().cancellation).toMatchObject({ status: 'processed', refundedAs: 'credits' });
    expect(await balanceOf(player.id)).toBe(2500);
    await expectLedgerBalanced(db());
  });

  it('refuses to reject a refund the Terms promise (cancelled 48 h or more before, game cancelled, player removed), changing nothing', async () => {
    const early = await request({ hoursBefore: 48 });
    const gameCancelled = await request({ hoursBefore: 2 });
    await db().update(games).set({ status: 'cancelled' }).where(eq(games.id, gameCancelled.game.id));
    const removed = await request({ hoursBefore: 2 });
    await db()
      .update(cancellationRequests)
      .set({ reason: 'Removido pelo administrador' })
      .where(eq(cancellationRequests.id, removed.request.id));
    for (const { request: req, player } of [early, gameCancelled, removed]) {
      const res = await resolve(req.id, { status: 'rejected', reason: 'Fora do prazo' });
      expect([res.statusCode, res.json().message]).toEqual([
        409,
        'Este reembolso é garantido pelos Termos de Uso (cancelamento com 48 horas ou mais de antecedência, jogo cancelado ou jogador removido) e não pode ser rejeitado.',
      ]);
      const [row] = await db().select().from(cancellationRequests).where(eq(cancellationRequests.id, req.id));
      expect(row).toMatchObject({ status: 'pending', resolution: null, processedBy: null });
      expect(await noticesOf(player.id, 'refund_rejected')).toEqual([]);
    }
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/admin/cancellations?status=pending', headers: cast.admin.headers })
    ).json();
    const late = await request({ hoursBefore: 47 });
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/admin/cancellations?status=pending', headers: cast.admin.headers })
    ).json();
    const flag = (list: { cancellations: { id: number; refundGuaranteed: boolean }[] }, id: number) =>
      list.cancellations.find((c) => c.id === id)!.refundGuaranteed;
    expect([early, gameCancelled, removed].map(({ request: req }) => flag(listed, req.id))).toEqual([true, true, true]);
    expect(flag(after, late.request.id)).toBe(false);
  });

  it('answers 404 for an unknown request and 400 for an unknown status', async () => {
    expect((await resolve(999999, { status: 'processed' })).statusCode).toBe(404);
    const { request: req } = await request();
    expect((await resolve(req.id, { status: 'pending' })).statusCode).toBe(400);
  });
});
