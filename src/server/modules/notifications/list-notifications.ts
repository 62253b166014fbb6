import { count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Notification } from '../../../shared/schemas/notifications';
import type { ServerContext } from '../../core/context';
import { noticePath } from '../../core/notifications/notice-path';
import { groups, notifications } from '../../db/schema';

/** The user's notifications, newest first, one page at a time, each with where it leads. */
export async function listNotifications(
  ctx: ServerContext,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ notifications: Notification[]; total: number }> {
  const mine = eq(notifications.userId, userId);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({ ...getTableColumns(notifications), groupSlug: groups.slug })
      .from(notifications)
      .leftJoin(groups, eq(groups.id, notifications.groupId))
      .where(mine)
      .orderBy(desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(notifications).where(mine),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      type: row.type,
      message: row.message,
      gameId: row.gameId,
      link: noticePath(row),
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
  };
}
