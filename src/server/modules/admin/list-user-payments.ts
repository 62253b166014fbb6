import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_STATEMENT_PAGE_SIZE, type UserPaymentsQuery, type UserPaymentsReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { creditTransactions, users } from '../../db/schema';
import { fromNearerEnd, pageOf, toCreditTransactionView } from './admin-views';
import { findProviderPayments } from './find-provider-payments';
import { findUserOrThrow } from './get-user';

const creator = alias(users, 'creator');

/**
 * One page of a user's credit ledger, newest first (ADMIN_STATEMENT_PAGE_SIZE rows, by the index on user, date and id:
 * a player of years has thousands; a page past the middle read from the oldest end), and their latest card/PIX
 * payments with how many there are.
 */
export async function listUserPayments(ctx: ServerContext, userId: number, query: UserPaymentsQuery): Promise<UserPaymentsReply> {
  await findUserOrThrow(ctx.db, userId);
  const [[countRow], providerPayments] = await Promise.all([
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId)),
    findProviderPayments(ctx.db, userId),
  ]);
  const { offset, ...page } = pageOf(query.page, ADMIN_STATEMENT_PAGE_SIZE, countRow?.count ?? 0);
  const seek = fromNearerEnd(offset, ADMIN_STATEMENT_PAGE_SIZE, page.total);
  const read = await ctx.db
    .select({ row: creditTransactions, creator: { id: creator.id, name: creator.name } })
    .from(creditTransactions)
    .leftJoin(creator, eq(creator.id, creditTransactions.createdBy))
    .where(eq(creditTransactions.userId, userId))
    .orderBy(
      ...(seek.reversed
        ? [asc(creditTransactions.createdAt), asc(creditTransactions.id)]
        : [desc(creditTransactions.createdAt), desc(creditTransactions.id)]),
    )
    .limit(seek.limit)
    .offset(seek.offset);
  const ledger = seek.reversed ? read.reverse() : read;
  return {
    stripePayments: providerPayments.shown,
    stripePaymentsTotal: providerPayments.total,
    creditTransactions: ledger.map(({ row, creator: by }) => toCreditTransactionView(row, by?.id ? by : null)),
    ...page,
  };
}
