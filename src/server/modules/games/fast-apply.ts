import { sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { ApplyBody, ApplyReply, PaymentType } from '../../../shared/schemas/games';
import type { AuthUser, ServerContext } from '../../core/context';
import { SPEND_DESCRIPTION_PREFIX } from '../../core/games/confirm-registration';
import { when } from '../../core/games/game-notices';
import { notify } from '../../core/notifications/notify';
import { AppError } from '../../lib/app-error';

type FastApplyRow = {
  outcome: 'confirmed' | 'waitlist' | 'insufficient_balance' | 'fallback';
  registration_id: number | null;
  payment_type: PaymentType | null;
  paid_cents: number | null;
  waitlist_position: number | null;
  balance_cents: number | null;
  game_name: string | null;
  game_starts_at_ms: number | null;
};

/**
 * The common apply in one round trip (the `fast_apply` function, migration 0007): a public, open game with nothing
 * to expire and no registration of the caller's yet, paid with credits or outside the platform, confirms and
 * charges a free place or puts the caller in line, in one statement that is its own transaction. Anything else
 * answers undefined, having changed nothing, and the caller takes applyToGame's full path. The notice is
 * recorded right after the commit, not inside it.
 */
export async function tryFastApply(ctx: ServerContext, user: AuthUser, gameId: number, body: ApplyBody): Promise<ApplyReply | undefined> {
  // Card and PIX open a checkout; a player without a phone gets the full path's message.
  if ((body.paymentType !== undefined && body.paymentType !== 'credit') || !user.phone) return undefined;
  const result = (await ctx.db.execute(
    sql`select * from fast_apply(${gameId}, ${user.id}, ${ctx.clock.now().toISOString()}::timestamptz, ${body.paymentType === 'credit'}, ${SPEND_DESCRIPTION_PREFIX})`,
  )) as unknown as { rows: FastApplyRow[] };
  const row = result.rows[0];
  if (!row || row.outcome === 'fallback') return undefined;
  if (row.outcome === 'insufficient_balance') throw new AppError('bad_request', messages.insufficientBalance);
  const game = { id: gameId, name: row.game_name!, dateTime: new Date(row.game_starts_at_ms!) };
  const credits = toReais(row.balance_cents ?? 0);
  if (row.outcome === 'waitlist') {
    const position = row.waitlist_position ?? 1;
    await notify(ctx.db, user.id, 'waitlisted', messages.notice.waitlisted(game.name, when(game), position), game.id);
    return { message: messages.addedToWaitlist, waitlisted: true, registrationType: 'waitlist', paymentType: null, amountCharged: 0, credits };
  }
  await notify(ctx.db, user.id, 'registration_confirmed', messages.notice.registrationConfirmed(game.name, when(game)), game.id);
  return {
    message: messages.registrationConfirmed,
    waitlisted: false,
    registrationType: 'confirmed',
    paymentType: row.payment_type,
    amountCharged: toReais(row.paid_cents ?? 0),
    credits,
  };
}
