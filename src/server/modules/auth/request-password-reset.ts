import { randomInt } from 'node:crypto';
import { messages } from '../../../shared/messages';
import type { ForgotReply } from '../../../shared/schemas/auth';
import type { ServerContext } from '../../core/context';
import { doMailRequestSoon, type MailRequestHandler, recordMailRequest } from '../../core/notifications/mail-requests';
import { type PendingMail, queueMail } from '../../core/notifications/notify';
import { liveEmailIs } from '../../core/users/live-email';
import type { Queryable } from '../../db/open-database';
import { passwordResetCodes, users } from '../../db/schema';
import { resetCodeEmail } from '../../integrations/mail/templates';

export const RESET_CODE_TTL_SECONDS = 15 * 60;
export const RESET_CODE_MAX_ATTEMPTS = 5;

export function resetCodeDigest(ctx: ServerContext, userId: number, code: string): string {
  return ctx.tokens.digest(`reset:${userId}:${code}`);
}

/**
 * A code asked for: the account is looked up, and the code and its e-mail written, in the transaction that takes the
 * request away, so each request mails at most one code; an address with no account is dropped without a word. A
 * request not done within the code's own lifetime is dropped too: the reply said the code would last that long.
 */
export const passwordResetRequests: MailRequestHandler<{ email: string }> = {
  kind: 'password_reset',
  dropAfterSeconds: RESET_CODE_TTL_SECONDS,
  handle: async (tx, ctx, requests, mails) => {
    for (const { email } of requests) await issueResetCode(tx, ctx, email, mails);
  },
};

/**
 * Mails a fresh 6-digit code (replacing any earlier one). Before the reply, a request is written for any address, in
 * one statement that is the same whether or not the account exists; the account is looked up only afterwards (right
 * after the reply, or by the `mail-requests` job if this process dies first), so the reply's timing tells nothing.
 */
export async function requestPasswordReset(ctx: ServerContext, email: string): Promise<ForgotReply> {
  const id = await recordMailRequest(ctx.db, passwordResetRequests, { email });
  doMailRequestSoon(ctx, passwordResetRequests, id);
  return { message: messages.forgotSent, expiresIn: RESET_CODE_TTL_SECONDS };
}

async function issueResetCode(tx: Queryable, ctx: ServerContext, email: string, mails: PendingMail): Promise<void> {
  const [user] = await tx.select().from(users).where(liveEmailIs(email));
  if (!user) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = resetCodeDigest(ctx, user.id, code);
  const expiresAt = new Date(ctx.clock.now().getTime() + RESET_CODE_TTL_SECONDS * 1000);
  await tx
    .insert(passwordResetCodes)
    .values({ userId: user.id, codeHash, expiresAt, failedAttempts: 0 })
    .onConflictDoUpdate({ target: passwordResetCodes.userId, set: { codeHash, expiresAt, failedAttempts: 0 } });
  await queueMail(
    tx,
    mails,
    resetCodeEmail({ to: user.email, name: user.name, code, minutes: RESET_CODE_TTL_SECONDS / 60, publicUrl: ctx.config.publicUrl }),
  );
}
