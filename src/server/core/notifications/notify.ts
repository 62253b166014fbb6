import { and, eq, sql } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import { type NotificationKind, notificationKindLabels } from '../../../shared/schemas/notification-settings';
import type { Queryable } from '../../db/open-database';
import { notificationSettings, notifications, users } from '../../db/schema';
import { type MailMessage, queueMail as queueOutboxMail } from '../../integrations/mail/mailer';
import { withPreferenceFooter } from '../../integrations/mail/templates';
import type { ServerContext } from '../context';
import { membershipOf } from '../groups/group-roles';
import { liveEmailIs } from '../users/live-email';
import { kindOfType, type NotificationType } from './notification-kinds';
import { kickPushDelivery, notePushesMayBeDue } from './push-delivery';
import { signUnsubscribeToken, UNSUBSCRIBE_LINK_DAYS, unsubscribeSecret, unsubscribeUrl } from './unsubscribe-link';

export type { NotificationType } from './notification-kinds';

/** What an e-mail queued after a notice tells of: the notice's kind, and the turma it is about. */
type Noticed = { kind: NotificationKind; groupId: number | null };

/**
 * The latest notice recorded for each person in a transaction (by the transaction's handle): the e-mail queued after
 * it for that person tells of the same event, so it is of the same kind and about the same turma.
 */
const noticedIn = new WeakMap<Queryable, Map<number, Noticed>>();

/**
 * Records a notification for a user, in the caller's transaction so it exists only if the event does. The database
 * queues a push for each of the user's devices with it (unless pushes of its kind are off, or the user muted the
 * turma it is about), delivered after commit.
 */
export async function notify(
  q: Queryable,
  userId: number,
  type: NotificationType,
  message: string,
  gameId?: number,
  about: {
    /** The other person the message names (an organiser's notice names the player), whose erasure takes the name out. */
    personId?: number;
    /** The turma it is about (its avisos, its new games): a member who muted it gets no e-mail and no push of it. */
    groupId?: number;
  } = {},
) {
  const groupId = about.groupId ?? null;
  await q.insert(notifications).values({ userId, type, message, gameId: gameId ?? null, aboutUserId: about.personId ?? null, groupId });
  noteNotice(q, userId, { kind: kindOfType[type], groupId });
  notePushesMayBeDue();
}

/** Pairs the e-mails queued next in this transaction for this person with this notice. */
function noteNotice(q: Queryable, userId: number, noticed: Noticed): void {
  let notices = noticedIn.get(q);
  if (!notices) noticedIn.set(q, (notices = new Map()));
  notices.set(userId, noticed);
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
  await notify(
    q,
    userId,
    'invitation_received',
    messages.notice.invitationReceived(game.name, formatDateTime(game.dateTime, game.timeZone)),
    game.id,
  );
}

/**
 * E-mails decided inside a transaction: `queueMail` writes each to the outbox in that transaction, so it exists if and
 * only if the change commits (a rolled-back promotion is never announced, a committed one always is), and lists it
 * here; after the commit, `sendPendingMail` starts their delivery (or logs them, without SMTP).
 */
export type PendingMail = MailMessage[];

/**
 * The e-mail as it goes, or null when its person turned e-mails of its kind off or muted the turma it is about. An
 * e-mail about something that happened in the product (it carries `publicUrl`) to an account that was just notified
 * of it is of that notification's kind: it follows the account's preference and gets the footer and the unsubscribe
 * link of its kind. Anything else (security codes, account notices, an invitation to someone without an account)
 * goes as written.
 */
async function finishMail(tx: Queryable, message: MailMessage): Promise<MailMessage | null> {
  const { publicUrl, ...mail } = message;
  if (!publicUrl) return mail;
  const [account] = await tx
    .select({ id: users.id, nowSeconds: sql<number>`extract(epoch from now())::float8` })
    .from(users)
    .where(liveEmailIs(message.to));
  const noticed = account && noticedIn.get(tx)?.get(account.id);
  if (!account || !noticed) return mail;
  const { kind, groupId } = noticed;
  const [setting] = await tx
    .select({ email: notificationSettings.email })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, account.id), eq(notificationSettings.kind, kind)));
  if (setting?.email === false) return null;
  if (groupId !== null && (await membershipOf(tx, groupId, account.id))?.muted) return null;
  const secret = await unsubscribeSecret(tx);
  return mailOfKind(message, { userId: account.id, kind, isEmailOff: false, nowSeconds: account.nowSeconds, secret });
}

/**
 * What `finishMail` reads of the account an e-mail of a kind goes to, for a caller that read it with the rest of what
 * the e-mail needs (the organisers' news of one-statement applies, read in one statement).
 */
export type MailRecipient = {
  userId: number;
  kind: NotificationKind;
  /** The account turned e-mails of this kind off. */
  isEmailOff: boolean;
  /** The database's clock, in seconds since the epoch: the unsubscribe link lasts from it. */
  nowSeconds: number;
  /** The unsubscribe links' key (`unsubscribeSecret`). */
  secret: string;
};

/** The e-mail as it goes to an account that was notified of its event, or null when that kind's e-mails are off. */
export function mailOfKind(message: MailMessage, recipient: MailRecipient): MailMessage | null {
  const { publicUrl, ...mail } = message;
  if (recipient.isEmailOff) return null;
  if (!publicUrl) return mail;
  const expiresAt = new Date((recipient.nowSeconds + UNSUBSCRIBE_LINK_DAYS * 86_400) * 1000);
  const token = signUnsubscribeToken(recipient.secret, { userId: recipient.userId, kind: recipient.kind, expiresAt });
  return withPreferenceFooter(mail, {
    kindLabel: notificationKindLabels[recipient.kind],
    unsubscribeUrl: unsubscribeUrl(publicUrl, token),
    settingsUrl: `${publicUrl}/profile`,
  });
}

export async function queueMail(tx: Queryable, mails: PendingMail, message: MailMessage): Promise<void> {
  const finished = await finishMail(tx, message);
  if (!finished) return;
  await queueOutboxMail(tx, [finished]);
  mails.push(finished);
}

/** E-mails already finished (`mailOfKind`) to the outbox, in one statement, and listed for after the commit. */
export async function queueFinishedMails(tx: Queryable, mails: PendingMail, finished: MailMessage[]): Promise<void> {
  await queueOutboxMail(tx, finished);
  mails.push(...finished);
}

/** After the commit: starts delivering the e-mails queued, and the pushes the notifications queued. */
export async function sendPendingMail(ctx: ServerContext, mails: PendingMail): Promise<void> {
  ctx.mailer.afterCommit(mails);
  kickPushDelivery(ctx);
}
