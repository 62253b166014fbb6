import { and, eq, inArray } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardPaidRegistration, pendingCancellation, signedInCast } from '../../../../test-support/server/admin';
import { addCredits, createGame, createRegistration, createUser } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { isPostgres, raced, setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { cancellationRequests, creditTransactions, paymentRefunds, payments, registrations, users } from '../../db/schema';

/**
 * The admin's money operations under real parallel HTTP requests (truly parallel on PostgreSQL with
 * TEST_DATABASE_URL; PGlite runs them one at a time, which must give the same answers).
 */
const t = setUpTestApp();
let baseUrl: string;
let cast: Awaited<ReturnType<typeof signedInCast>>;
const ROUNDS = 3;

beforeAll(async () => {
  cast = await signedInCast(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const db = () => t.app.ctx.db;

async function call(
  method: string,
  path: string,
  options: { authorization?: string; body?: object; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: options.authorization ?? `Bearer ${cast.admin.token}`,
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const balanceOf = async (userId: number) => (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, userId)))[0]!.b;
const refundRows = (userIds: number[]) =>
  db()
    .select()
    .from(creditTransactions)
    .where(and(inArray(creditTransactions.userId, userIds), eq(creditTransactions.type, 'refund')));
const statuses = (replies: { status: number }[]) => replies.map((r) => r.status).sort();

describe.runIf(isPostgres)(raced('parallel admin requests'), () => {
  it('processing the same request twice at once (credits) refunds once: one 200, one 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const game = await createGame(db());
      const player = await createUser(db());
      const { request } = await pendingCancellation(t.app, {
        gameId: game.id,
        userId: player.id,
        amountCents: 2500,
        withPaymentRow: false,
      });
      const replies = await Promise.all(
        [0, 1].map(() => call('PUT', `/api/admin/cancellations/${request.id}`, { body: { status: 'processed', refundAs: 'credits' } })),
      );
      expect(statuses(replies)).toEqual([200, 409]);
      expect(await balanceOf(player.id)).toBe(2500);
      expect(await refundRows([player.id])).toHaveLength(1);
      await expectLedgerBalanced(db());
    }
  });

  it('processing the same card request three times at once refunds once through the provider', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const game = await createGame(db());
      const player = await createUser(db());
      const { request, registration } = await pendingCancellation(t.app, { gameId: game.id, userId: player.id, amountCents: 3000 });
      const refundAs = round === 1 ? 'credits' : 'original';
      const replies = await Promise.all(
        [0, 1, 2].map(() => call('PUT', `/api/admin/cancellations/${request.id}`, { body: { status: 'processed', refundAs } })),
      );
      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
      const [payment] = await db().select().from(payments).where(eq(payments.registrationId, registration.id));
      expect(payment!.refundedCents).toBe(3000);
      expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id))).toHaveLength(1);
      expect(await balanceOf(player.id)).toBe(refundAs === 'credits' ? 3000 : 0);
      await expectLedgerBalanced(db());
    }
  });

  it('processing and rejecting at once: exactly one decision, and money only if it was processed', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const game = await createGame(db());
      const player = await createUser(db());
      const { request } = await pendingCancellation(t.app, {
        gameId: game.id,
        userId: player.id,
        amountCents: 1200,
        withPaymentRow: false,
      });
      const replies = await Promise.all([
        call('PUT', `/api/admin/cancellations/${request.id}`, { body: { status: 'processed', refundAs: 'credits' } }),
        call('PUT', `/api/admin/cancellations/${request.id}`, { body: { status: 'rejected', reason: 'Duplicado' } }),
      ]);
      expect(statuses(replies)).toEqual([200, 409]);
      const [row] = await db().select().from(cancellationRequests).where(eq(cancellationRequests.id, request.id));
      expect(await balanceOf(player.id)).toBe(row!.status === 'processed' ? 1200 : 0);
      await expectLedgerBalanced(db());
    }
  });

  it('removing the same paid player twice at once refunds once and promotes once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const game = await createGame(db(), { priceCents: 1000, totalSlots: 1 });
      const paid = await createUser(db());
      await addCredits(db(), paid.id, 1000);
      const token = await t.app.ctx.tokens.issue({ userId: paid.id, tokenVersion: paid.tokenVersion });
      expect(
        (await call('POST', `/api/games/${game.id}/apply`, { authorization: `Bearer ${token}`, body: { paymentType: 'credit' } })).status,
      ).toBe(200);
      const next = await createUser(db());
      await addCredits(db(), next.id, 1000);
      await createRegistration(db(), { gameId: game.id, userId: next.id, status: 'waitlist' });

      const replies = await Promise.all([0, 1, 2].map(() => call('DELETE', `/api/admin/games/${game.id}/users/${paid.id}`)));
      expect(statuses(replies)).toEqual([200, 404, 404]);
      expect(await balanceOf(paid.id)).toBe(1000);
      expect(await balanceOf(next.id)).toBe(0);
      const regs = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
      expect(regs.filter((r) => r.status === 'confirmed').map((r) => r.userId)).toEqual([next.id]);
      await expectLedgerBalanced(db());
    }
  });

  it('deleting a game while its players cancel and the admin removes them: every payment comes back exactly once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // More than 48 h ahead: the players' own cancellations refund too, so every path races for the same money.
      const game = await createGame(db(), { priceCents: 1500, totalSlots: 6, dateTime: new Date(TEST_NOW.getTime() + 5 * 24 * 3_600_000) });
      const players: { user: Awaited<ReturnType<typeof createUser>>; authorization: string }[] = [];
      for (let i = 0; i < 4; i += 1) {
        const user = await createUser(db());
        await addCredits(db(), user.id, 1500);
        const authorization = `Bearer ${await t.app.ctx.tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion })}`;
        expect((await call('POST', `/api/games/${game.id}/apply`, { authorization, body: { paymentType: 'credit' } })).status).toBe(200);
        players.push({ user, authorization });
      }
      const byCard = await createUser(db());
      await cardPaidRegistration(t.app, { gameId: game.id, userId: byCard.id, amountCents: 1500 });

      const replies = await Promise.all(
        [
          () => call('DELETE', `/api/admin/games/${game.id}`),
          () => call('DELETE', `/api/admin/games/${game.id}`),
          ...players.slice(0, 2).map((p) => () => call('POST', `/api/games/${game.id}/cancel`, { authorization: p.authorization })),
          () => call('DELETE', `/api/admin/games/${game.id}/users/${players[2]!.user.id}`),
          () => call('DELETE', `/api/admin/games/${game.id}/users/${byCard.id}`),
        ]
          .sort(() => Math.random() - 0.5)
          .map((request) => request()),
      );

      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      for (const p of players) expect(await balanceOf(p.user.id)).toBe(1500);
      expect(await refundRows(players.map((p) => p.user.id))).toHaveLength(4);
      const requests = await db().select().from(cancellationRequests).where(eq(cancellationRequests.userId, byCard.id));
      expect(requests.map((r) => r.amountCents)).toEqual([1500]);
      const regs = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
      expect(regs.every((r) => r.status === 'cancelled')).toBe(true);
      await expectLedgerBalanced(db());
    }
  });

  it('the same Idempotency-Key sent five times at once adds credits once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await createUser(db());
      const key = `retry-${user.id}-${round}`;
      const replies = await Promise.all(
        [0, 1, 2, 3, 4].map(() =>
          call('POST', `/api/admin/users/${user.id}/credits`, { body: { amount: 12.34 }, headers: { 'idempotency-key': key } }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(replies.map((r) => (r.body.transaction as { id: number }).id)).size).toBe(1);
      expect(await balanceOf(user.id)).toBe(1234);
      // Without a key, each request is its own movement.
      await Promise.all([0, 1, 2].map(() => call('POST', `/api/admin/users/${user.id}/credits`, { body: { amount: 1 } })));
      expect(await balanceOf(user.id)).toBe(1534);
      await expectLedgerBalanced(db());
    }
  });
});
