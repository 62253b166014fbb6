import type { ServerContext } from '../../core/context';
import { cancellationRefundKey } from '../../core/games/refund-in-full';
import { refundPayment } from '../../core/payments/refund-payment';

/**
 * The one place the admin area asks the payments module for money back on a card/PIX payment
 * (through the provider, or into credits when the admin chooses so). The idempotency key is the
 * request's, so two simultaneous or repeated calls refund once.
 */
export async function refundOriginalPayment(
  ctx: ServerContext,
  input: { cancellationId: number; registrationId: number; amountCents: number; destination: 'provider' | 'credits'; adminId: number },
): Promise<void> {
  await refundPayment(ctx, {
    registrationId: input.registrationId,
    amountCents: input.amountCents,
    idempotencyKey: cancellationRefundKey(input.cancellationId),
    destination: input.destination,
    createdBy: input.adminId,
  });
}
