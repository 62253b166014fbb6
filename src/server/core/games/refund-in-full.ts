import type { RefundOutcome } from '../../../shared/schemas/games';
import type { Tx } from '../../db/open-database';
import { cancellationRequests } from '../../db/schema';
import { postCreditTransaction } from '../credits/post-credit-transaction';
import type { GameRow, RegistrationRow } from './registration-guards';

/**
 * A full refund of what a registration paid through the platform, whatever the 48-hour rule says
 * (the organiser or the platform, not the player, ended it): credits come back through the ledger at once; card and
 * PIX become a pending refund request for the cancellations screen. Both are keyed to the
 * registration (ledger reference `registration:{id}`, one request per registration), so the same
 * registration is never refunded twice, whichever path gets there first.
 */
export async function refundInFull(
  tx: Tx,
  input: { game: GameRow; registration: RegistrationRow; description: string; reason: string; adminId?: number },
): Promise<{ outcome: RefundOutcome; cents: number }> {
  const { registration } = input;
  const { paidCents, paymentType } = registration;
  if (paidCents === 0 || !paymentType || paymentType === 'external') return { outcome: 'none', cents: 0 };
  if (paymentType === 'credit') {
    const posted = await postCreditTransaction(tx, {
      userId: registration.userId,
      amountCents: paidCents,
      type: 'refund',
      description: input.description,
      source: 'credit',
      reference: `registration:${registration.id}`,
      createdBy: input.adminId,
    });
    return posted ? { outcome: 'credits', cents: paidCents } : { outcome: 'none', cents: 0 };
  }
  const [request] = await tx
    .insert(cancellationRequests)
    .values({
      registrationId: registration.id,
      gameId: input.game.id,
      userId: registration.userId,
      reason: input.reason,
      amountCents: paidCents,
      paymentType,
    })
    .onConflictDoNothing({ target: cancellationRequests.registrationId })
    .returning({ id: cancellationRequests.id });
  return request ? { outcome: 'request', cents: paidCents } : { outcome: 'none', cents: 0 };
}
