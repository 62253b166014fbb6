import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import type { Tx } from '../../db/open-database';
import { payments, registrations } from '../../db/schema';
import type { ProviderPayment } from '../../integrations/payments/provider';
import type { ServerContext } from '../context';
import { postCreditTransaction } from '../credits/post-credit-transaction';
import { recordSale } from '../earnings/record-earnings';
import { expirePendingPayments } from '../games/expire-pending-payments';
import { recordGameEvent } from '../games/game-history';
import { when } from '../games/game-notices';
import { noticeOrganiserOfRegistration } from '../games/organiser-notices';
import { type GameRow, lockGame } from '../games/registration-guards';
import { notify, notifyCreditsAdded, type PendingMail, sendPendingMail } from '../notifications/notify';
import { ledgerTypeOf, paymentReference, type PaymentRow, registrationPaymentTypeOf } from './payment-records';

/**
 * Why a provider's report does not describe this payment, or null when it does. A report is only
 * believed when everything matches the row we stored: provider, our reference, the checkout session
 * (when the provider names one), the currency and, for a paid one, the exact amount.
 */
export function reportMismatch(payment: PaymentRow, report: ProviderPayment): string | null {
  if (report.provider !== payment.provider) return `provider ${report.provider} ≠ ${payment.provider}`;
  if (report.reference !== paymentReference(payment.id)) return `reference ${report.reference} ≠ ${payment.id}`;
  if (report.sessionId !== null && payment.providerSessionId !== null && report.sessionId !== payment.providerSessionId) {
    return `session ${report.sessionId} ≠ ${payment.providerSessionId}`;
  }
  if (report.currency !== payment.currency) return `currency ${report.currency} ≠ ${payment.currency}`;
  if (report.status === 'paid' && report.amountCents !== payment.amountCents)
    return `amount ${report.amountCents} ≠ ${payment.amountCents}`;
  return null;
}

/**
 * Acts on a verified report about one of our payments (from a webhook, verify-payment or the
 * sandbox page): paid settles it once, failed marks it, anything else changes nothing. A report
 * that does not match the row is logged and ignored.
 */
export async function applyProviderReport(ctx: ServerContext, payment: PaymentRow, report: ProviderPayment): Promise<void> {
  const mismatch = reportMismatch(payment, report);
  if (mismatch) {
    ctx.log.warn({ paymentId: payment.id, provider: report.provider, mismatch }, 'pagamento ignorado: não confere com o registro');
    return;
  }
  if (report.status === 'paid') await settlePaidPayment(ctx, payment.id, report.providerPaymentId);
  else if (report.status === 'failed') await markPaymentFailed(ctx, payment.id);
}

/** A payment nobody settled yet stops being awaited; a settled one is never touched again. */
async function markPaymentFailed(ctx: ServerContext, paymentId: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(payments)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(payments.id, paymentId), isNull(payments.settledAt), inArray(payments.status, ['pending', 'expired'])));
}

/**
 * Settles a paid payment exactly once, in one transaction: the game (if any) is locked first, then
 * the payment row; a row already settled is left alone. A game payment whose registration still
 * holds its slot confirms it; otherwise (a top-up, or a game payment that came too late) the money
 * becomes credits through the ledger, with a notification. Returns false when it was settled before.
 */
export async function settlePaidPayment(ctx: ServerContext, paymentId: number, providerPaymentId: string | null): Promise<boolean> {
  const mails: PendingMail = [];
  const settled = await ctx.db.transaction(async (tx): Promise<{ provider: string; outcome: 'confirmed' | 'credited' } | undefined> => {
    const [peek] = await tx.select({ purpose: payments.purpose, gameId: payments.gameId }).from(payments).where(eq(payments.id, paymentId));
    if (!peek) return undefined;
    let game: GameRow | undefined;
    if (peek.purpose === 'game' && peek.gameId !== null) {
      game = await lockGame(tx, peek.gameId);
      // A hold past its deadline is released first, exactly as any other use case on the game would.
      await expirePendingPayments(tx, ctx, game, mails);
    }
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || payment.settledAt) return undefined;

    const now = ctx.clock.now();
    const paid = {
      status: 'paid' as const,
      providerPaymentId: providerPaymentId ?? payment.providerPaymentId,
      paidAt: now,
      settledAt: now,
      updatedAt: now,
    };
    if (game && (await confirmHeldRegistration(tx, ctx, mails, game, payment, now))) {
      await recordSale(tx, payment.registrationId!, ctx.config.earnings.feePercent, now);
      await tx
        .update(payments)
        .set({ ...paid, outcome: 'confirmed' })
        .where(eq(payments.id, payment.id));
      return { provider: payment.provider, outcome: 'confirmed' };
    }
    await creditWallet(tx, payment, game);
    await tx
      .update(payments)
      .set({ ...paid, outcome: 'credited' })
      .where(eq(payments.id, payment.id));
    return { provider: payment.provider, outcome: 'credited' };
  });
  await sendPendingMail(ctx, mails);
  if (!settled) return false;
  ctx.metrics.paymentSettled(settled.provider, settled.outcome);
  return true;
}

/** Confirms the payment's registration if it still holds its slot awaiting payment. */
async function confirmHeldRegistration(
  tx: Tx,
  ctx: ServerContext,
  mails: PendingMail,
  game: GameRow,
  payment: PaymentRow,
  now: Date,
): Promise<boolean> {
  if (payment.registrationId === null) return false;
  const confirmed = await tx
    .update(registrations)
    .set({
      status: 'confirmed',
      paymentType: registrationPaymentTypeOf(payment.method),
      paidCents: payment.amountCents,
      confirmedAt: now,
      paymentDeadline: null,
      updatedAt: now,
    })
    .where(and(eq(registrations.id, payment.registrationId), eq(registrations.gameId, game.id), eq(registrations.status, 'pending')))
    .returning({ id: registrations.id, waitlistPriceCents: registrations.waitlistPriceCents });
  if (confirmed.length === 0) return false;
  // The provider's word, not a person's doing: the system confirms the place the player paid for.
  await recordGameEvent(tx, {
    gameId: game.id,
    actorId: null,
    action: 'player_confirmed',
    details: { playerId: payment.userId, cents: payment.amountCents, paymentType: registrationPaymentTypeOf(payment.method) },
    at: now,
  });
  await notify(tx, payment.userId, 'registration_confirmed', messages.notice.paymentConfirmed(game.name, when(game)), game.id);
  // A place held for a card or PIX apply is news to the organiser; one offered from the line was news when it joined.
  if (confirmed[0]!.waitlistPriceCents === null) await noticeOrganiserOfRegistration(tx, ctx, mails, game, payment.userId, 'confirmed');
  return true;
}

async function creditWallet(tx: Tx, payment: PaymentRow, game: GameRow | undefined): Promise<void> {
  const amount = formatBRL(toReais(payment.amountCents));
  await postCreditTransaction(tx, {
    userId: payment.userId,
    amountCents: payment.amountCents,
    type: ledgerTypeOf(payment.method),
    description: game
      ? `Pagamento da vaga em ${game.name} recebido após o prazo`
      : `Compra de créditos (${payment.method === 'card' ? 'cartão' : 'PIX'})`,
    source: payment.provider,
    reference: `payment:${payment.id}`,
  });
  if (game) await notify(tx, payment.userId, 'late_payment_credited', messages.notice.latePaymentCredited(game.name, amount), game.id);
  else await notifyCreditsAdded(tx, payment.userId, payment.amountCents);
}
