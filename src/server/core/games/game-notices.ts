import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import { gamePath } from '../../../shared/links';
import type { RefundOutcome } from '../../../shared/schemas/games';
import type { Tx } from '../../db/open-database';
import { gameNoticeEmail } from '../../integrations/mail/templates';
import type { ServerContext } from '../context';
import { notify, type PendingMail, queueMail } from '../notifications/notify';
import type { GameRow } from './registration-guards';

export type Recipient = { id: number; name: string; email: string };

/** The game's date and time on the clocks where it happens. */
export const when = (game: Pick<GameRow, 'dateTime' | 'timeZone'>) => formatDateTime(game.dateTime, game.timeZone);

/** `R$ 25,00` from centavos. */
export const brl = (cents: number) => formatBRL(toReais(cents));

/**
 * What happened to the money of a cancelled registration, in words. A card/PIX refund is a request
 * the admin processes when the player cancelled, and one already asked of the provider when the
 * organiser or the platform ended the registration (`atOnce`).
 */
export function refundText(outcome: RefundOutcome, amountCents: number, isLate: boolean, atOnce = false): string {
  const amount = brl(amountCents);
  if (outcome === 'credits') return messages.notice.refundToCredits(amount);
  if (outcome === 'request') return atOnce ? messages.notice.refundUnderway(amount) : messages.notice.refundRequested(amount);
  return isLate ? messages.notice.noRefundLate : messages.notice.nothingToRefund;
}

/** Notification and e-mail (in the outbox with the change, sent after commit) about one game to one player. */
export async function noticeWithEmail(
  tx: Tx,
  ctx: ServerContext,
  mails: PendingMail,
  input: {
    game: GameRow;
    to: Recipient;
    type: Parameters<typeof notify>[2];
    message: string;
    subject: string;
    /** News of the game's turma (its new games): silenced for a member who muted the turma. */
    groupId?: number;
  },
) {
  await notify(tx, input.to.id, input.type, input.message, input.game.id, { groupId: input.groupId });
  await queueMail(
    tx,
    mails,
    gameNoticeEmail({
      to: input.to.email,
      name: input.to.name,
      subject: input.subject,
      paragraphs: [input.message],
      gamePath: gamePath(input.game.id),
      publicUrl: ctx.config.publicUrl,
    }),
  );
}
