import { count, desc, eq } from 'drizzle-orm';
import type { Notification } from '../../../shared/schemas/notifications';
import type { ServerContext } from '../../core/context';
import { notifications } from '../../db/schema';

/** The user's notifications, newest first, one page at a time. */
export async function listNotifications(
  ctx: ServerContext,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ notifications: Notification[]; total: number }> {
  const mine = eq(notifications.userId, userId);
  const [rows, [totals]] = await Promise.all([
    ctx.db.select().from(notifications).where(mine).orderBy(desc(notifications.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: count() }).from(notifications).where(mine),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      type: row.type,
      message: row.message,
      gameId: row.gameId,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
  };
}
