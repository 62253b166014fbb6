import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages';
import { formatCents, toReais } from '../../../shared/money';
import type { AddCreditsReply } from '../../../shared/schemas/admin';
import type { AuthUser, ServerContext } from '../../core/context';
import { postCreditTransaction } from '../../core/credits/post-credit-transaction';
import { notifyCreditsAdded } from '../../core/notifications/notify';
import { creditTransactions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toCreditTransactionView } from './admin-views';
import { findUserOrThrow } from './get-user';

/**
 * Adds credits by hand: one `add_manual` ledger row per request, recording the admin, and a
 * notification to the user. Each request is its own movement (reference `admin-credit:{uuid}`);
 * with an Idempotency-Key the reference is the admin's key instead, so a client retry answers the
 * movement already made instead of adding again (a key reused for another user or amount is a 409).
 */
export async function addCredits(
  ctx: ServerContext,
  admin: AuthUser,
  userId: number,
  amountCents: number,
  idempotencyKey: string | undefined,
): Promise<AddCreditsReply> {
  const reference = idempotencyKey ? `admin-credit:${admin.id}:${idempotencyKey}` : `admin-credit:${randomUUID()}`;
  return ctx.db.transaction(async (tx) => {
    await findUserOrThrow(tx, userId);
    const posted = await postCreditTransaction(tx, {
      userId,
      amountCents,
      type: 'add_manual',
      description: messages.admin.creditsDescription,
      source: 'admin',
      reference,
      createdBy: admin.id,
    });
    const [row] = await tx
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.type, 'add_manual'), eq(creditTransactions.reference, reference)));
    if (!row || row.userId !== userId || row.amountCents !== amountCents) {
      throw new AppError('idempotency_key_reused', messages.admin.idempotencyKeyReused);
    }
    if (posted) await notifyCreditsAdded(tx, userId, amountCents);
    const [user] = await tx.select({ balanceCents: users.balanceCents }).from(users).where(eq(users.id, userId));
    return {
      message: messages.admin.creditsAdded(formatCents(amountCents)),
      credits: toReais(user!.balanceCents),
      transaction: toCreditTransactionView(row, { id: admin.id, name: admin.name }),
    };
  });
}
