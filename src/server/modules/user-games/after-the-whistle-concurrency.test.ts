import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, DAY_MS, HOUR_MS } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced, TEST_NOW } from '../../../../test-support/server/test-app';
import { creditTransactions, organiserEarnings, payouts } from '../../db/schema';

/**
 * A game's money after its start under real parallel requests on PostgreSQL (decision 063): the administration pays
 * an organiser's payout while it also gives the played game's money back (twice at once), and the organiser tries to
 * cancel it. Paying re-checks the balance under a lock every refund's earnings row also takes, so a payout is paid only
 * against a balance that covers it: either it is paid first and the take-back leaves a debt, or the take-back comes
 * first and the payout is refused.
 */
const t = setUpRacingApp({ env: { PLATFORM_FEE_PERCENT: '8', PAYOUT_HOLD_HOURS: '24', PAYOUT_MINIMUM: '10' } });
const db = () => t.app.ctx.db;
const ROUNDS = 16;

describe.runIf(isPostgres)(raced('a played game’s money under parallel requests'), () => {
  it(
    'payout paid, two confirmed deletions and the organiser’s cancel at once: paid only against a balance that covers it, refunded once',
    { timeout: 240_000 },
    async () => {
      const admin = await t.signedIn();
      await db().execute(sql`update users set role = 'admin' where id = ${admin.user.id}`);
      const outcomes = { paidFirst: 0, refusedAfterTakeBack: 0 };
      for (let round = 0; round < ROUNDS; round += 1) {
        t.clock.set(TEST_NOW);
        const organiser = await t.signedIn();
        const key = await t.send('PUT', '/api/users/me/payout-key', organiser.authorization, {
          type: 'cpf',
          key: '529.982.247-25',
          holderName: 'Olga Prado',
        });
        expect(key.status).toBe(200);
        const game = await createGame(db(), {
          creatorId: organiser.user.id,
          priceCents: 3000,
          dateTime: new Date(TEST_NOW.getTime() + 3 * DAY_MS),
        });
        const players = [await t.signedIn(3000), await t.signedIn(3000)];
        for (const player of players)
          expect((await t.post(`/api/games/${game.id}/apply`, player.authorization, { paymentType: 'credit' })).status).toBe(200);
        t.clock.set(new Date(game.dateTime.getTime() + 25 * HOUR_MS));
        const asked = await t.post('/api/user-games/payouts', organiser.authorization, {});
        expect(asked.status).toBe(201);
        const payoutId = (asked.body.payout as { id: number }).id;

        const reference = `E12345678202611271200${String(round).padStart(11, '0')}`;
        const [paid, firstDelete, secondDelete, cancel] = await Promise.all([
          t.post(`/api/admin/payouts/${payoutId}/paid`, admin.authorization, { reference }),
          t.send('DELETE', `/api/admin/games/${game.id}`, admin.authorization, { confirm: true }),
          t.send('DELETE', `/api/admin/games/${game.id}`, admin.authorization, { confirm: true }),
          t.post(`/api/user-games/${game.id}/cancel`, organiser.authorization, { reason: 'Choveu' }),
        ]);
        // The organiser never gives money back: the whistle's 409, or the administration's cancel came first.
        expect(cancel.status).toBe(409);
        expect(['game_started', 'game_already_cancelled']).toContain(cancel.body.code);
        expect([firstDelete.status, secondDelete.status].sort()).toEqual([200, 409]);
        expect([firstDelete, secondDelete].find((reply) => reply.status === 409)!.body.code).toBe('game_already_cancelled');

        const refunds = await db()
          .select()
          .from(creditTransactions)
          .where(
            and(
              eq(creditTransactions.type, 'refund'),
              inArray(
                creditTransactions.userId,
                players.map((player) => player.user.id),
              ),
            ),
          );
        expect(refunds).toHaveLength(2);
        const takenBack = await db()
          .select()
          .from(organiserEarnings)
          .where(and(eq(organiserEarnings.gameId, game.id), eq(organiserEarnings.kind, 'refund')));
        expect(takenBack).toHaveLength(2);
        const [payoutRow] = await db()
          .select()
          .from(organiserEarnings)
          .where(eq(organiserEarnings.source, `payout:${payoutId}`));
        const [payout] = await db().select().from(payouts).where(eq(payouts.id, payoutId));
        const statement = (await t.send('GET', '/api/user-games/earnings', organiser.authorization)).body;
        if (paid.status === 200) {
          // Paid first: the take-back committed after it, and the debt is the payout. (Row ids do not tell the order: a
          // refund's row takes its id before its foreign key waits for the payment's lock on the organiser.)
          outcomes.paidFirst += 1;
          expect(payoutRow!.netCents).toBe(-5520);
          expect(payout!.status).toBe('paid');
          expect(statement).toMatchObject({ owed: 55.2, available: 0, paidOut: 55.2 });
        } else {
          outcomes.refusedAfterTakeBack += 1;
          expect([paid.status, paid.body.code]).toEqual([409, 'payout_above_balance']);
          expect(payoutRow).toBeUndefined();
          expect(payout!.status).toBe('requested');
          expect(statement).toMatchObject({ owed: 0, available: 0, paidOut: 0, requested: 55.2 });
        }
      }
      await expectLedgerBalanced(db());
      expect(outcomes.paidFirst + outcomes.refusedAfterTakeBack).toBe(ROUNDS);
    },
  );
});
