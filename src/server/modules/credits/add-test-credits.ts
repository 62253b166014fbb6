import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages';
import { formatBRL, toCents, toReais } from '../../../shared/money';
import type { AddCreditsReply } from '../../../shared/schemas/credits';
import type { ServerContext } from '../../core/context';
import { postCreditTransaction } from '../../core/credits/post-credit-transaction';
import { notifyCreditsAdded } from '../../core/notifications/notify';
import { AppError } from '../../lib/app-error';

/**
 * POST /credits/add: an instant top-up that exists only in sandbox mode, to try the product without
 * any payment account. In live mode nobody can add credits to themselves this way (403).
 */
export async function addTestCredits(ctx: ServerContext, userId: number, amountReais: number): Promise<AddCreditsReply> {
  if (ctx.payments.mode !== 'sandbox') throw new AppError('forbidden', messages.testCreditsOnlyInSandbox);
  const amountCents = toCents(amountReais);
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
  return { message: messages.testCreditsAdded(formatBRL(amountReais)), credits: toReais(posted.balanceCents) };
}
