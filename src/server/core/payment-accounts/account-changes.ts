import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { PaymentAccountProvider } from '../../../shared/schemas/payment-accounts';
import type { Tx } from '../../db/open-database';
import { paymentAccounts, paymentAccountStates } from '../../db/schema';
import type { ServerContext } from '../context';
import { tellOrganiser } from '../earnings/tell-organiser';
import type { PendingMail } from '../notifications/notify';

const m = messages.paymentAccounts;

/** What a sealed token is bound to (authenticated with it): its owner, provider and field. */
export const tokenContext = (userId: number, provider: PaymentAccountProvider, field: 'access' | 'refresh') =>
  `payment-account:${userId}:${provider}:${field}`;

/** The columns that leave an account with no tokens (a disconnection, a lost authorisation, an erasure). */
export const withoutTokens = { accessToken: null, refreshToken: null, tokenExpiresAt: null } as const;

/** Tells the organiser that an account stopped working (its authorisation expired or was withdrawn). */
export function tellAccountLost(tx: Tx, ctx: ServerContext, mails: PendingMail, userId: number, provider: PaymentAccountProvider) {
  return tellOrganiser(tx, ctx, mails, userId, {
    type: 'payment_account_lost',
    text: m.expiredNotice(provider),
    subject: m.expiredSubject(provider),
  });
}

/** An erased account keeps no provider account: its tokens, ids and OAuth states go (decision 082). */
export async function erasePaymentAccounts(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(paymentAccounts)
    .set({ ...withoutTokens, status: 'none', externalId: null, chargesEnabled: false, updatedAt: now })
    .where(eq(paymentAccounts.userId, userId));
  await tx.delete(paymentAccountStates).where(eq(paymentAccountStates.userId, userId));
}
