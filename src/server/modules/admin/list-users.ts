import { asc, desc, ilike, inArray, or, sql } from 'drizzle-orm';
import { ADMIN_USERS_PAGE_SIZE, type AdminUsersQuery, type AdminUsersReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { dashboardTotals, users } from '../../db/schema';
import { fromNearerEnd, likePattern, pageOf, toAdminUser } from './admin-views';

const newestFirst = [desc(users.createdAt), desc(users.id)];
const oldestFirst = [asc(users.createdAt), asc(users.id)];

/**
 * Every account, newest first, 10 a page; `search` matches name or e-mail, ignoring case (trigram indexes,
 * migration 0017). Without a search the total is the dashboard's count of accounts, kept by the database, rather
 * than a count of every row; a page's ids come from the index alone before their rows are read (decision 041), from
 * the nearer end of the list.
 */
export async function listUsers(ctx: ServerContext, query: AdminUsersQuery): Promise<AdminUsersReply> {
  const where = query.search ? or(ilike(users.name, likePattern(query.search)), ilike(users.email, likePattern(query.search))) : undefined;
  const [countRow] = where
    ? await ctx.db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(where)
    : await ctx.db.select({ count: sql<number>`coalesce(sum(${dashboardTotals.users}), 0)::int` }).from(dashboardTotals);
  const { offset, ...page } = pageOf(query.page, ADMIN_USERS_PAGE_SIZE, countRow?.count ?? 0);
  const seek = fromNearerEnd(offset, ADMIN_USERS_PAGE_SIZE, page.total);
  const pageIds = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...(seek.reversed ? oldestFirst : newestFirst))
    .limit(seek.limit)
    .offset(seek.offset);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(inArray(users.id, pageIds))
    .orderBy(...newestFirst);
  return { users: rows.map(toAdminUser), ...page };
}
