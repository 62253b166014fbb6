import { eq, sql } from 'drizzle-orm';
import { ADMIN_CANCELLATIONS_PAGE_SIZE, type CancellationsQuery, type CancellationsReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { cancellationRequests } from '../../db/schema';
import { pageOf } from './admin-views';
import { loadCancellations } from './cancellation-view';

/** Refund requests, all or by status, newest first, 20 a page. */
export async function listCancellations(ctx: ServerContext, query: CancellationsQuery): Promise<CancellationsReply> {
  const where = query.status ? eq(cancellationRequests.status, query.status) : undefined;
  const [countRow] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(cancellationRequests)
    .where(where);
  const { offset, ...page } = pageOf(query.page, ADMIN_CANCELLATIONS_PAGE_SIZE, countRow?.count ?? 0);
  return { cancellations: await loadCancellations(ctx.db, { where, limit: ADMIN_CANCELLATIONS_PAGE_SIZE, offset }), ...page };
}
