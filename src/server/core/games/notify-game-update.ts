import { and, eq, ne } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import type { RefundOutcome } from '../../../shared/schemas/games';
import type { Tx } from '../../db/open-database';
import { registrations } from '../../db/schema';
import type { ServerContext } from '../context';
import { notify, type PendingMail } from '../notifications/notify';
import { brl, noticeWithEmail, type Recipient, refundText, when } from './game-notices';
import type { GameRow } from './registration-guards';

type PlannedFacts = Pick<GameRow, 'dateTime' | 'timeZone' | 'location' | 'address' | 'priceCents'>;

/** What players plan around that an edit changed, each named with its new value (the price also with the old one). */
export function describeGameChanges(before: PlannedFacts, after: PlannedFacts): string[] {
  const [dayBefore, timeBefore] = formatDateTime(before.dateTime, before.timeZone).split(' às ');
  const [dayAfter, timeAfter] = formatDateTime(after.dateTime, after.timeZone).split(' às ');
  const changes: string[] = [];
  if (dayBefore !== dayAfter) changes.push(messages.notice.changedDate(dayAfter!));
  if (timeBefore !== timeAfter) changes.push(messages.notice.changedTime(timeAfter!));
  if (before.location !== after.location || before.address !== after.address) {
    changes.push(messages.notice.changedPlace(after.location, after.address));
  }
  if (before.priceCents !== after.priceCents) changes.push(messages.notice.changedPrice(brl(before.priceCents), brl(after.priceCents)));
  return changes;
}

/**
 * For the organisers work: tells every player of the game (confirmed, pending, in line) what an edit
 * changed of what they plan around (date, time, place, price); nothing when none of it did.
 */
export async function notifyGameChanged(tx: Tx, before: GameRow, after: GameRow): Promise<void> {
  const changes = describeGameChanges(before, after);
  if (changes.length === 0) return;
  const message = messages.notice.gameChanged(after.name, when(before), changes);
  const players = await tx
    .select({ userId: registrations.userId })
    .from(registrations)
    .where(and(eq(registrations.gameId, after.id), ne(registrations.status, 'cancelled')));
  for (const { userId } of players) await notify(tx, userId, 'game_changed', message, after.id);
}

/**
 * For the organisers work: tells one player, by notification and e-mail, that the organiser
 * cancelled the game and what happened to their money (the spec refunds in full).
 */
export async function notifyGameCancelled(
  tx: Tx,
  ctx: ServerContext,
  mails: PendingMail,
  input: { game: GameRow; to: Recipient; refund: RefundOutcome; refundedCents: number; reason?: string },
): Promise<void> {
  const refund = refundText(input.refund, input.refundedCents, false, true);
  await noticeWithEmail(tx, ctx, mails, {
    game: input.game,
    to: input.to,
    type: 'game_cancelled',
    message: input.reason
      ? messages.notice.gameCancelledWithReason(input.game.name, when(input.game), input.reason, refund)
      : messages.notice.gameCancelled(input.game.name, when(input.game), refund),
    subject: messages.notice.gameCancelledSubject(input.game.name, when(input.game)),
  });
}

/**
 * For the organisers work: tells one player, by notification and e-mail, that the organiser unpublished the game,
 * made it private or took them off its list, which cancelled their registration, and what happened to their money (refunded in full).
 */
export async function notifyRegistrationWithdrawn(
  tx: Tx,
  ctx: ServerContext,
  mails: PendingMail,
  input: { game: GameRow; to: Recipient; change: 'unpublish' | 'private' | 'removed'; refund: RefundOutcome; refundedCents: number },
): Promise<void> {
  const refund = refundText(input.refund, input.refundedCents, false, true);
  const notice = {
    unpublish: messages.notice.unpublishedByOrganiser,
    private: messages.notice.madePrivateByOrganiser,
    removed: messages.notice.removedByOrganiser,
  }[input.change];
  await noticeWithEmail(tx, ctx, mails, {
    game: input.game,
    to: input.to,
    type: 'registration_cancelled',
    message: notice(input.game.name, when(input.game), refund),
    subject:
      input.change === 'removed'
        ? messages.removePlayer.subject(input.game.name, when(input.game))
        : messages.notice.withdrawnSubject(input.game.name, when(input.game)),
  });
}
