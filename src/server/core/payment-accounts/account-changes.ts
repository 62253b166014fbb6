import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { PaymentAccountProvider } from '../../../shared/schemas/payment-accounts';
import type { Tx } from '../../db/open-database';
import { paymentAccounts, paymentAccountStates, users } from '../../db/schema';
import { accountNoticeEmail } from '../../integrations/mail/templates';
import type { ServerContext } from '../context';
import { notify, type PendingMail, queueMail } from '../notifications/notify';

const m = messages.paymentAccounts;

/** What a sealed token is bound to (authenticated with it): its owner, provider and field. */
export const tokenContext = (userId: number, provider: PaymentAccountProvider, field: 'access' | 'refresh') =>
  `payment-account:${userId}:${provider}:${field}`;

/** The columns that leave an account with no tokens (a disconnection, a lost authorisation, an erasure). */
export const withoutTokens = { accessToken: null, refreshToken: null, tokenExpiresAt: null } as const;

/**
 * Tells the organiser that an account stopped working (its authorisation expired or was withdrawn), in the caller's
 * transaction: a notification and an e-mail of the organiser kind, each as their preferences say.
 */
export async function tellAccountLost(
  tx: Tx,
  ctx: ServerContext,
  mails: PendingMail,
  userId: number,
  provider: PaymentAccountProvider,
): Promise<void> {
  const [organiser] = await tx
    .select({ name: users.name, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!organiser || organiser.deletedAt) return;
  await notify(tx, userId, 'payment_account_lost', m.expiredNotice(provider));
  await queueMail(
    tx,
    mails,
    accountNoticeEmail({
      to: organiser.email,
      name: organiser.name,
      subject: m.expiredSubject(provider),
      paragraphs: [m.expiredNotice(provider)],
      linkPath: '/my-games/earnings',
      linkLabel: 'Ver recebimentos',
      publicUrl: ctx.config.publicUrl,
      ofAKind: true,
    }),
  );
}

/** An erased account keeps no provider account: its tokens, ids and OAuth states go (decision 082). */
export async function erasePaymentAccounts(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(paymentAccounts)
    .set({ ...withoutTokens, status: 'none', externalId: null, chargesEnabled: false, updatedAt: now })
    .where(eq(paymentAccounts.userId, userId));
  await tx.delete(paymentAccountStates).where(eq(paymentAccountStates.userId, userId));
}
