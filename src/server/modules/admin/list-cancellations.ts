import { eq, sql } from 'drizzle-orm';
import { ADMIN_CANCELLATIONS_PAGE_SIZE, type CancellationsQuery, type CancellationsReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { cancellationRequests, cancellationTotals } from '../../db/schema';
import { fromNearerEnd, pageOf } from './admin-views';
import { loadCancellations } from './cancellation-view';

/**
 * Refund requests, all or by status, newest first, 20 a page. The total comes from the counts the database keeps by
 * status (migration 0028), not from counting years of requests; a page past the middle is read from the oldest end.
 */
export async function listCancellations(ctx: ServerContext, query: CancellationsQuery): Promise<CancellationsReply> {
  const [counted] = await ctx.db
    .select({ total: sql<number>`coalesce(sum(${cancellationTotals.requests}), 0)::int` })
    .from(cancellationTotals)
    .where(query.status ? eq(cancellationTotals.status, query.status) : undefined);
  const { offset, ...page } = pageOf(query.page, ADMIN_CANCELLATIONS_PAGE_SIZE, counted?.total ?? 0);
  const seek = fromNearerEnd(offset, ADMIN_CANCELLATIONS_PAGE_SIZE, page.total);
  const rows = await loadCancellations(ctx.db, {
    where: query.status ? eq(cancellationRequests.status, query.status) : undefined,
    limit: seek.limit,
    offset: seek.offset,
    oldestFirst: seek.reversed,
  });
  return { cancellations: seek.reversed ? rows.reverse() : rows, ...page };
}
