import { and, eq, isNull } from 'drizzle-orm';
import { type NotificationKind, notificationKindLabels } from '../../../shared/schemas/notification-settings';
import { users } from '../../db/schema';
import type { ServerContext } from '../context';
import { verifyUnsubscribeLink } from './check-unsubscribe-link';
import { setChannels } from './update-notification-settings';

/**
 * The POST of an e-mail's unsubscribe link, from the confirmation page or from a mail program's one-click (RFC 8058):
 * turns e-mails of the link's kind off for its account, without signing in. Pushes stay as they were. A link of an
 * account since erased changes nothing (it has no settings any more) and still answers that it is done.
 */
export async function unsubscribeByLink(ctx: ServerContext, token: string): Promise<{ kind: NotificationKind; message: string }> {
  return ctx.db.transaction(async (tx) => {
    const { userId, kind } = await verifyUnsubscribeLink(tx, ctx.clock, token);
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      // An erasure under way ends first, or waits: its trigger clears the settings after this writes them, not before.
      .for('update');
    if (account) await setChannels(tx, account.id, kind, { email: false });
    return {
      kind,
      message: `Pronto: você não vai mais receber e-mails de ${notificationKindLabels[kind]}. Você pode ligá-los de novo no seu perfil.`,
    };
  });
}
