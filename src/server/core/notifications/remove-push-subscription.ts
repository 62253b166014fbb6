import { and, eq } from 'drizzle-orm';
import type { RemovePushSubscriptionBody } from '../../../shared/schemas/push';
import { pushSubscriptions } from '../../db/schema';
import type { AuthUser, ServerContext } from '../context';

/** Turns push off for one of the caller's devices, with what was still queued for it; nothing to remove is no error. */
export async function removePushSubscription(
  ctx: ServerContext,
  user: AuthUser,
  body: RemovePushSubscriptionBody,
): Promise<{ message: string }> {
  await ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, body.endpoint), eq(pushSubscriptions.userId, user.id)));
  return { message: 'Notificações desativadas neste aparelho.' };
}
