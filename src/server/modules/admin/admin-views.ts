import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { AdminUser, CreditTransactionView } from '../../../shared/schemas/admin';
import type { UserGame } from '../../../shared/schemas/user-games';
import { loadUserGames } from '../../core/games/user-game-view';
import type { Queryable } from '../../db/open-database';
import { type creditTransactions, games, type users } from '../../db/schema';

/** Games as the admin sees them (as their organiser does: private link and cancel reason), in the order of `ids`. */
export async function loadAdminGames(q: Queryable, ids: number[], now: Date): Promise<UserGame[]> {
  if (ids.length === 0) return [];
  const views = await loadUserGames(q, { where: inArray(games.id, ids), now });
  const byId = new Map(views.map((view) => [view.id, view]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function toAdminUser(user: typeof users.$inferSelect): AdminUser {
  return {
    id: user.id,
    name: user.deletedAt ? messages.accountDeleted : user.name,
    email: user.email,
    deleted: user.deletedAt !== null,
    phone: user.phone,
    role: user.role,
    credits: toReais(user.balanceCents),
    createdAt: user.createdAt.toISOString(),
  };
}

export function toCreditTransactionView(
  row: typeof creditTransactions.$inferSelect,
  createdBy: { id: number; name: string } | null,
): CreditTransactionView {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    amount: toReais(row.amountCents),
    type: row.type,
    description: row.description,
    status: row.status,
    source: row.source,
    createdBy,
  };
}

/** Page numbers of a paged admin list. */
export function pageOf(page: number, pageSize: number, total: number) {
  return { total, page, pageSize, totalPages: Math.ceil(total / pageSize), offset: (page - 1) * pageSize };
}

/** A search counts its matches up to this many past the page asked for; beyond, the list says "mais de …". */
export const SEARCH_COUNT_LIMIT = 200;

/**
 * A page of a search's matches and how many there are, in one statement that reads, in the list's `order`, at most
 * the matches up to the page and SEARCH_COUNT_LIMIT after it: a common word in years of rows is neither counted nor
 * sorted in full on every view (decision 055). `ids` are the page's, in order.
 */
export async function searchPage(
  q: Queryable,
  search: { table: PgTable; id: PgColumn; where: SQL | undefined; order: SQL[] },
  page: number,
  pageSize: number,
): Promise<{ ids: number[]; page: Omit<ReturnType<typeof pageOf>, 'offset'> & { moreThanTotal: boolean } }> {
  const offset = (page - 1) * pageSize;
  const order = sql.join(search.order, sql`, `);
  const matches = sql`select ${search.id} as id, row_number() over (order by ${order}) as n from ${search.table}
    where ${search.where ?? sql`true`} order by ${order} limit ${offset + SEARCH_COUNT_LIMIT + 1}`;
  const { rows } = (await q.execute(sql`select id, count(*) over ()::int as matched from (${matches}) m
    order by n offset ${offset} limit ${pageSize}`)) as unknown as { rows: Array<{ id: number; matched: number }> };
  // A page past the last match has no row to carry the count.
  const matched =
    rows[0]?.matched ??
    ((await q.execute(sql`select count(*)::int as matched from (${matches}) m`)) as unknown as { rows: Array<{ matched: number }> })
      .rows[0]!.matched;
  const counted = Math.min(matched, offset + SEARCH_COUNT_LIMIT);
  const { offset: _, ...shape } = pageOf(page, pageSize, counted);
  return { ids: rows.map((row) => row.id), page: { ...shape, moreThanTotal: matched > counted } };
}

/**
 * How to read the page that starts at `offset` from the nearer end of its list: a page past the middle is read in the
 * reverse order (`reversed`), skipping only the rows after it, and its rows are then put back in order. The last pages
 * of years of rows then cost what the first ones do, instead of skipping almost all of them.
 */
export function fromNearerEnd(offset: number, pageSize: number, total: number): { reversed: boolean; offset: number; limit: number } {
  if (offset <= total / 2 || offset >= total) return { reversed: false, offset, limit: pageSize };
  return { reversed: true, offset: Math.max(0, total - offset - pageSize), limit: Math.min(pageSize, total - offset) };
}

/** `%`, `_` and `\` typed by the admin are matched literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
