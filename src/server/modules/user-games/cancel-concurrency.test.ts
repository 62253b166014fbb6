import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createRegistration, createUser, DAY_MS, HOUR_MS } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced, TEST_NOW } from '../../../../test-support/server/test-app';
import { cancellationRequests, creditTransactions, games, registrations, users } from '../../db/schema';

/**
 * The organiser's cancel under real parallel HTTP requests (truly parallel on PostgreSQL with
 * TEST_DATABASE_URL; PGlite serialises them, which must give the same answers): every registration
 * refunded exactly once, whatever arrives at the same time.
 */
const t = setUpRacingApp();
const ROUNDS = 3;
const PRICE = 1500;

const db = () => t.app.ctx.db;
const { signedIn, post: call } = t;

/**
 * 30 players: 10 paid with credits (through the real apply), 6 by card and 4 by PIX, 3 outside the
 * platform, 2 holding a slot awaiting payment, 5 in line. Less than 48 h before the game, when a
 * player's own cancel would refund nothing.
 */
async function crowdedGame() {
  const organiser = await signedIn();
  const game = await createGame(db(), {
    creatorId: organiser.user.id,
    totalSlots: 25,
    priceCents: PRICE,
    dateTime: new Date(TEST_NOW.getTime() + 30 * HOUR_MS),
  });
  const creditPlayers = [];
  for (let i = 0; i < 10; i += 1) creditPlayers.push(await signedIn(PRICE));
  for (const p of creditPlayers) {
    expect((await call(`/api/games/${game.id}/apply`, p.authorization, { paymentType: 'credit' })).body.registrationType).toBe('confirmed');
  }
  const cardRegs = [];
  for (let i = 0; i < 10; i += 1) {
    const user = await createUser(db());
    cardRegs.push(
      await createRegistration(db(), {
        gameId: game.id,
        userId: user.id,
        status: 'confirmed',
        paymentType: i < 6 ? 'stripe' : 'mercadopago',
        paidCents: PRICE,
      }),
    );
  }
  for (let i = 0; i < 3; i += 1)
    await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed', paymentType: 'external' });
  for (let i = 0; i < 2; i += 1) {
    await createRegistration(db(), {
      gameId: game.id,
      userId: (await createUser(db())).id,
      status: 'pending',
      paymentType: null,
      paymentDeadline: new Date(TEST_NOW.getTime() + HOUR_MS),
    });
  }
  for (let i = 0; i < 5; i += 1) {
    await createRegistration(db(), {
      gameId: game.id,
      userId: (await createUser(db())).id,
      status: 'waitlist',
      joinedAt: new Date(TEST_NOW.getTime() + i),
    });
  }
  return { organiser, game, creditPlayers, cardRegs };
}

