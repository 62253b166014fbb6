import { and, count, eq, isNull } from 'drizzle-orm';
import type { UnreadCountReply } from '../../../shared/schemas/notifications';
import type { ServerContext } from '../../core/context';
import { notifications } from '../../db/schema';

export async function countUnreadNotifications(ctx: ServerContext, userId: number): Promise<UnreadCountReply> {
  const [row] = await ctx.db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { count: row?.count ?? 0 };
}
