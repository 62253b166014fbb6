import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import type { Payout, RequestPayoutReply } from '../../../shared/schemas/earnings';
import type { AuthUser, ServerContext } from '../../core/context';
import { payoutView } from '../../core/earnings/earnings-statement';
import { organiserBalance } from '../../core/earnings/organiser-balance';
import { payouts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const m = messages.earnings;
const brl = (cents: number) => formatBRL(toReais(cents));

/**
 * Asks for everything available (or `askedCents` of it), to the account's PIX key as it is now. The organiser's row is locked first, so two
 * requests at once run one after the other: the second finds the first open (409), and the partial unique index on
 * open payouts holds the same line in the database. Below PAYOUT_MINIMUM, owing the platform (decision 063), or without
 * a key, nothing is written (409).
 */
export async function requestPayout(ctx: ServerContext, user: AuthUser, askedCents?: number): Promise<RequestPayoutReply> {
  const now = ctx.clock.now();
  const { holdHours, payoutMinimumCents } = ctx.config.earnings;
  const payout = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ type: users.payoutKeyType, key: users.payoutKey, holderName: users.payoutHolderName })
      .from(users)
      .where(eq(users.id, user.id))
      .for('no key update');
    if (!account?.type || !account.key || !account.holderName) throw new AppError('payout_key_missing', m.keyMissing);
    const [open] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.organiserId, user.id), eq(payouts.status, 'requested')));
    if (open) throw new AppError('payout_already_requested', m.alreadyRequested);
    const { availableCents, owedCents } = await organiserBalance(tx, user.id, now, holdHours);
    if (owedCents > 0) throw new AppError('payout_below_minimum', m.belowMinimumOwing(brl(owedCents)));
    if (availableCents <= 0 || availableCents < payoutMinimumCents) {
      throw new AppError('payout_below_minimum', m.belowMinimum(brl(availableCents), brl(payoutMinimumCents)));
    }
    if (askedCents !== undefined && askedCents > availableCents) {
      throw new AppError('payout_above_available', m.amountAboveAvailable(brl(availableCents)));
    }
    const amountCents = askedCents ?? availableCents;
    if (amountCents < payoutMinimumCents) {
      throw new AppError('payout_below_minimum', m.belowMinimum(brl(amountCents), brl(payoutMinimumCents)));
    }
    const [created] = await tx
      .insert(payouts)
      .values({
        organiserId: user.id,
        amountCents,
        keyType: account.type,
        key: account.key,
        holderName: account.holderName,
        requestedAt: now,
      })
      .returning();
    return created!;
  });
  return { message: m.requested(brl(payout.amountCents)), payout: payoutView(payout) };
}

/** One of the caller's payouts; someone else's is the same 404 as one that does not exist. */
export async function getPayout(ctx: ServerContext, user: AuthUser, id: number): Promise<Payout> {
  const [payout] = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, id), eq(payouts.organiserId, user.id)));
  if (!payout) throw new AppError('payout_not_found', m.payoutNotFound);
  return payoutView(payout);
}
