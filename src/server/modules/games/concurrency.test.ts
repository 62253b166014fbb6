import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createRegistration, createUser } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced } from '../../../../test-support/server/test-app';
import { creditTransactions, emailOutbox, notifications, registrations, users } from '../../db/schema';

/** Money and slot invariants under real parallel HTTP requests, on PostgreSQL (TEST_DATABASE_URL). */
const t = setUpRacingApp();
const ROUNDS = 3;

const db = () => t.app.ctx.db;

async function fundedPlayers(count: number, cents: number) {
  const players = [];
  for (let i = 0; i < count; i += 1) players.push(await t.signedIn(cents));
  return players;
}
const call = t.post;

const balances = async (ids: number[]) =>
  new Map((await db().select({ id: users.id, b: users.balanceCents }).from(users).where(inArray(users.id, ids))).map((r) => [r.id, r.b]));

const gameRegistrations = (gameId: number) =>
  db().select().from(registrations).where(eq(registrations.gameId, gameId)).orderBy(asc(registrations.joinedAt), asc(registrations.id));

describe.runIf(isPostgres)(raced('parallel requests'), () => {
  it('100 funded players racing for the last slot: one confirmed and charged, 99 waitlisted free', { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const game = await createGame(db(), { totalSlots: 2, priceCents: 1000 });
      await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'confirmed' });
      const players = await fundedPlayers(100, 2000);

      const replies = await Promise.all(
        players.map((p) => call(`/api/games/${game.id}/apply`, p.authorization, { paymentType: 'credit' })),
      );

      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      expect(replies.every((r) => r.status === 200)).toBe(true);
      expect(replies.filter((r) => r.body.waitlisted === false)).toHaveLength(1);
      const regs = await gameRegistrations(game.id);
      expect(regs.filter((r) => r.status === 'confirmed')).toHaveLength(2);
      expect(regs.filter((r) => r.status === 'waitlist')).toHaveLength(99);
      const money = await balances(players.map((p) => p.user.id));
      expect([...money.values()].filter((b) => b === 1000)).toHaveLength(1);
      expect([...money.values()].filter((b) => b === 2000)).toHaveLength(99);
      const charges = await db()
        .select()
        .from(creditTransactions)
        .where(
          and(
            eq(creditTransactions.type, 'spend_game'),
            inArray(
              creditTransactions.reference,
              regs.map((r) => `registration:${r.id}`),
            ),
          ),
        );
      expect(charges).toHaveLength(1);
      // The organiser heard of each one once, in the transaction (or statement) that wrote it, and was e-mailed once.
      await t.app.ctx.mailer.idle();
      const [organiser] = await db().select({ email: users.email }).from(users).where(eq(users.id, game.creatorId));
      const news = await db()
        .select({ about: notifications.aboutUserId })
        .from(notifications)
        .where(and(eq(notifications.userId, game.creatorId), eq(notifications.type, 'new_registration')));
      expect(news.map((row) => row.about).sort()).toEqual(players.map((p) => p.user.id).sort());
      expect(await db().select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.to, organiser!.email))).toHaveLength(100);
      await expectLedgerBalanced(db());
    }
  });

  it('R$ 25 applied to ten R$ 10 games at once: exactly two confirmed, R$ 5 left', { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [player] = await fundedPlayers(1, 2500);
      const gameList = [];
      for (let i = 0; i < 10; i += 1) gameList.push(await createGame(db(), { priceCents: 1000 }));

      const replies = await Promise.all(
        gameList.map((g) => call(`/api/games/${g.id}/apply`, player!.authorization, { paymentType: 'credit' })),
      );

      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
      expect(replies.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual(Array(8).fill('Saldo insuficiente'));
      expect((await balances([player!.user.id])).get(player!.user.id)).toBe(500);
      const confirmed = await db()
        .select()
        .from(registrations)
        .where(and(eq(registrations.userId, player!.user.id), eq(registrations.status, 'confirmed')));
      expect(confirmed).toHaveLength(2);
      await expectLedgerBalanced(db());
    }
  });

  it('interleaved cancels and applies never overfill the game and keep the line in order', { timeout: 120_000 }, async () => {
    const TOTAL = 5;
    for (let round = 0; round < ROUNDS; round += 1) {
      const game = await createGame(db(), { totalSlots: TOTAL, priceCents: 1000 });
      const holders = await fundedPlayers(TOTAL, 1000);
      for (const p of holders)
        expect((await call(`/api/games/${game.id}/apply`, p.authorization, { paymentType: 'credit' })).body.waitlisted).toBe(false);
      // Half the line can pay at once; the others will hold their slot as pending.
      const line = [...(await fundedPlayers(5, 1000)), ...(await fundedPlayers(5, 0))].sort(() => Math.random() - 0.5);
      for (const p of line) expect((await call(`/api/games/${game.id}/waitlist`, p.authorization)).status).toBe(200);
      const newcomers = await fundedPlayers(8, 1000);
      const leavingHolders = holders.slice(0, 3);
      const leavingLine = [line[1]!, line[4]!, line[7]!];

      const replies = await Promise.all(
        [
          ...leavingHolders.map((p) => () => call(`/api/games/${game.id}/cancel`, p.authorization)),
          ...leavingLine.map((p) => () => call(`/api/games/${game.id}/cancel`, p.authorization)),
          ...newcomers.map((p) => () => call(`/api/games/${game.id}/apply`, p.authorization, { paymentType: 'credit' })),
        ]
          .sort(() => Math.random() - 0.5)
          .map((request) => request()),
      );

      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      const regs = await gameRegistrations(game.id);
      const holding = regs.filter((r) => r.status === 'confirmed' || r.status === 'pending');
      const waiting = regs.filter((r) => r.status === 'waitlist');
      expect(holding.length).toBeLessThanOrEqual(TOTAL);
      // A free slot never sits beside a non-empty line.
      if (waiting.length > 0) expect(holding).toHaveLength(TOTAL);
      // Promotions went to the front of the line: nobody still waiting joined before someone promoted.
      const lineIds = new Set(line.map((p) => p.user.id));
      const lineStatuses = regs.filter((r) => lineIds.has(r.userId) && r.status !== 'cancelled').map((r) => r.status);
      const firstWaiting = lineStatuses.indexOf('waitlist');
      if (firstWaiting >= 0) expect(lineStatuses.slice(firstWaiting).every((s) => s === 'waitlist')).toBe(true);
      // A newcomer got a slot directly only once the line had emptied.
      const directWins = replies.filter((r) => r.body.waitlisted === false).length;
      if (directWins > 0) expect(lineStatuses).not.toContain('waitlist');
      await expectLedgerBalanced(db());
    }
  });
});
