import { inArray } from 'drizzle-orm';
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
