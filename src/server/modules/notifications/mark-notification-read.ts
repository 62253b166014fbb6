import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { ServerContext } from '../../core/context';
import { notifications } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Marks one of the user's own notifications read (again is fine); anyone else's is "not found". */
export async function markNotificationRead(ctx: ServerContext, userId: number, notificationId: number) {
  const own = and(eq(notifications.id, notificationId), eq(notifications.userId, userId));
  const [row] = await ctx.db.select({ id: notifications.id }).from(notifications).where(own);
  if (!row) throw new AppError('notification_not_found', messages.notificationNotFound);
  await ctx.db
    .update(notifications)
    .set({ readAt: ctx.clock.now() })
    .where(and(own, isNull(notifications.readAt)));
  return { id: notificationId, read: true as const };
}
