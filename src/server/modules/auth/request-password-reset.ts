import { eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { messages } from '../../../shared/messages';
import type { ForgotReply } from '../../../shared/schemas/auth';
import type { ServerContext } from '../../core/context';
import { passwordResetCodes, users } from '../../db/schema';
import { resetCodeEmail } from '../../integrations/mail/templates';

export const RESET_CODE_TTL_SECONDS = 15 * 60;
export const RESET_CODE_MAX_ATTEMPTS = 5;

export function resetCodeDigest(ctx: ServerContext, userId: number, code: string): string {
  return ctx.tokens.digest(`reset:${userId}:${code}`);
}

/**
 * Mails a fresh 6-digit code (replacing any earlier one). The reply is the same whether or not the
 * account exists, and comes before anything is looked up, so its timing tells nothing either.
 */
export async function requestPasswordReset(ctx: ServerContext, email: string): Promise<ForgotReply> {
  ctx.mailer.later(() => issueResetCode(ctx, email));
  return { message: messages.forgotSent, expiresIn: RESET_CODE_TTL_SECONDS };
}

async function issueResetCode(ctx: ServerContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = resetCodeDigest(ctx, user.id, code);
  const expiresAt = new Date(ctx.clock.now().getTime() + RESET_CODE_TTL_SECONDS * 1000);
  await ctx.db
    .insert(passwordResetCodes)
    .values({ userId: user.id, codeHash, expiresAt, failedAttempts: 0 })
    .onConflictDoUpdate({ target: passwordResetCodes.userId, set: { codeHash, expiresAt, failedAttempts: 0 } });
  await ctx.mailer.send(
    resetCodeEmail({ to: user.email, name: user.name, code, minutes: RESET_CODE_TTL_SECONDS / 60, publicUrl: ctx.config.publicUrl }),
  );
}
