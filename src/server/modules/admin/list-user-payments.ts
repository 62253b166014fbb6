import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserPaymentsReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { creditTransactions, users } from '../../db/schema';
import { toCreditTransactionView } from './admin-views';
import { findProviderPayments } from './find-provider-payments';
import { findUserOrThrow } from './get-user';

const creator = alias(users, 'creator');

/** A user's whole credit ledger and their card/PIX payments, newest first. */
export async function listUserPayments(ctx: ServerContext, userId: number): Promise<UserPaymentsReply> {
  await findUserOrThrow(ctx.db, userId);
  const [ledger, stripePayments] = await Promise.all([
    ctx.db
      .select({ row: creditTransactions, creator: { id: creator.id, name: creator.name } })
      .from(creditTransactions)
      .leftJoin(creator, eq(creator.id, creditTransactions.createdBy))
      .where(eq(creditTransactions.userId, userId))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id)),
    findProviderPayments(ctx.db, userId),
  ]);
  return {
    stripePayments,
    creditTransactions: ledger.map(({ row, creator: by }) => toCreditTransactionView(row, by?.id ? by : null)),
  };
}
