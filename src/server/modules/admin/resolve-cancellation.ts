import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import type { ResolveCancellationInput, ResolveCancellationReply } from '../../../shared/schemas/admin';
import type { AuthUser, ServerContext } from '../../core/context';
import { postCreditTransaction } from '../../core/credits/post-credit-transaction';
import { recordRefundReversed } from '../../core/earnings/record-earnings';
import { noticeWithEmail } from '../../core/games/game-notices';
import { PROCESSING } from '../../core/games/refund-in-full';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import type { Tx } from '../../db/open-database';
import { cancellationRequests, games, payments, registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { guaranteed, loadCancellations } from './cancellation-view';
import { refundOriginalPayment } from './refund-original-payment';

type RequestRow = typeof cancellationRequests.$inferSelect;

/** The request, locked for the rest of the transaction; only a pending one may be decided (409 otherwise). */
async function lockPendingRequest(tx: Tx, id: number): Promise<RequestRow> {
  const [request] = await tx.select().from(cancellationRequests).where(eq(cancellationRequests.id, id)).for('update');
  if (!request) throw new AppError('cancellation_not_found', messages.admin.cancellationNotFound);
  if (request.status !== 'pending') {
    throw new AppError(
      'cancellation_already_resolved',
      messages.admin.cancellationAlreadyResolved(request.status === 'processed' ? 'processado' : 'rejeitado'),
    );
  }
  return request;
}

/** Records the decision on the locked request and tells the player (notification, and e-mail after commit). */
async function settle(
  tx: Tx,
  ctx: ServerContext,
  mails: PendingMail,
  input: { request: RequestRow; admin: AuthUser; status: 'processed' | 'rejected'; resolution: string; message: string },
) {
  await tx
    .update(cancellationRequests)
    .set({ status: input.status, resolution: input.resolution, processedBy: input.admin.id, processedAt: ctx.clock.now() })
    .where(eq(cancellationRequests.id, input.request.id));
  const [game] = await tx.select().from(games).where(eq(games.id, input.request.gameId));
  const [player] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, input.request.userId));
  await noticeWithEmail(tx, ctx, mails, {
    game: game!,
    to: player!,
    type: input.status === 'processed' ? 'refund_processed' : 'refund_rejected',
    message: input.message,
    subject: input.status === 'processed' ? `Reembolso processado: ${game!.name}` : `Pedido de reembolso: ${game!.name}`,
  });
  return game!;
}

async function reject(ctx: ServerContext, admin: AuthUser, id: number, reason: string, mails: PendingMail) {
  await ctx.db.transaction(async (tx) => {
    const request = await lockPendingRequest(tx, id);
    if (request.resolution === PROCESSING) throw new AppError('cancellation_in_progress', messages.admin.cancellationInProgress);
    const [game] = await tx.select().from(games).where(eq(games.id, request.gameId));
    const [registration] = await tx
      .select({ cancelledAt: registrations.cancelledAt })
      .from(registrations)
      .where(eq(registrations.id, request.registrationId));
    if (guaranteed(request, game!, registration!.cancelledAt)) throw new AppError('refund_guaranteed', messages.admin.refundGuaranteed);
    // The player keeps the place's money from the organiser's share taken back when the refund was asked for: it returns.
    await recordRefundReversed(tx, request.registrationId, ctx.clock.now());
    await settle(tx, ctx, mails, {
      request,
      admin,
      status: 'rejected',
      resolution: reason,
      message: messages.notice.refundRejected(game!.name, reason),
    });
  });
  return messages.admin.cancellationRejected;
}

/**
 * Processing refunds exactly once, in two steps because a provider refund cannot sit inside our
 * transaction. 1) Under the request's lock: still pending? mark it `processing` (a rejection now
 * waits with a 409). 2) The refund itself: a card/PIX payment goes through the payments module with
 * the request's idempotency key (provider, or credits when the admin chooses), so a simultaneous or
 * repeated call refunds once. 3) Under the lock again: still pending? mark it processed and tell the
 * player; a second caller finds it processed and gets a 409. A request with no recorded provider
 * payment (older data) can only go to credits, through the ledger in step 3, keyed to the
 * registration. A refused refund clears the mark so the admin can choose again.
 */
async function processRefund(ctx: ServerContext, admin: AuthUser, id: number, refundAs: 'credits' | 'original', mails: PendingMail) {
  const claim = await ctx.db.transaction(async (tx) => {
    const request = await lockPendingRequest(tx, id);
    await tx.update(cancellationRequests).set({ resolution: PROCESSING }).where(eq(cancellationRequests.id, id));
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.registrationId, request.registrationId), eq(payments.outcome, 'confirmed')));
    return { request, hasProviderPayment: payment !== undefined };
  });
  const { request } = claim;
  const destination = request.paymentType === 'credit' ? 'credits' : refundAs;
  try {
    if (claim.hasProviderPayment) {
      await refundOriginalPayment(ctx, {
        cancellationId: request.id,
        registrationId: request.registrationId,
        amountCents: request.amountCents,
        destination: destination === 'credits' ? 'credits' : 'provider',
        adminId: admin.id,
      });
    } else if (destination === 'original') {
      throw new AppError('original_payment_not_found', messages.admin.originalPaymentNotFound);
    }
  } catch (error) {
    // Refused or impossible: the mark goes, so the admin may reject or choose credits. Unknown outcome
    // (provider unreachable, 5xx): the mark stays, rejection keeps waiting, and processing again
    // finishes the same refund (same idempotency key).
    const isSettledFailure = error instanceof AppError && error.status < 500;
    if (!isSettledFailure) throw error;
    await ctx.db
      .update(cancellationRequests)
      .set({ resolution: null })
      .where(
        and(eq(cancellationRequests.id, id), eq(cancellationRequests.status, 'pending'), eq(cancellationRequests.resolution, PROCESSING)),
      );
    throw error;
  }

  const amount = formatBRL(toReais(request.amountCents));
  await ctx.db.transaction(async (tx) => {
    const locked = await lockPendingRequest(tx, id);
    const [game] = await tx.select({ name: games.name }).from(games).where(eq(games.id, locked.gameId));
    if (!claim.hasProviderPayment) {
      await postCreditTransaction(tx, {
        userId: locked.userId,
        amountCents: locked.amountCents,
        type: 'refund',
        description: messages.admin.refundDescription(game!.name),
        source: 'admin',
        reference: `registration:${locked.registrationId}`,
        createdBy: admin.id,
      });
    }
    await settle(tx, ctx, mails, {
      request: locked,
      admin,
      status: 'processed',
      resolution: destination,
      message:
        destination === 'credits'
          ? messages.notice.refundProcessedToCredits(game!.name, amount)
          : messages.notice.refundProcessedToOriginal(game!.name, amount),
    });
  });
  return messages.admin.cancellationProcessed(amount);
}

/** Processes (refunds) or rejects a pending refund request; both tell the player. */
export async function resolveCancellation(
  ctx: ServerContext,
  admin: AuthUser,
  id: number,
  body: ResolveCancellationInput,
): Promise<ResolveCancellationReply> {
  const mails: PendingMail = [];
  const message =
    body.status === 'rejected'
      ? await reject(ctx, admin, id, body.reason ?? '', mails)
      : await processRefund(ctx, admin, id, body.refundAs, mails);
  await sendPendingMail(ctx, mails);
  const [cancellation] = await loadCancellations(ctx.db, { where: eq(cancellationRequests.id, id) });
  return { message, cancellation: cancellation! };
}
