import { eq } from 'drizzle-orm';
import { type NotificationSettings, notificationKinds } from '../../../shared/schemas/notification-settings';
import type { Queryable } from '../../db/open-database';
import { notificationSettings } from '../../db/schema';
import type { AuthUser, ServerContext } from '../context';

/** Every kind with both channels for `userId`: what was changed, and on for the rest. */
export async function readNotificationSettings(q: Queryable, userId: number): Promise<NotificationSettings> {
  const rows = await q
    .select({ kind: notificationSettings.kind, email: notificationSettings.email, push: notificationSettings.push })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const changed = new Map(rows.map((row) => [row.kind, { email: row.email, push: row.push }]));
  return Object.fromEntries(
    notificationKinds.map((kind) => [kind, changed.get(kind) ?? { email: true, push: true }]),
  ) as NotificationSettings;
}

/** The caller's notification settings, per kind, by e-mail and by push. */
export function getNotificationSettings(ctx: ServerContext, user: AuthUser): Promise<NotificationSettings> {
  return readNotificationSettings(ctx.db, user.id);
}
