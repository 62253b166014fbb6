import { eq } from 'drizzle-orm';
import { formatBRL, toReais } from '../../../shared/money';
import type { ServerContext } from '../../core/context';
import { TOP_UP_CHECKOUT_MS } from '../../core/payments/close-checkouts';
import { type CheckoutRedirect, insertPendingPayment, openCheckout, type Payer } from '../../core/payments/start-checkout';
import { payments } from '../../db/schema';
import type { PaymentMethod } from '../../integrations/payments/provider';

/**
 * A top-up of credits by card or PIX: a pending payment and its hosted checkout, payable for TOP_UP_CHECKOUT_MS (then
 * the sweep ends it, as an abandoned hold's checkout).
 */
export async function createTopUpCheckout(
  ctx: ServerContext,
  payer: Payer,
  amountCents: number,
  method: PaymentMethod,
): Promise<CheckoutRedirect> {
  const expiresAt = new Date(ctx.clock.now().getTime() + TOP_UP_CHECKOUT_MS);
  const payment = await insertPendingPayment(ctx.db, ctx, { userId: payer.id, purpose: 'topup', method, amountCents, expiresAt });
  try {
    return await openCheckout(ctx, payment, {
      description: `Bora Jogar: ${formatBRL(toReais(amountCents))} em créditos`,
      payerEmail: payer.email,
    });
  } catch (error) {
    await ctx.db.update(payments).set({ status: 'failed', updatedAt: ctx.clock.now() }).where(eq(payments.id, payment.id));
    throw error;
  }
}
