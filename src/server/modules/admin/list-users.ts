import { and, asc, desc, ilike, inArray, or, type SQLWrapper, sql } from 'drizzle-orm';
import { ADMIN_USERS_PAGE_SIZE, type AdminUsersQuery, type AdminUsersReply } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { dashboardTotals, users } from '../../db/schema';
import { fromNearerEnd, likePattern, pageOf, searchPage, toAdminUser } from './admin-views';

const newestFirst = [desc(users.createdAt), desc(users.id)];
const oldestFirst = [asc(users.createdAt), asc(users.id)];

/** A character of a word for `user_search_words` (migration 0032): anything but ASCII punctuation, spaces and controls. */
const WORD_CHARACTER = /[0-9A-Za-z\u0080-\uffff]/;
const SEPARATOR = /[^0-9A-Za-z\u0080-\uffff]/;

/** Whether a word of `text` is bounded by a separator typed beside it: then the accounts' words narrow the search. */
const touchesAWordEdge = (text: string) => SEPARATOR.test(text) && WORD_CHARACTER.test(text);

/**
 * The accounts whose name or e-mail holds `text`, ignoring case, then checked on each. A text with a word bounded by a
 * separator ("gabriela rocha", "jogador202@") is first narrowed by the words the account must have (decision 061);
 * one inside a single word, through the trigram index of name and e-mail together (migration 0029), so that text
 * spanning the end of a name and the start of an e-mail matches neither.
 */
function matching(text: string) {
  const pattern = likePattern(text);
  const exact = or(ilike(users.name, pattern), ilike(users.email, pattern));
  if (touchesAWordEdge(text)) return and(sql`user_search_words(${users.name}, ${users.email}) @@ user_search_query(${text})`, exact);
  return and(ilike(sql`(${users.name} || E'\\n' || ${users.email})`, pattern), exact);
}

/**
 * Every account, newest first, 10 a page; `search` matches name or e-mail, ignoring case (`matching`), its page and
 * count read together and counted up to a bound (decision 055). Without a search the
 * total is the dashboard's count of accounts, kept by the database, rather than a count of every row; a page's ids
 * come from the index alone before their rows are read (decision 041), from the nearer end of the list.
 */
export async function listUsers(ctx: ServerContext, query: AdminUsersQuery): Promise<AdminUsersReply> {
  const read = (ids: number[] | SQLWrapper) =>
    ctx.db
      .select()
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(...newestFirst);
  if (query.search) {
    const found = await searchPage(
      ctx.db,
      { table: users, id: users.id, where: matching(query.search), order: newestFirst },
      query.page,
      ADMIN_USERS_PAGE_SIZE,
    );
    return { users: found.ids.length === 0 ? [] : (await read(found.ids)).map(toAdminUser), ...found.page };
  }
  const [countRow] = await ctx.db.select({ count: sql<number>`coalesce(sum(${dashboardTotals.users}), 0)::int` }).from(dashboardTotals);
  const { offset, ...page } = pageOf(query.page, ADMIN_USERS_PAGE_SIZE, countRow?.count ?? 0);
  const seek = fromNearerEnd(offset, ADMIN_USERS_PAGE_SIZE, page.total);
  // The page's ids, read as a subquery of the statement that reads their rows.
  const pageIds = ctx.db
    .select({ id: users.id })
    .from(users)
    .orderBy(...(seek.reversed ? oldestFirst : newestFirst))
    .limit(seek.limit)
    .offset(seek.offset);
  return { users: (await read(pageIds)).map(toAdminUser), ...page, moreThanTotal: false };
}
