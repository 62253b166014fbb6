import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { creditTransactions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type CreditTransactionInput = Pick<
  typeof creditTransactions.$inferInsert,
  'userId' | 'amountCents' | 'type' | 'description' | 'source' | 'reference' | 'status' | 'createdBy'
>;

/**
 * Locks the user's row and returns their balance: the first step of every balance change, and how a
 * use case asks "can they pay?" without a race. Callers holding a game lock take it after the game's.
 * `no key update`, not `update`: rows inserted with a foreign key to the user (a registration, a
 * notification) take a key-share lock on it, and two transactions each holding one while waiting
 * for `for update` would deadlock.
 */
export async function lockBalance(tx: Tx, userId: number): Promise<number> {
  const [user] = await tx.select({ balanceCents: users.balanceCents }).from(users).where(eq(users.id, userId)).for('no key update');
  if (!user) throw new AppError('user_not_found', messages.notFound);
  return user.balanceCents;
}

/**
 * The one way a balance changes: a ledger row, in the caller's transaction; the database moves the
 * balance with it (a trigger on the ledger, db/definitions/ledger_moves_balance.sql, decision 038), and refuses any other write
 * of it. Idempotent on (type, reference): posting the same movement again changes nothing and
 * returns null. A debit that would take the balance below zero throws 'Saldo insuficiente' before
 * writing anything.
 */
export async function postCreditTransaction(tx: Tx, input: CreditTransactionInput): Promise<{ balanceCents: number } | null> {
  const balanceCents = await lockBalance(tx, input.userId);
  const [existing] = await tx
    .select({ id: creditTransactions.id })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.type, input.type), eq(creditTransactions.reference, input.reference)));
  if (existing) return null;
  if (balanceCents + input.amountCents < 0) throw new AppError('insufficient_credits', messages.insufficientBalance);
  const [posted] = await tx
    .insert(creditTransactions)
    .values(input)
    .onConflictDoNothing({ target: [creditTransactions.type, creditTransactions.reference] })
    .returning({ id: creditTransactions.id });
  if (!posted) return null;
  // The row locked above is still held: the trigger added the amount to the balance read there.
  return { balanceCents: balanceCents + input.amountCents };
}
