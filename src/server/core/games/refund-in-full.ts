import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { RefundOutcome } from '../../../shared/schemas/games';
import type { Tx } from '../../db/open-database';
import { cancellationRequests, games, payments, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServerContext } from '../context';
import { postCreditTransaction } from '../credits/post-credit-transaction';
import { recordRefund } from '../earnings/record-earnings';
import type { PendingMail } from '../notifications/notify';
import { refundPayment } from '../payments/refund-payment';
import { recordGameEvent } from './game-history';
import { brl, noticeWithEmail } from './game-notices';
import type { GameRow, RegistrationRow } from './registration-guards';

/**
 * Marks a refund request whose money is on its way back through the provider (status still
 * pending): the admin may not reject it meanwhile, and processing it again finishes the same refund.
 */
export const PROCESSING = 'processing';

/** The idempotency key of a request's refund: the same for the refund at once and any admin retry. */
export const cancellationRefundKey = (requestId: number) => `cancellation:${requestId}`;

/** Card and PIX refunds to ask the provider for once the transaction that promised them commits. */
export type PendingRefunds = { requestId: number }[];

/**
 * A full refund of what a registration paid through the platform, whatever the 48-hour rule says
 * (the organiser or the platform, not the player, ended it): credits come back through the ledger at once; card and
 * PIX get a refund request, marked as under way, that the caller hands to refundAtProvider after commit
 * (a provider call cannot sit inside our transaction). Both are keyed to the registration (ledger
 * reference `registration:{id}`, one request per registration), so the same registration is never
 * refunded twice, whichever path gets there first. Either way the organiser's share of the place is taken back
 * with the promise, in the same transaction.
 */
export async function refundInFull(
  tx: Tx,
  input: {
    game: GameRow;
    registration: RegistrationRow;
    description: string;
    reason: string;
    adminId?: number;
    /** Who ended the registration, for the game's history (null: the platform). */
    actorId: number | null;
    refunds: PendingRefunds;
    now: Date;
  },
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
    if (!posted) return { outcome: 'none', cents: 0 };
    await recordRefund(tx, registration.id, input.now);
    await recordRefundEvent(tx, input, 'credits');
    return { outcome: 'credits', cents: paidCents };
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
      resolution: PROCESSING,
    })
    .onConflictDoNothing({ target: cancellationRequests.registrationId })
    .returning({ id: cancellationRequests.id });
  if (!request) return { outcome: 'none', cents: 0 };
  await recordRefund(tx, registration.id, input.now);
  await recordRefundEvent(tx, input, 'request');
  input.refunds.push({ requestId: request.id });
  return { outcome: 'request', cents: paidCents };
}

/** A full refund in the game's history, in the refund's transaction: credits at once, or asked of the provider. */
function recordRefundEvent(
  tx: Tx,
  input: { game: GameRow; registration: RegistrationRow; adminId?: number; actorId: number | null; now: Date },
  refund: 'credits' | 'request',
) {
  return recordGameEvent(tx, {
    gameId: input.game.id,
    actorId: input.actorId,
    action: 'refunded',
    details: {
      playerId: input.registration.userId,
      cents: input.registration.paidCents,
      refund,
      ...(input.adminId !== undefined && { byAdmin: true }),
    },
    at: input.now,
  });
}

export type ProviderRefundSummary = { refundedCount: number; refundedCents: number; awaitingCount: number; awaitingCents: number };

/**
 * Gives back, through the provider, the card and PIX payments refundInFull promised, one by one after
 * commit, each under its request's idempotency key (so a retry, a second caller or the admin's
 * processing refunds once). A refund done closes its request and tells the player the amount and the
 * method; a refused one leaves the request pending for the admin, free to process it again; an
 * unknown outcome (provider unreachable) keeps it marked, and processing it again finishes it.
 */
export async function refundAtProvider(ctx: ServerContext, refunds: PendingRefunds, mails: PendingMail): Promise<ProviderRefundSummary> {
  const summary: ProviderRefundSummary = { refundedCount: 0, refundedCents: 0, awaitingCount: 0, awaitingCents: 0 };
  for (const { requestId } of refunds) {
    const [request] = await ctx.db.select().from(cancellationRequests).where(eq(cancellationRequests.id, requestId));
    if (!request) continue;
    try {
      await refundPayment(ctx, {
        registrationId: request.registrationId,
        amountCents: request.amountCents,
        idempotencyKey: cancellationRefundKey(request.id),
      });
    } catch (error) {
      ctx.log.warn({ err: error, requestId }, 'reembolso pelo provedor não concluído: fica para a administração');
      const outcomeKnown = error instanceof AppError && error.status < 500;
      if (outcomeKnown) {
        await ctx.db
          .update(cancellationRequests)
          .set({ resolution: null })
          .where(
            and(
              eq(cancellationRequests.id, requestId),
              eq(cancellationRequests.status, 'pending'),
              eq(cancellationRequests.resolution, PROCESSING),
            ),
          );
      }
      summary.awaitingCount += 1;
      summary.awaitingCents += request.amountCents;
      continue;
    }
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(cancellationRequests).where(eq(cancellationRequests.id, requestId)).for('update');
      // The admin's processing of the same request may have finished first: it told the player.
      if (locked!.status !== 'pending') return;
      await tx
        .update(cancellationRequests)
        .set({ status: 'processed', resolution: 'original', processedAt: ctx.clock.now() })
        .where(eq(cancellationRequests.id, requestId));
      const [game] = await tx.select().from(games).where(eq(games.id, locked!.gameId));
      const [player] = await tx
        .select({ id: users.id, name: users.name, email: users.email, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, locked!.userId));
      // An organiser who deleted the account is refunded for their own cancelled games, with nobody left to tell.
      if (player!.deletedAt !== null) return;
      const [payment] = await tx
        .select({ method: payments.method })
        .from(payments)
        .where(and(eq(payments.registrationId, locked!.registrationId), eq(payments.outcome, 'confirmed')));
      await noticeWithEmail(tx, ctx, mails, {
        game: game!,
        to: player!,
        type: 'refund_processed',
        message: messages.notice.refundedAtOnce(game!.name, brl(locked!.amountCents), payment!.method),
        subject: `Reembolso feito: ${game!.name}`,
      });
    });
    summary.refundedCount += 1;
    summary.refundedCents += request.amountCents;
  }
  return summary;
}
