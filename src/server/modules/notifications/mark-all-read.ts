import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { MarkAllReadReply } from '../../../shared/schemas/notifications';
import type { ServerContext } from '../../core/context';
import { notifications } from '../../db/schema';

/** Marks every unread notification of the user read, in one statement. */
export async function markAllNotificationsRead(ctx: ServerContext, userId: number): Promise<MarkAllReadReply> {
  const marked = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.clock.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { message: messages.notificationsAllRead(marked.length), updated: marked.length };
}
