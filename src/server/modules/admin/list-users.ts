import { desc, ilike, or, sql } from 'drizzle-orm';
import { ADMIN_USERS_PAGE_SIZE, type AdminUsersQuery, type AdminUsersReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { users } from '../../db/schema';
import { likePattern, pageOf, toAdminUser } from './admin-views';

/** Every account, newest first, 10 a page; `search` matches name or e-mail, ignoring case. */
export async function listUsers(ctx: ServerContext, query: AdminUsersQuery): Promise<AdminUsersReply> {
  const where = query.search ? or(ilike(users.name, likePattern(query.search)), ilike(users.email, likePattern(query.search))) : undefined;
  const [countRow] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(users).where(where);
  const { offset, ...page } = pageOf(query.page, ADMIN_USERS_PAGE_SIZE, countRow?.count ?? 0);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset(offset);
  return { users: rows.map(toAdminUser), ...page };
}
