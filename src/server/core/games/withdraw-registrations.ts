import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { AppError } from '../../lib/app-error';
import type { ServerContext } from '../context';
import type { PendingMail } from '../notifications/notify';
import type { PaymentRow } from '../payments/payment-records';
import { cancelRegistrationsInFull, type GameCancelTotals, type LiveRegistration, liveRegistrationsOf } from './cancel-game';
import { expirePendingPayments } from './expire-pending-payments';
import { notifyRegistrationWithdrawn } from './notify-game-update';
import type { PendingRefunds } from './refund-in-full';
import { type GameRow, isInvitedTo } from './registration-guards';

/** An organiser's change that takes the game away from players: back to draft, or from public to private. */
export type Withdrawal = 'unpublish' | 'private';

/**
 * What an edit takes away from players, if anything: back to draft (a published game whose payload says `draft`), or
 * from public to private. Unpublishing wins: it leaves out everyone a private game would.
 */
export function withdrawalOf(
  game: Pick<GameRow, 'state' | 'visibility'>,
  values: { state?: string; visibility: string },
): Withdrawal | null {
  if (game.state === 'published' && values.state === 'draft') return 'unpublish';
  if (game.visibility === 'public' && values.visibility === 'private') return 'private';
  return null;
}

/**
 * The players a change leaves with a place in a game they can no longer see: unpublishing, everyone but the
 * organiser; making it private, everyone the organiser did not invite. Members of a weekly series too: their places
 * are ordinary registrations.
 */
async function playersLeftOut(tx: Tx, game: GameRow, change: Withdrawal): Promise<LiveRegistration[]> {
  const live = (await liveRegistrationsOf(tx, game.id)).filter(({ registration }) => registration.userId !== game.creatorId);
  if (change === 'unpublish') return live;
  const leftOut: LiveRegistration[] = [];
  for (const entry of live) {
    if (!(await isInvitedTo(tx, game.id, { id: entry.registration.userId, email: entry.email }))) leftOut.push(entry);
  }
  return leftOut;
}

/**
 * Before an organiser's change of a locked game takes it away from players (`change`): when it would, the organiser
 * must have confirmed, otherwise a 409 says how many players it cancels (the web asks and sends the change again with
 * `confirm`). Confirmed, it is a cancellation by the organiser for each of them, as a game cancel does it: cancelled,
 * refunded in full (card and PIX through `after.refunds`, after commit), told by notification and e-mail. Returns how
 * many registrations it ended.
 */
export async function withdrawRegistrations(
  tx: Tx,
  ctx: ServerContext,
  game: GameRow,
  change: Withdrawal,
  isConfirmed: boolean,
  after: { mails: PendingMail; refunds: PendingRefunds; closed: PaymentRow[] },
  actorId: number,
): Promise<GameCancelTotals> {
  // A hold past its deadline is no player's any more.
  after.closed.push(...(await expirePendingPayments(tx, ctx, game, after.mails)));
  const leftOut = await playersLeftOut(tx, game, change);
  if (leftOut.length === 0) return { registrationsCancelled: 0, waitlistCleared: 0, creditsRefunded: 0, refunded: 0 };
  if (!isConfirmed) {
    const question =
      change === 'unpublish' ? messages.unpublishCancelsPlayers(leftOut.length) : messages.makePrivateCancelsPlayers(leftOut.length);
    throw new AppError('confirmation_required', question, { confirm: question });
  }
  return cancelRegistrationsInFull(tx, ctx, game, leftOut, {
    description: messages.withdrawnRefundDescription(game.name),
    reason: messages.withdrawnReason[change],
    actorId,
    removals: true,
    refunds: after.refunds,
    closed: after.closed,
    tell: ({ registration, name, email }, refund) =>
      notifyRegistrationWithdrawn(tx, ctx, after.mails, {
        game,
        to: { id: registration.userId, name, email },
        change,
        refund: refund.outcome,
        refundedCents: refund.cents,
      }),
  });
}