describe.runIf(isPostgres)(raced('organiser cancel in parallel'), () => {
  it('two simultaneous cancels: one succeeds, one 409, every payment refunded exactly once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { organiser, game, creditPlayers, cardRegs } = await crowdedGame();
      const regs = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
      expect(regs).toHaveLength(30);
      const totalPaid = regs.reduce((sum, r) => sum + r.paidCents, 0);
      expect(totalPaid).toBe(20 * PRICE);

      const replies = await Promise.all([
        call(`/api/user-games/${game.id}/cancel`, organiser.authorization, { reason: 'Ginásio fechado' }),
        call(`/api/user-games/${game.id}/cancel`, organiser.authorization, { reason: 'Ginásio fechado' }),
      ]);

      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(replies.find((r) => r.status === 409)!.body.message).toBe('Este jogo já foi cancelado.');
      expect(replies.find((r) => r.status === 200)!.body.refunds).toEqual({
        registrationsCancelled: 25,
        waitlistCleared: 5,
        creditsRefunded: (10 * PRICE) / 100,
        refundedToOriginal: 0,
        refundRequests: 10,
        requestedAmount: (10 * PRICE) / 100,
      });

      const after = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
      expect(after.filter((r) => r.status !== 'cancelled')).toEqual([]);
      const [row] = await db().select().from(games).where(eq(games.id, game.id));
      expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Ginásio fechado' });

      const refunds = await db()
        .select()
        .from(creditTransactions)
        .where(
          and(
            eq(creditTransactions.type, 'refund'),
            inArray(
              creditTransactions.reference,
              regs.map((r) => `registration:${r.id}`),
            ),
          ),
        );
      const creditRegIds = regs.filter((r) => r.paymentType === 'credit').map((r) => `registration:${r.id}`);
      expect(refunds.map((r) => r.reference).sort()).toEqual(creditRegIds.sort());
      const requests = await db().select().from(cancellationRequests).where(eq(cancellationRequests.gameId, game.id));
      expect(requests.map((r) => r.registrationId).sort((a, b) => a - b)).toEqual(cardRegs.map((r) => r.id).sort((a, b) => a - b));
      expect(requests.every((r) => r.status === 'pending' && r.amountCents === PRICE)).toBe(true);
      const refunded = refunds.reduce((sum, r) => sum + r.amountCents, 0) + requests.reduce((sum, r) => sum + r.amountCents, 0);
      expect(refunded).toBe(totalPaid);

      const balances = await db()
        .select({ b: users.balanceCents })
        .from(users)
        .where(
          inArray(
            users.id,
            creditPlayers.map((p) => p.user.id),
          ),
        );
      expect(balances.every((r) => r.b === PRICE)).toBe(true);
      await expectLedgerBalanced(db());
    }
  });

  it('a cancel racing players applying, cancelling and joining the line leaves nothing live and nothing unrefunded', async () => {
    const { organiser, game } = await crowdedGame();
    const leaving = (
      await db()
        .select({ userId: registrations.userId })
        .from(registrations)
        .where(and(eq(registrations.gameId, game.id), eq(registrations.paymentType, 'credit')))
    ).slice(0, 3);
    const leavingAuth = await Promise.all(
      leaving.map(async ({ userId }) => `Bearer ${await t.app.ctx.tokens.issue({ userId, tokenVersion: 0 })}`),
    );
    const newcomers = [];
    for (let i = 0; i < 8; i += 1) newcomers.push(await signedIn(PRICE));

    const replies = await Promise.all(
      [
        () => call(`/api/user-games/${game.id}/cancel`, organiser.authorization, { reason: 'Chuva' }),
        ...leavingAuth.map((authorization) => () => call(`/api/games/${game.id}/cancel`, authorization)),
        ...newcomers.map((p) => () => call(`/api/games/${game.id}/apply`, p.authorization, { paymentType: 'credit' })),
      ]
        .sort(() => Math.random() - 0.5)
        .map((request) => request()),
    );

    expect(replies.filter((r) => r.status >= 500)).toEqual([]);
    const after = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
    expect(after.filter((r) => r.status !== 'cancelled')).toEqual([]);
    // Whatever was paid for this game came back once: as credits or as a refund request.
    const paid = after.reduce((sum, r) => sum + r.paidCents, 0);
    const refunds = await db()
      .select()
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.type, 'refund'),
          inArray(
            creditTransactions.reference,
            after.map((r) => `registration:${r.id}`),
          ),
        ),
      );
    const requests = await db().select().from(cancellationRequests).where(eq(cancellationRequests.gameId, game.id));
    expect(new Set(refunds.map((r) => r.reference)).size).toBe(refunds.length);
    const refundedCents = refunds.reduce((s, r) => s + r.amountCents, 0) + requests.reduce((s, r) => s + r.amountCents, 0);
    // Players who left on their own less than 48 h before got nothing back: that is the player rule.
    const selfCancelledPaid = after
      .filter((r) => leaving.some((l) => l.userId === r.userId) && r.paymentType === 'credit')
      .filter((r) => refunds.every((f) => f.reference !== `registration:${r.id}`))
      .reduce((s, r) => s + r.paidCents, 0);
    expect(refundedCents + selfCancelledPaid).toBe(paid);
    // Every newcomer either never got in or got their money back.
    const newcomerBalances = await db()
      .select({ b: users.balanceCents })
      .from(users)
      .where(
        inArray(
          users.id,
          newcomers.map((p) => p.user.id),
        ),
      );
    expect(newcomerBalances.every((r) => r.b === PRICE)).toBe(true);
    await expectLedgerBalanced(db());
  });

  it('days ahead too: the refund is the same full refund', async () => {
    const organiser = await signedIn();
    const game = await createGame(db(), {
      creatorId: organiser.user.id,
      priceCents: PRICE,
      dateTime: new Date(TEST_NOW.getTime() + 10 * DAY_MS),
    });
    const player = await signedIn(PRICE);
    await call(`/api/games/${game.id}/apply`, player.authorization, { paymentType: 'credit' });
    expect((await call(`/api/user-games/${game.id}/cancel`, organiser.authorization, { reason: 'Feriado' })).status).toBe(200);
    const [row] = await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, player.user.id));
    expect(row!.b).toBe(PRICE);
    await expectLedgerBalanced(db());
  });
});
