import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { maskPixKey } from '../../../shared/rules/pix-key';
import type { PayoutKeyReply, payoutKeyBodySchema, SavePayoutKeyReply } from '../../../shared/schemas/earnings';
import type { z } from '../../../shared/schemas/z';
import type { AuthUser, ServerContext } from '../../core/context';
import { payoutKeyView } from '../../core/earnings/payout-key';
import { type PendingMail, queueMail, sendPendingMail } from '../../core/notifications/notify';
import { games, organiserEarnings, series, users } from '../../db/schema';
import { accountNoticeEmail } from '../../integrations/mail/templates';

const m = messages.earnings;

/**
 * The caller's payout key, masked, read afresh, and whether they organise: a game or a weekly series of theirs (a draft
 * too, so the key can be set before the first sale), earnings, or a key already saved. The web shows the payout
 * screens only to them.
 */
export async function getPayoutKey(ctx: ServerContext, userId: number): Promise<PayoutKeyReply> {
  const [row] = await ctx.db
    .select({
      payoutKeyType: users.payoutKeyType,
      payoutKey: users.payoutKey,
      payoutHolderName: users.payoutHolderName,
      hasOrganised: sql<boolean>`exists (select 1 from ${games} where ${games.creatorId} = ${userId})
        or exists (select 1 from ${series} where ${series.creatorId} = ${userId})
        or exists (select 1 from ${organiserEarnings} where ${organiserEarnings.organiserId} = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const payoutKey = row ? payoutKeyView(row) : null;
  return { payoutKey, isOrganiser: payoutKey !== null || row?.hasOrganised === true };
}

/**
 * Saves where the organiser's payouts go (checked and normalised by the body's schema). A different key or holder
 * e-mails the owner, always (not a notice one can turn off): a stolen session must not redirect payouts unseen. A
 * payout already asked for keeps the key it was asked with.
 */
export async function savePayoutKey(
  ctx: ServerContext,
  user: AuthUser,
  body: z.output<typeof payoutKeyBodySchema>,
): Promise<SavePayoutKeyReply> {
  const mails: PendingMail = [];
  const saved = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ payoutKeyType: users.payoutKeyType, payoutKey: users.payoutKey, payoutHolderName: users.payoutHolderName })
      .from(users)
      .where(eq(users.id, user.id))
      .for('no key update');
    const changed = before?.payoutKeyType !== body.type || before.payoutKey !== body.key || before.payoutHolderName !== body.holderName;
    if (!changed) return before!;
    const [after] = await tx
      .update(users)
      .set({ payoutKeyType: body.type, payoutKey: body.key, payoutHolderName: body.holderName })
      .where(eq(users.id, user.id))
      .returning({ payoutKeyType: users.payoutKeyType, payoutKey: users.payoutKey, payoutHolderName: users.payoutHolderName });
    await queueMail(
      tx,
      mails,
      accountNoticeEmail({
        to: user.email,
        name: user.name,
        subject: m.keyChangedSubject,
        paragraphs: [m.keyChangedText(maskPixKey(body.type, body.key))],
        linkPath: '/my-games/earnings',
        linkLabel: 'Ver recebimentos',
        publicUrl: ctx.config.publicUrl,
        ofAKind: false,
      }),
    );
    return after!;
  });
  await sendPendingMail(ctx, mails);
  return { message: m.keySaved, payoutKey: payoutKeyView(saved)! };
}
