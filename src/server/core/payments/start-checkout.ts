import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Queryable } from '../../db/open-database';
import { payments, registrations } from '../../db/schema';
import type { CheckoutSession, PaymentMethod } from '../../integrations/payments/provider';
import { AppError } from '../../lib/app-error';
import type { ServerContext } from '../context';
import { recordGameEvent } from '../games/game-history';
import { promoteWaitlist } from '../games/promote-waitlist';
import { lockGame } from '../games/registration-guards';
import { type PendingMail, sendPendingMail } from '../notifications/notify';
import {
  cancelPath,
  newPublicId,
  notificationUrl,
  paymentReference,
  type PaymentRow,
  providerForMethod,
  successUrl,
} from './payment-records';

export type Payer = { id: number; email: string };

/** What the browser is sent to: card replies `url`, PIX replies `initPoint`/`sandboxInitPoint`. */
export type CheckoutRedirect = { url: string; initPoint: string; sandboxInitPoint: string };

function checkoutFailedMessage(method: PaymentMethod): string {
  return method === 'card' ? messages.checkoutFailed : messages.pixCheckoutFailed;
}

/** Inserts the pending payment row in the caller's transaction (its id is the provider's reference). */
export async function insertPendingPayment(
  tx: Queryable,
  ctx: ServerContext,
  values: Pick<PaymentRow, 'userId' | 'purpose' | 'method' | 'amountCents'> &
    Partial<Pick<PaymentRow, 'gameId' | 'registrationId' | 'expiresAt'>>,
): Promise<PaymentRow> {
  const now = ctx.clock.now();
  const [row] = await tx
    .insert(payments)
    .values({ ...values, publicId: newPublicId(), provider: providerForMethod(ctx, values.method).name, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/**
 * Asks the provider for a hosted checkout of a stored pending payment and records its session id.
 * Called outside any transaction: a provider can take seconds and no lock may wait on it.
 */
export async function openCheckout(
  ctx: ServerContext,
  payment: PaymentRow,
  details: { description: string; payerEmail: string },
): Promise<CheckoutRedirect> {
  const provider = providerForMethod(ctx, payment.method);
  let session: CheckoutSession;
  try {
    session = await provider.createCheckout({
      reference: paymentReference(payment.id),
      amountCents: payment.amountCents,
      description: details.description,
      payerEmail: details.payerEmail,
      successUrl: successUrl(ctx, provider.name, payment.publicId),
      cancelUrl: `${ctx.config.publicUrl}${cancelPath(payment)}`,
      notificationUrl: notificationUrl(ctx, provider.name),
      expiresAt: payment.expiresAt ?? undefined,
    });
  } catch (error) {
    ctx.log.error({ err: error, paymentId: payment.id }, 'o provedor recusou o checkout');
    throw new AppError('checkout_failed', checkoutFailedMessage(payment.method));
  }
  await ctx.db
    .update(payments)
    .set({ providerSessionId: session.sessionId, updatedAt: ctx.clock.now() })
    .where(eq(payments.id, payment.id));
  return { url: session.url, initPoint: session.url, sandboxInitPoint: session.sandboxUrl ?? session.url };
}

/**
 * Opens the checkout of a game payment created under the game lock. When the provider cannot be
 * reached the payment fails and, if the apply created the hold, the slot is released at once (and
 * passed to the line) instead of staying blocked until its deadline.
 */
export async function openGameCheckout(
  ctx: ServerContext,
  payment: PaymentRow,
  details: { description: string; payerEmail: string; releaseHoldOnFailure: boolean },
): Promise<CheckoutRedirect> {
  try {
    return await openCheckout(ctx, payment, details);
  } catch (error) {
    await releaseFailedHold(ctx, payment, details.releaseHoldOnFailure);
    throw error;
  }
}

async function releaseFailedHold(ctx: ServerContext, payment: PaymentRow, releaseHold: boolean): Promise<void> {
  const mails: PendingMail = [];
  await ctx.db.transaction(async (tx) => {
    const game = await lockGame(tx, payment.gameId!);
    const now = ctx.clock.now();
    const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (!locked || locked.settledAt) return;
    await tx.update(payments).set({ status: 'failed', updatedAt: now }).where(eq(payments.id, payment.id));
    if (!releaseHold) return;
    const released = await tx
      .update(registrations)
      .set({ status: 'cancelled', cancelledFrom: 'pending', cancelledAt: now, updatedAt: now })
      .where(and(eq(registrations.id, payment.registrationId!), eq(registrations.status, 'pending')))
      .returning({ id: registrations.id });
    if (released.length === 0) return;
    // The checkout never opened: the place the player was about to pay for is let go.
    await recordGameEvent(tx, {
      gameId: game.id,
      actorId: null,
      action: 'player_left',
      details: { playerId: payment.userId, from: 'pending' },
      at: now,
    });
    await promoteWaitlist(tx, ctx, game, mails);
  });
  await sendPendingMail(ctx, mails);
}
