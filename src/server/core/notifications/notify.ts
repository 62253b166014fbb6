import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import type { Queryable } from '../../db/open-database';
import { notifications } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import type { ServerContext } from '../context';

export type NotificationType =
  | 'registration_confirmed'
  | 'waitlisted'
  | 'left_waitlist'
  | 'promoted'
  | 'promotion_awaiting_payment'
  | 'payment_expired'
  | 'registration_cancelled'
  | 'game_changed'
  | 'game_cancelled'
  | 'credits_added'
  | 'late_payment_credited'
  | 'invitation_received'
  | 'removed_from_game'
  | 'refund_processed'
  | 'refund_rejected'
  | 'game_reminder';

/** Records a notification for a user, in the caller's transaction so it exists only if the event does. */
export async function notify(q: Queryable, userId: number, type: NotificationType, message: string, gameId?: number) {
  await q.insert(notifications).values({ userId, type, message, gameId: gameId ?? null });
}

/** For the credits work: a top-up (Stripe, PIX or an admin) reached the user's balance. */
export async function notifyCreditsAdded(q: Queryable, userId: number, amountCents: number) {
  await notify(q, userId, 'credits_added', messages.notice.creditsAdded(formatBRL(toReais(amountCents))));
}

/** For the organisers work: someone with an account was invited to a game. */
export async function notifyInvitationReceived(
  q: Queryable,
  userId: number,
  game: { id: number; name: string; dateTime: Date },
) {
  await notify(q, userId, 'invitation_received', messages.notice.invitationReceived(game.name, formatDateTime(game.dateTime)), game.id);
}

/**
 * E-mails decided inside a transaction. They are sent only after it commits (a rolled-back
 * promotion must not be announced), and outside it: PGlite runs one transaction at a time, so the
 * mailer's own outbox write would wait forever for the transaction that queued it.
 */
export type PendingMail = MailMessage[];

export async function sendPendingMail(ctx: ServerContext, mails: PendingMail): Promise<void> {
  for (const mail of mails) {
    // The change is already committed; a mail that cannot be recorded is logged, not turned into an error reply.
    await ctx.mailer.send(mail).catch((error: unknown) => ctx.log.error({ err: error, to: mail.to }, 'falha ao registrar e-mail'));
  }
}
