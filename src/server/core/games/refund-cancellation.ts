import { isRefundable } from '../../../shared/rules/refund-policy';
import type { RefundOutcome } from '../../../shared/schemas/games';
import type { Tx } from '../../db/open-database';
import { cancellationRequests } from '../../db/schema';
import { postCreditTransaction } from '../credits/post-credit-transaction';
import { recordRefund } from '../earnings/record-earnings';
import type { GameRow, RegistrationRow } from './registration-guards';

/**
 * The spec's refund rule for a registration its player gives up, by the server's clock: at least
 * 48 hours before the game what was paid comes back (credits at once, through the ledger; card/PIX
 * as a request the admin area processes); later, nothing does. A refund takes the organiser's share back with it.
 */
export async function refundCancellation(tx: Tx, game: GameRow, registration: RegistrationRow, now: Date): Promise<RefundOutcome> {
  const { paidCents, paymentType } = registration;
  if (paidCents === 0 || !paymentType || !isRefundable(game.dateTime, now)) return 'none';
  if (paymentType === 'credit') {
    await postCreditTransaction(tx, {
      userId: registration.userId,
      amountCents: paidCents,
      type: 'refund',
      description: `Cancelamento da inscrição no jogo ${game.name}`,
      source: 'credit',
      reference: `registration:${registration.id}`,
    });
    await recordRefund(tx, registration.id, now);
    return 'credits';
  }
  await tx.insert(cancellationRequests).values({
    registrationId: registration.id,
    gameId: game.id,
    userId: registration.userId,
    reason: 'Cancelado pelo jogador',
    amountCents: paidCents,
    paymentType,
  });
  await recordRefund(tx, registration.id, now);
  return 'request';
}
