import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createSignedInUser, DAY_MS } from '../../../../test-support/server/factories';
import { type LivePaymentsApp, setUpLivePaymentsApp } from '../../../../test-support/server/live-payments-app';
import { isPostgres, raced } from '../../../../test-support/server/test-app';
import { retryAfterCommitCalls } from '../../core/payments/after-commit-retries';
import { cancellationRequests, notifications, paymentRefunds, payments } from '../../db/schema';

// Money back when the organiser or an admin ends a game: card and PIX refunds go through the (fake)
// providers at once, with idempotency keys, exactly once under real parallel HTTP requests (truly
// parallel on PostgreSQL with TEST_DATABASE_URL).

let live: LivePaymentsApp;
const { db, nowSeconds, stripeHook, mpHook } = setUpLivePaymentsApp((started) => {
  live = started;
});
const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function call(method: string, path: string, headers: Record<string, string>, body?: object) {
  const res = await fetch(`${live.baseUrl}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message: string } };
}

/** A game of the organiser's with players who paid by card (Stripe) and by PIX (Mercado Pago), settled by webhook. */
async function paidGame(card: number, pix: number, priceCents = 2500) {
  const organiser = await createSignedInUser(live.t.app);
  const game = await createGame(db(), {
    creatorId: organiser.user.id,
    priceCents,
    dateTime: new Date(live.t.clock.now().getTime() + DAY_MS),
  });
  const players = [];
  for (let i = 0; i < card + pix; i += 1) {
    const player = await createSignedInUser(live.t.app);
    const method = i < card ? 'stripe' : 'mercadopago';
    const res = await live.t.app.inject({
      method: 'POST',
      url: `/api/games/${game.id}/apply`,
      headers: player.headers,
      payload: { paymentType: method },
    });
    expect(res.statusCode).toBe(200);
    if (method === 'stripe') {
      const sessionId = new URL(res.json().url).pathname.split('/').at(-1)!;
      live.stripe.markSessionPaid(sessionId);
      expect((await stripeHook(live.stripe.webhookFor(sessionId, { timestamp: nowSeconds() }))).status).toBe(200);
    } else {
      const payment = live.mp.createPayment({ preferenceId: new URL(res.json().initPoint).searchParams.get('pref_id')! });
      expect((await mpHook(live.mp.webhookFor(payment.id, { ts: nowSeconds() }))).status).toBe(200);
    }
    players.push({ ...player, method });
  }
  return { organiser, game, players };
}

const requestsOf = (gameId: number) => db().select().from(cancellationRequests).where(eq(cancellationRequests.gameId, gameId));
const refundNotices = async (userId: number) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId)))
    .filter((n) => n.type === 'refund_processed')
    .map((n) => n.message);

describe('refunds at once when a game ends', () => {
  it.runIf(isPostgres)(
    raced(
      'two simultaneous organiser cancels: one 200, one 409, and every card and PIX payment refunded through its provider exactly once',
    ),
    async () => {
      const { organiser, game, players } = await paidGame(3, 2);
      const stripeBefore = live.stripe.refunds.length;
      const mpBefore = live.mp.refunds.length;
      const headers = headersOf(organiser.token);

      const replies = await Promise.all([
        call('POST', `/api/user-games/${game.id}/cancel`, headers, { reason: 'Ginásio fechado' }),
        call('POST', `/api/user-games/${game.id}/cancel`, headers, { reason: 'Ginásio fechado' }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const ok = replies.find((r) => r.status === 200)!.body;
      expect(ok.refunds).toMatchObject({ registrationsCancelled: 5, refundedToOriginal: 125, refundRequests: 0, requestedAmount: 0 });
      expect(ok.message).toBe(
        'Jogo cancelado. Todos os inscritos foram avisados. R$ 125,00 foram devolvidos na hora ao cartão/PIX de quem pagou assim.',
      );

      expect(live.stripe.refunds.slice(stripeBefore).map((r) => r.amount)).toEqual([2500, 2500, 2500]);
      expect(live.mp.refunds.slice(mpBefore).map((r) => r.amount)).toEqual([25, 25]);
      expect((await requestsOf(game.id)).map((r) => [r.status, r.resolution])).toEqual(Array(5).fill(['processed', 'original']));
      for (const player of players) {
        expect(await refundNotices(player.user.id)).toEqual([
          player.method === 'stripe'
            ? `Reembolso feito: R$ 25,00 do jogo ${game.name} voltaram para o seu cartão (o prazo para aparecer na fatura depende do banco).`
            : `Reembolso feito: R$ 25,00 do jogo ${game.name} voltaram por PIX para a conta que pagou.`,
        ]);
      }
      const paid = await db().select().from(payments).where(eq(payments.gameId, game.id));
      expect(paid.map((p) => [p.status, p.refundedCents])).toEqual(Array(5).fill(['refunded', 2500]));
    },
  );

  it.runIf(isPostgres)(raced('an admin deleting the game while the organiser cancels it refunds once, whoever wins'), async () => {
    const { organiser, game } = await paidGame(2, 1, 1800);
    const admin = await createSignedInUser(live.t.app, { role: 'admin' });
    const stripeBefore = live.stripe.refunds.length;
    const mpBefore = live.mp.refunds.length;
    const replies = await Promise.all([
      call('POST', `/api/user-games/${game.id}/cancel`, headersOf(organiser.token), { reason: 'Chuva' }),
      call('DELETE', `/api/admin/games/${game.id}`, { authorization: `Bearer ${admin.token}` }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(live.stripe.refunds.length - stripeBefore).toBe(2);
    expect(live.mp.refunds.length - mpBefore).toBe(1);
    expect((await requestsOf(game.id)).every((r) => r.status === 'processed')).toBe(true);
  });

  it('an admin removing a card player refunds the card at once and says so', async () => {
    const { game, players } = await paidGame(1, 0, 3000);
    const admin = await createSignedInUser(live.t.app, { role: 'admin' });
    const before = live.stripe.refunds.length;
    const res = await call('DELETE', `/api/admin/games/${game.id}/users/${players[0]!.user.id}`, {
      authorization: `Bearer ${admin.token}`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 'request', refundedAmount: 30, refundedAtOnce: true });
    expect(live.stripe.refunds.slice(before).map((r) => r.amount)).toEqual([3000]);
    expect(await refundNotices(players[0]!.user.id)).toEqual([
      expect.stringMatching(/^Reembolso feito: R\$ 30,00 .* voltaram para o seu cartão/),
    ]);
  });

  it.runIf(isPostgres)(raced('a provider failure leaves the refund to the admin; racing and repeated retries refund once'), async () => {
    const { organiser, game, players } = await paidGame(1, 0, 2000);
    const admin = await createSignedInUser(live.t.app, { role: 'admin' });
    const before = live.stripe.refunds.length;
    // Stripe down for the refund and the SDK's two retries: the outcome is unknown, the request stays marked.
    live.stripe.failNext(500, 'Stripe fora do ar', 3);
    const cancelled = await call('POST', `/api/user-games/${game.id}/cancel`, headersOf(organiser.token), { reason: 'Quadra alagada' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refunds).toMatchObject({ refundedToOriginal: 0, refundRequests: 1, requestedAmount: 20 });
    expect(cancelled.body.message).toContain(
      'R$ 20,00 em reembolsos de cartão/PIX não foram concluídos pelo provedor e aguardam a administração.',
    );
    expect(live.stripe.refunds.length).toBe(before);
    const [request] = await requestsOf(game.id);
    expect(request).toMatchObject({ status: 'pending', resolution: 'processing' });
    expect(await refundNotices(players[0]!.user.id)).toEqual([]);

    const adminHeaders = headersOf(admin.token);
    const rejected = await call('PUT', `/api/admin/cancellations/${request!.id}`, adminHeaders, { status: 'rejected', reason: 'Não' });
    expect(rejected.status).toBe(409);
    const retries = await Promise.all([
      call('PUT', `/api/admin/cancellations/${request!.id}`, adminHeaders, { status: 'processed' }),
      call('PUT', `/api/admin/cancellations/${request!.id}`, adminHeaders, { status: 'processed' }),
    ]);
    expect(retries.map((r) => r.status).sort()).toEqual([200, 409]);
    const again = await call('PUT', `/api/admin/cancellations/${request!.id}`, adminHeaders, { status: 'processed' });
    expect(again.status).toBe(409);
    expect(live.stripe.refunds.slice(before).map((r) => r.amount)).toEqual([2000]);
    const [payment] = await db().select().from(payments).where(eq(payments.gameId, game.id));
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 2000 });
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id))).toHaveLength(1);
  });

  it('a refund the provider refuses is freed for the admin, who can refund it as credits instead', async () => {
    const { organiser, game, players } = await paidGame(0, 1, 1500);
    const admin = await createSignedInUser(live.t.app, { role: 'admin' });
    live.mp.failNext(400, 'refund not allowed');
    const cancelled = await call('POST', `/api/user-games/${game.id}/cancel`, headersOf(organiser.token), { reason: 'Sem rede' });
    expect(cancelled.body.refunds).toMatchObject({ refundRequests: 1, requestedAmount: 15 });
    const [request] = await requestsOf(game.id);
    expect(request).toMatchObject({ status: 'pending', resolution: null });
    const credits = await call('PUT', `/api/admin/cancellations/${request!.id}`, headersOf(admin.token), {
      status: 'processed',
      refundAs: 'credits',
    });
    expect(credits.status).toBe(200);
    const me = await live.t.app.inject({ method: 'GET', url: '/api/users/me', headers: players[0]!.headers });
    expect(me.json().credits).toBe(15);
  });
});

describe('what a commit leaves to the providers is finished later, without an administrator', () => {
  /** As if the request had waited past the grace the request that promised it has. */
  const aged = (requestId: number) =>
    db()
      .update(cancellationRequests)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(cancellationRequests.id, requestId));

  it('a card refund that failed while Stripe was down completes on a later run, once, and the player is told once', async () => {
    const { organiser, game, players } = await paidGame(1, 0, 2000);
    const before = live.stripe.refunds.length;
    // Stripe down for the refund and the SDK's two retries.
    live.stripe.failNext(500, 'Stripe fora do ar', 3);
    const cancelled = await call('POST', `/api/user-games/${game.id}/cancel`, headersOf(organiser.token), { reason: 'Quadra alagada' });
    expect(cancelled.status).toBe(200);
    const [request] = await requestsOf(game.id);
    expect(request).toMatchObject({ status: 'pending', resolution: 'processing' });

    // Too fresh: still the business of the request that promised it.
    expect(await retryAfterCommitCalls(live.t.app.ctx)).toMatchObject({ refunds: 0 });
    await aged(request!.id);
    // Stripe still down on the first run: nothing changes, nothing is lost.
    live.stripe.failNext(500, 'Stripe fora do ar', 3);
    await retryAfterCommitCalls(live.t.app.ctx);
    expect((await requestsOf(game.id))[0]).toMatchObject({ status: 'pending', resolution: 'processing' });
    expect(live.stripe.refunds.length).toBe(before);

    await retryAfterCommitCalls(live.t.app.ctx);
    await retryAfterCommitCalls(live.t.app.ctx);
    expect((await requestsOf(game.id))[0]).toMatchObject({ status: 'processed', resolution: 'original' });
    expect(live.stripe.refunds.slice(before).map((refund) => refund.amount)).toEqual([2000]);
    expect(await refundNotices(players[0]!.user.id)).toHaveLength(1);
  });

  it('a checkout closed here while Stripe could not expire it is expired at Stripe on a later run', async () => {
    const organiser = await createSignedInUser(live.t.app);
    const game = await createGame(db(), {
      creatorId: organiser.user.id,
      priceCents: 1500,
      dateTime: new Date(live.t.clock.now().getTime() + DAY_MS),
    });
    const player = await createSignedInUser(live.t.app);
    const applied = await live.t.app.inject({
      method: 'POST',
      url: `/api/games/${game.id}/apply`,
      headers: player.headers,
      payload: { paymentType: 'stripe' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const sessionId = new URL(applied.json().url).pathname.split('/').at(-1)!;
    // The player gives the place up while Stripe is down: the checkout closes here, not yet at Stripe.
    live.stripe.failNext(500, 'Stripe fora do ar', 3);
    const left = await live.t.app.inject({ method: 'POST', url: `/api/games/${game.id}/cancel`, headers: player.headers });
    expect(left.statusCode, left.body).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(payment).toMatchObject({ status: 'expired', closeAtProvider: true });
    expect(live.stripe.sessions.get(sessionId)!.status).toBe('open');

    expect(await retryAfterCommitCalls(live.t.app.ctx)).toMatchObject({ checkouts: 1 });
    expect(live.stripe.sessions.get(sessionId)!.status).toBe('expired');
    expect((await db().select().from(payments).where(eq(payments.id, payment!.id)))[0]).toMatchObject({ closeAtProvider: false });
    expect(await retryAfterCommitCalls(live.t.app.ctx)).toMatchObject({ checkouts: 0 });
  });
});
