import { eq } from 'drizzle-orm';
import type { PaymentType } from '../../../shared/schemas/games';
import type { Tx } from '../../db/open-database';
import { registrations } from '../../db/schema';
import { postCreditTransaction } from '../credits/post-credit-transaction';
import { recordSale } from '../earnings/record-earnings';
import type { GameRow } from './registration-guards';

/** The ledger line of a game paid with credits, before the game's name (also written by the fast_apply function). */
export const SPEND_DESCRIPTION_PREFIX = 'Inscrição no jogo ';

/**
 * Turns a registration into a confirmed one: outside-payment games confirm without charge
 * (`external`); platform games debit the price from credits through the ledger, which throws
 * 'Saldo insuficiente' (rolling the whole use case back) when the balance is short. A paid place earns its
 * organiser their share at `feePercent` (PLATFORM_FEE_PERCENT) in the same transaction.
 */
export async function confirmRegistration(
  tx: Tx,
  game: GameRow,
  registration: { id: number; userId: number },
  now: Date,
  feePercent: number,
): Promise<{ paymentType: PaymentType; paidCents: number }> {
  const paymentType: PaymentType = game.usePlatformPayment ? 'credit' : 'external';
  const paidCents = game.usePlatformPayment ? game.priceCents : 0;
  if (paidCents > 0) {
    await postCreditTransaction(tx, {
      userId: registration.userId,
      amountCents: -paidCents,
      type: 'spend_game',
      description: `${SPEND_DESCRIPTION_PREFIX}${game.name}`,
      source: 'credit',
      reference: `registration:${registration.id}`,
    });
  }
  await tx
    .update(registrations)
    .set({ status: 'confirmed', paymentType, paidCents, confirmedAt: now, paymentDeadline: null, updatedAt: now })
    .where(eq(registrations.id, registration.id));
  if (paidCents > 0) await recordSale(tx, registration.id, feePercent, now);
  return { paymentType, paidCents };
}
