import { and, eq, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { RefundOutcome } from '../../../shared/schemas/games';
import type { Tx } from '../../db/open-database';
import { registrations } from '../../db/schema';
import type { ServerContext } from '../context';
import { notify, type PendingMail } from '../notifications/notify';
import { noticeWithEmail, type Recipient, refundText, when } from './game-notices';
import type { GameRow } from './registration-guards';

/** For the organisers work: tells every player of the game (confirmed, pending, in line) that it changed. */
export async function notifyGameChanged(tx: Tx, game: GameRow): Promise<void> {
  const players = await tx
    .select({ userId: registrations.userId })
    .from(registrations)
    .where(and(eq(registrations.gameId, game.id), ne(registrations.status, 'cancelled')));
  for (const { userId } of players) await notify(tx, userId, 'game_changed', messages.notice.gameChanged(game.name, when(game)), game.id);
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
  const refund = refundText(input.refund, input.refundedCents, false);
  await noticeWithEmail(tx, ctx, mails, {
    game: input.game,
    to: input.to,
    type: 'game_cancelled',
    message: input.reason
      ? messages.notice.gameCancelledWithReason(input.game.name, when(input.game), input.reason, refund)
      : messages.notice.gameCancelled(input.game.name, when(input.game), refund),
    subject: `Jogo cancelado: ${input.game.name}`,
  });
}
