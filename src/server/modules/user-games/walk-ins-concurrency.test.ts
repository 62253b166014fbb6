import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createRegistration, createUser } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced } from '../../../../test-support/server/test-app';
import { gameWalkIns, games, registrations, users } from '../../db/schema';

/**
 * Walk-ins (decision 047) racing applies over real parallel requests: on PostgreSQL the walk-in adds (the full use case
 * under the game's lock) and the credit applies (mostly the one-statement `fast_apply`) run side by side, and the places
 * taken must never pass the game's total.
 */
const t = setUpRacingApp();
const ROUNDS = 3;
const SLOTS = 8;
const PRICE = 1000;
const db = () => t.app.ctx.db;

async function placesTaken(gameId: number) {
  const held = await db()
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.gameId, gameId), inArray(registrations.status, ['confirmed', 'pending'])));
  const walkIns = await db().select({ id: gameWalkIns.id }).from(gameWalkIns).where(eq(gameWalkIns.gameId, gameId));
  const [row] = await db().select({ walkInCount: games.walkInCount }).from(games).where(eq(games.id, gameId));
  return { held: held.length, walkIns: walkIns.length, counted: row!.walkInCount };
}

describe.runIf(isPostgres)(raced('walk-ins and applies in parallel'), () => {
  it('12 applies and 6 walk-ins for 8 places: exactly 8 taken, every refused walk-in a 409, the rest in line with their credits', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const organiser = await t.signedIn();
      const game = await createGame(db(), { creatorId: organiser.user.id, totalSlots: SLOTS, priceCents: PRICE });
      const players = [];
      for (let i = 0; i < 12; i += 1) players.push(await t.signedIn(PRICE));

      const requests = [
        ...players.map((p) => t.post(`/api/games/${game.id}/apply`, p.authorization, { paymentType: 'credit' })),
        ...Array.from({ length: 6 }, (_, i) =>
          t.post(`/api/user-games/${game.id}/walk-ins`, organiser.authorization, { name: `Avulso ${i}` }),
        ),
      ];
      // Interleaved, so the two kinds really meet.
      const replies = await Promise.all(requests.sort(() => 0.5 - Math.random()));
      expect(replies.every((r) => [200, 201, 409].includes(r.status))).toBe(true);

      const taken = await placesTaken(game.id);
      expect(taken.counted).toBe(taken.walkIns);
      expect(taken.held + taken.walkIns).toBe(SLOTS);
      const walkInReplies = replies.filter((r) => r.status === 201 || r.body.code === 'game_full');
      expect(walkInReplies.filter((r) => r.status === 201)).toHaveLength(taken.walkIns);
      expect(walkInReplies.filter((r) => r.status === 409)).toHaveLength(6 - taken.walkIns);

      const regs = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
      expect(regs.filter((r) => r.status === 'confirmed')).toHaveLength(taken.held);
      expect(regs.filter((r) => r.status === 'waitlist')).toHaveLength(12 - taken.held);
      const balances = await db()
        .select({ id: users.id, balance: users.balanceCents })
        .from(users)
        .where(
          inArray(
            users.id,
            players.map((p) => p.user.id),
          ),
        );
      const confirmed = new Set(regs.filter((r) => r.status === 'confirmed').map((r) => r.userId));
      for (const { id, balance } of balances) expect(balance).toBe(confirmed.has(id) ? 0 : PRICE);
    }
    await expectLedgerBalanced(db());
  });

  it('walk-ins removed while players apply and others add walk-ins: the places never pass the total and the line moves up', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const organiser = await t.signedIn();
      const game = await createGame(db(), { creatorId: organiser.user.id, totalSlots: SLOTS, priceCents: 0, usePlatformPayment: false });
      const ids: number[] = [];
      for (let i = 0; i < SLOTS; i += 1) {
        const added = await t.post(`/api/user-games/${game.id}/walk-ins`, organiser.authorization, { name: `Avulso ${i}` });
        ids.push((added.body.walkIns as { id: number }[]).at(-1)!.id);
      }
      for (let i = 0; i < 3; i += 1)
        await createRegistration(db(), { gameId: game.id, userId: (await createUser(db())).id, status: 'waitlist' });
      const players = [];
      for (let i = 0; i < 4; i += 1) players.push(await t.signedIn());

      const replies = await Promise.all(
        [
          ...ids.slice(0, 4).map((id) => t.send('DELETE', `/api/user-games/${game.id}/walk-ins/${id}`, organiser.authorization)),
          ...players.map((p) => t.post(`/api/games/${game.id}/apply`, p.authorization, {})),
          ...Array.from({ length: 3 }, (_, i) =>
            t.post(`/api/user-games/${game.id}/walk-ins`, organiser.authorization, { name: `Novo ${i}` }),
          ),
        ].sort(() => 0.5 - Math.random()),
      );
      expect(replies.every((r) => [200, 201, 409].includes(r.status))).toBe(true);
      const taken = await placesTaken(game.id);
      expect(taken.counted).toBe(taken.walkIns);
      expect(taken.held + taken.walkIns).toBe(SLOTS);
      // Nobody waits while a place is free: the three in line came before any newcomer.
      const regs = await db().select().from(registrations).where(eq(registrations.gameId, game.id));
      expect(regs.filter((r) => r.status === 'waitlist').length).toBe(3 + 4 - taken.held);
    }
  });
});
