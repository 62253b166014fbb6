import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/open-database';
import { users } from '../../db/schema';
import { accountNoticeEmail } from '../../integrations/mail/templates';
import type { ServerContext } from '../context';
import { notify, type NotificationType, type PendingMail, queueMail } from '../notifications/notify';

/**
 * Tells an organiser of something about their money (a payout decided, a payment account lost), in the caller's
 * transaction: a notification of `type` and an e-mail of its kind, each as their preferences say, that leads to
 * Recebimentos. An erased account is told nothing.
 */
export async function tellOrganiser(
  tx: Tx,
  ctx: ServerContext,
  mails: PendingMail,
  organiserId: number,
  notice: { type: NotificationType; text: string; subject: string },
): Promise<void> {
  const [organiser] = await tx
    .select({ name: users.name, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, organiserId));
  if (!organiser || organiser.deletedAt) return;
  await notify(tx, organiserId, notice.type, notice.text);
  await queueMail(
    tx,
    mails,
    accountNoticeEmail({
      to: organiser.email,
      name: organiser.name,
      subject: notice.subject,
      paragraphs: [notice.text],
      linkPath: '/my-games/earnings',
      linkLabel: 'Ver recebimentos',
      publicUrl: ctx.config.publicUrl,
      ofAKind: true,
    }),
  );
}
