import { sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { ApplyBody, ApplyReply, PaymentType } from '../../../shared/schemas/games';
import type { ServerContext } from '../../core/context';
import { SPEND_DESCRIPTION_PREFIX } from '../../core/games/confirm-registration';
import { games } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TokenClaims } from '../../lib/token-service';

type FastApplyRow = {
  outcome: 'confirmed' | 'waitlist' | 'insufficient_balance' | 'fallback';
  payment_type: PaymentType | null;
  paid_cents: number | null;
  balance_cents: number | null;
};

// The notices' {quando} in the game's own zone, read in the same statement: no round trip more before the call.
const gameTimeZone = (gameId: number) =>
  sql`coalesce((select ${games.timeZone} from ${games} where ${games.id} = ${gameId}), ${TIME_ZONE})`;

// The player's notices as the full path words them, for the function to fill in with the game it locked.
const CONFIRMED_NOTICE = messages.notice.registrationConfirmed('{jogo}', '{quando}');
const WAITLISTED_NOTICE = messages.notice.waitlisted('{jogo}', '{quando}', '{posicao}');

/**
 * The common apply in one round trip (the `fast_apply` function, migrations 0010, 0011, 0013, 0014 and 0020), on the token's claims alone (the
 * function checks that the token is still current): a public, open game with nothing to expire and no registration
 * of the caller's yet, paid with credits or outside the platform, confirms and
 * charges a free place or puts the caller in line, with the player's notice, in one statement that is its own
 * transaction. Anything else answers undefined, having changed nothing, and the caller takes applyToGame's full path.
 */
export async function tryFastApply(
  ctx: ServerContext,
  claims: TokenClaims,
  gameId: number,
  body: ApplyBody,
): Promise<ApplyReply | undefined> {
  // Card and PIX open a checkout.
  if (body.paymentType !== undefined && body.paymentType !== 'credit') return undefined;
  const now = ctx.clock.now().toISOString();
  const result = (await ctx.db.execute(
    sql`select * from fast_apply(${gameId}, ${claims.userId}, ${claims.tokenVersion}, ${now}::timestamptz, ${body.paymentType === 'credit'}, ${SPEND_DESCRIPTION_PREFIX}, ${CONFIRMED_NOTICE}, ${WAITLISTED_NOTICE}, ${gameTimeZone(gameId)}, ${ctx.config.earnings.feePercent}::integer)`,
  )) as unknown as { rows: FastApplyRow[] };
  const row = result.rows[0];
  if (!row || row.outcome === 'fallback') return undefined;
  if (row.outcome === 'insufficient_balance') throw new AppError('insufficient_credits', messages.insufficientBalance);
  // The statement was its own transaction: it has committed, and whoever watches the game's places may hear it.
  ctx.changes.gamesChanged([gameId]);
  const credits = toReais(row.balance_cents ?? 0);
  if (row.outcome === 'waitlist') {
    return {
      message: messages.addedToWaitlist,
      waitlisted: true,
      registrationType: 'waitlist',
      paymentType: null,
      amountCharged: 0,
      credits,
    };
  }
  return {
    message: messages.registrationConfirmed,
    waitlisted: false,
    registrationType: 'confirmed',
    paymentType: row.payment_type,
    amountCharged: toReais(row.paid_cents ?? 0),
    credits,
  };
}
