import { maskPixKey } from '../../../shared/rules/pix-key';
import type { PayoutKeyView } from '../../../shared/schemas/earnings';
import type { users } from '../../db/schema';

type KeyColumns = Pick<typeof users.$inferSelect, 'payoutKeyType' | 'payoutKey' | 'payoutHolderName'>;

/** The account's payout key as shown after it is saved (masked), or null when there is none. */
export function payoutKeyView(user: KeyColumns): PayoutKeyView | null {
  if (!user.payoutKeyType || !user.payoutKey || !user.payoutHolderName) return null;
  return { type: user.payoutKeyType, maskedKey: maskPixKey(user.payoutKeyType, user.payoutKey), holderName: user.payoutHolderName };
}
