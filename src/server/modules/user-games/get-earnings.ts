import type { EarningsReply } from '../../../shared/schemas/earnings';
import type { AuthUser, ServerContext } from '../../core/context';
import { earningsStatement } from '../../core/earnings/earnings-statement';
import { payoutKeyView } from '../../core/earnings/payout-key';

/** The organiser's statement: available, pending and paid out, game by game, and their payouts. */
export async function getEarnings(ctx: ServerContext, user: AuthUser): Promise<EarningsReply> {
  return earningsStatement(ctx, user.id, payoutKeyView(user));
}
