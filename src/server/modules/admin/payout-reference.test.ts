import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createUser, HOUR_MS } from '../../../../test-support/server/factories';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced, TEST_NOW } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { payouts, users } from '../../db/schema';
import { markPayoutPaid } from './decide-payout';

// A PIX transfer id is one id in any letter case (issue 39, migration 0034): kept upper-case, and the same id typed in
// another case is already used.
const t = setUpRacingApp({ env: { PLATFORM_FEE_PERCENT: '10', PAYOUT_HOLD_HOURS: '0', PAYOUT_MINIMUM: '1' } });
const db = () => t.app.ctx.db;

const LOWER = 'E12345678202611271200abcdefghijk';
const UPPER = 'E12345678202611271200ABCDEFGHIJK';
const MIXED = 'E12345678202611271200AbCdEfGhIjK';

/** An organiser whose game was played and paid for, with a payout of its R$ 18,00 asked for; its id. */
async function requestedPayout(): Promise<number> {
  const organiser = await t.signedIn();
  await db()
    .update(users)
    .set({ payoutKeyType: 'email', payoutKey: `org${organiser.user.id}@exemplo.com.br`, payoutHolderName: 'Olga Souza' })
    .where(eq(users.id, organiser.user.id));
  t.clock.set(TEST_NOW);
  const game = await createGame(db(), { creatorId: organiser.user.id, priceCents: 2000, dateTime: new Date(TEST_NOW.getTime() + HOUR_MS) });
  const player = await t.signedIn(2000);
  expect((await t.post(`/api/games/${game.id}/apply`, player.authorization, { paymentType: 'credit' })).status).toBe(200);
  t.clock.set(new Date(game.dateTime.getTime() + 1000));
  const asked = await t.post('/api/user-games/payouts', organiser.authorization);
  expect(asked.status).toBe(201);
  return (asked.body.payout as { id: number }).id;
}

async function adminAuthorization() {
  const admin = await createUser(db(), { role: 'admin' });
  return `Bearer ${await t.app.ctx.tokens.issue({ userId: admin.id, tokenVersion: 0 })}`;
}

const markPaid = (id: number, authorization: string, reference: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/admin/payouts/${id}/paid`, headers: { authorization }, payload: { reference } });

const storedReference = async (id: number) =>
  (await db().select({ reference: payouts.reference }).from(payouts).where(eq(payouts.id, id)))[0]!.reference;

describe('the PIX transfer id of a payout', () => {
  it('is kept upper-case, and the same id in another case is already used (409), while another id is not', async () => {
    const authorization = await adminAuthorization();
    const [first, second, third] = [await requestedPayout(), await requestedPayout(), await requestedPayout()];

    const paid = await markPaid(first, authorization, `  ${LOWER} `);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payout).toMatchObject({ id: first, status: 'paid', reference: UPPER });
    expect(await storedReference(first)).toBe(UPPER);

    for (const reference of [UPPER, MIXED, LOWER]) {
      const again = await markPaid(second, authorization, reference);
      expect([again.statusCode, again.json()], reference).toEqual([
        409,
        { code: 'payout_reference_used', message: messages.earnings.referenceUsed },
      ]);
    }
    expect(await db().select({ status: payouts.status }).from(payouts).where(eq(payouts.id, second))).toEqual([{ status: 'requested' }]);

    // Not a valid id in any case: still refused as such.
    const invalid = await markPaid(second, authorization, 'E1234567820261127');
    expect(invalid.json()).toMatchObject({ code: 'validation_failed', fields: { reference: messages.earnings.referenceInvalid } });

    const other = await markPaid(second, authorization, 'e12345678202611271200zyxwvutsrqp');
    expect([other.statusCode, other.json().payout.reference]).toEqual([200, 'E12345678202611271200ZYXWVUTSRQP']);

    // A caller that does not go through the route's schema meets the stored id all the same.
    const admin = await createUser(db(), { role: 'admin' });
    await expect(markPayoutPaid(t.app.ctx, admin, third, MIXED.toLowerCase())).rejects.toMatchObject({
      code: 'payout_reference_used',
    });
    expect(await storedReference(third)).toBeNull();
  });
});

describe.runIf(isPostgres)(raced('one transfer id in two cases at once'), () => {
  it('pays one payout and refuses the other with 409, every round', { timeout: 120_000 }, async () => {
    const authorization = await adminAuthorization();
    for (let round = 0; round < 4; round += 1) {
      const ids = [await requestedPayout(), await requestedPayout()];
      const reference = `E9876543220261127120000000000${String(round).padStart(2, '0')}x`;
      const replies = await Promise.all([
        t.post(`/api/admin/payouts/${ids[0]}/paid`, authorization, { reference: reference.toLowerCase() }),
        t.post(`/api/admin/payouts/${ids[1]}/paid`, authorization, { reference: reference.toUpperCase() }),
      ]);
      expect(replies.map((reply) => reply.status).sort(), `round ${round}`).toEqual([200, 409]);
      expect(replies.find((reply) => reply.status === 409)!.body.code).toBe('payout_reference_used');
      const rows = await db().select({ reference: payouts.reference }).from(payouts).where(inArray(payouts.id, ids));
      expect(rows.map((row) => row.reference).filter(Boolean)).toEqual([reference.toUpperCase()]);
    }
  });
});
