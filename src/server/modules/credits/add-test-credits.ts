import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages';
import { formatCents, toReais } from '../../../shared/money';
import type { AddCreditsReply } from '../../../shared/schemas/credits';
import type { ServerContext } from '../../core/context';
import { postCreditTransaction } from '../../core/credits/post-credit-transaction';
import { notifyCreditsAdded } from '../../core/notifications/notify';
import { AppError } from '../../lib/app-error';

/**
 * POST /credits/add: an instant top-up that exists only in sandbox mode, to try the product without
 * any payment account. In live mode nobody can add credits to themselves this way (403).
 */
export async function addTestCredits(ctx: ServerContext, userId: number, amountCents: number): Promise<AddCreditsReply> {
  if (ctx.payments.mode !== 'sandbox') throw new AppError('test_credits_sandbox_only', messages.testCreditsOnlyInSandbox);
  const posted = await ctx.db.transaction(async (tx) => {
    const done = await postCreditTransaction(tx, {
      userId,
      amountCents,
      type: 'add_manual',
      description: 'Créditos de teste (ambiente de teste)',
      source: 'sandbox',
      reference: `sandbox-credits:${randomUUID()}`,
    });
    await notifyCreditsAdded(tx, userId, amountCents);
    return done!;
  });
  return { message: messages.testCreditsAdded(formatCents(amountCents)), credits: toReais(posted.balanceCents) };
}
