import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import type { AdminPayoutReply } from '../../../shared/schemas/earnings';
import type { AuthUser, ServerContext } from '../../core/context';
import { organiserBalance } from '../../core/earnings/organiser-balance';
import { tellOrganiser } from '../../core/earnings/tell-organiser';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import type { Tx } from '../../db/open-database';
import { organiserEarnings, payouts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { loadAdminPayouts } from './list-payouts';

const m = messages.earnings;
type PayoutRow = typeof payouts.$inferSelect;

/** The payout, locked for the rest of the transaction; only a requested one may be decided (409 otherwise). */
async function lockRequested(tx: Tx, id: number): Promise<PayoutRow> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  if (!payout) throw new AppError('payout_not_found', m.payoutNotFound);
  if (payout.status !== 'requested') throw new AppError('payout_already_decided', m.alreadyDecided(payout.status));
  return payout;
}

async function decide(
  ctx: ServerContext,
  id: number,
  change: (tx: Tx, payout: PayoutRow, mails: PendingMail) => Promise<string>,
): Promise<AdminPayoutReply> {
  const mails: PendingMail = [];
  const message = await ctx.db.transaction(async (tx) => change(tx, await lockRequested(tx, id), mails));
  await sendPendingMail(ctx, mails);
  const [payout] = await loadAdminPayouts(ctx, eq(payouts.id, id));
  return { message, payout: payout! };
}

/**
 * The organiser's balance, read under a lock on their account that waits for every refund in flight: a refund's
 * earnings row references the account, and writing it holds a key-share lock on it, which this `FOR UPDATE` waits
 * for and then holds off until commit. So no share can be taken back between this check and the payout's row.
 */
async function lockedSettledBalance(tx: Tx, ctx: ServerContext, organiserId: number): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, organiserId)).for('update');
  const balance = await organiserBalance(tx, organiserId, ctx.clock.now(), ctx.config.earnings.holdHours);
  return balance.settledCents;
}

/**
 * Records a payout as paid by PIX, once: under the payout's lock it must still be requested (a second call is a 409),
 * the organiser's balance now must still cover it (a share taken back since it was asked makes it a 409 naming the
 * balance, decision 063), and its ledger row (source `payout:{id}`, unique) takes the amount off what they are owed.
 */
export async function markPayoutPaid(ctx: ServerContext, admin: AuthUser, id: number, typedReference: string): Promise<AdminPayoutReply> {
  return decide(ctx, id, async (tx, payout, mails) => {
    const now = ctx.clock.now();
    const settledCents = await lockedSettledBalance(tx, ctx, payout.organiserId);
    if (settledCents < payout.amountCents) {
      throw new AppError(
        'payout_above_balance',
        m.balanceNowBelow(formatBRL(toReais(settledCents)), formatBRL(toReais(payout.amountCents))),
      );
    }
    // Two payouts recorded with one transfer id at once, in any case: the second waits here and then finds it used (a
    // 409, not the unique index's error). The schema already upper-cased it; a caller that did not must not lock and
    // look up another spelling than the one stored (migration 0034 keeps every id upper-case).
    const reference = typedReference.toUpperCase();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-reference:${reference}`}))`);
    const [used] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.reference, reference));
    if (used) throw new AppError('payout_reference_used', m.referenceUsed);
    const [paid] = await tx
      .update(payouts)
      .set({ status: 'paid', reference, decidedAt: now, decidedBy: admin.id })
      .where(eq(payouts.id, payout.id))
      .returning();
    await tx.insert(organiserEarnings).values({
      organiserId: payout.organiserId,
      kind: 'payout',
      source: `payout:${payout.id}`,
      payoutId: payout.id,
      grossCents: -payout.amountCents,
      feeCents: 0,
      netCents: -payout.amountCents,
      feePercent: 0,
      createdAt: now,
    });
    const amount = formatBRL(toReais(payout.amountCents));
    await tellOrganiser(tx, ctx, mails, paid!.organiserId, {
      type: 'payout_paid',
      text: m.notice.paid(amount, reference),
      subject: m.notice.paidSubject,
    });
    return m.markedPaid(amount);
  });
}

/** Rejects a requested payout with a reason: nothing was paid, so the amount is available again; the organiser is told. */
export async function rejectPayout(ctx: ServerContext, admin: AuthUser, id: number, reason: string): Promise<AdminPayoutReply> {
  return decide(ctx, id, async (tx, payout, mails) => {
    const [rejected] = await tx
      .update(payouts)
      .set({ status: 'rejected', reason, decidedAt: ctx.clock.now(), decidedBy: admin.id })
      .where(eq(payouts.id, payout.id))
      .returning();
    await tellOrganiser(tx, ctx, mails, rejected!.organiserId, {
      type: 'payout_rejected',
      text: m.notice.rejected(formatBRL(toReais(payout.amountCents)), reason),
      subject: m.notice.rejectedSubject,
    });
    return m.rejected;
  });
}
