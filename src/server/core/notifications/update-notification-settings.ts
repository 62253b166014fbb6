import { sql } from 'drizzle-orm';
import {
  type NotificationSettings,
  notificationKinds,
  type UpdateNotificationSettingsBody,
} from '../../../shared/schemas/notification-settings';
import type { Queryable } from '../../db/open-database';
import { notificationSettings } from '../../db/schema';
import type { AuthUser, ServerContext } from '../context';
import { readNotificationSettings } from './get-notification-settings';

/** Sets the channels given for one kind, leaving the other as it is, in one statement (two changes never lose one). */
export async function setChannels(
  q: Queryable,
  userId: number,
  kind: (typeof notificationKinds)[number],
  change: { email?: boolean; push?: boolean },
) {
  await q
    .insert(notificationSettings)
    .values({ userId, kind, email: change.email ?? true, push: change.push ?? true })
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: {
        email: change.email ?? sql`${notificationSettings.email}`,
        push: change.push ?? sql`${notificationSettings.push}`,
        updatedAt: sql`now()`,
      },
    });
}

/** Changes the kinds (and channels) sent, and answers with every setting; the schema has refused unknown kinds. */
export async function updateNotificationSettings(
  ctx: ServerContext,
  user: AuthUser,
  body: UpdateNotificationSettingsBody,
): Promise<NotificationSettings> {
  return ctx.db.transaction(async (tx) => {
    for (const kind of notificationKinds) {
      const change = body[kind];
      if (change && (change.email !== undefined || change.push !== undefined)) await setChannels(tx, user.id, kind, change);
    }
    return readNotificationSettings(tx, user.id);
  });
}
