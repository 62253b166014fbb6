import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import type { Queryable } from '../../db/open-database';
import { notifications } from '../../db/schema';
import { type MailMessage, queueMail as queueOutboxMail } from '../../integrations/mail/mailer';
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
  game: { id: number; name: string; dateTime: Date; timeZone: string },
) {
  await notify(q, userId, 'invitation_received', messages.notice.invitationReceived(game.name, formatDateTime(game.dateTime, game.timeZone)), game.id);
}

/**
 * E-mails decided inside a transaction: `queueMail` writes each to the outbox in that transaction, so it exists if and
 * only if the change commits (a rolled-back promotion is never announced, a committed one always is), and lists it
 * here; after the commit, `sendPendingMail` starts their delivery (or logs them, without SMTP).
 */
export type PendingMail = MailMessage[];

export async function queueMail(tx: Queryable, mails: PendingMail, message: MailMessage): Promise<void> {
  await queueOutboxMail(tx, [message]);
  mails.push(message);
}

export async function sendPendingMail(ctx: ServerContext, mails: PendingMail): Promise<void> {
  ctx.mailer.afterCommit(mails);
}
