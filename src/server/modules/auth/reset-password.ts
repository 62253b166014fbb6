import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { messages } from '../../../shared/messages';
import type { resetPasswordBodySchema } from '../../../shared/schemas/auth';
import type { ServerContext } from '../../core/context';
import { liveEmailIs } from '../../core/users/live-email';
import { passwordResetCodes, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { RESET_CODE_MAX_ATTEMPTS, resetCodeDigest } from './request-password-reset';

/**
 * Consumes the code in one statement (so two racing resets cannot both use it), sets the new
 * password and bumps the token version, which ends every token issued before.
 */
export async function resetPassword(ctx: ServerContext, input: z.output<typeof resetPasswordBodySchema>) {
  const invalid = new AppError('reset_code_invalid', messages.codeInvalidOrExpired, { code: messages.codeInvalidOrExpired });
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(liveEmailIs(input.email));
  if (!user) throw invalid;
  const now = ctx.clock.now();
  const live = and(
    eq(passwordResetCodes.userId, user.id),
    gt(passwordResetCodes.expiresAt, now),
    lt(passwordResetCodes.failedAttempts, RESET_CODE_MAX_ATTEMPTS),
  );
  const passwordHash = await hashPassword(input.newPassword);
  const isDone = await ctx.db.transaction(async (tx) => {
    const consumed = await tx
      .delete(passwordResetCodes)
      .where(and(live, eq(passwordResetCodes.codeHash, resetCodeDigest(ctx, user.id, input.code))))
      .returning({ userId: passwordResetCodes.userId });
    if (consumed.length === 0) return false;
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    return true;
  });
  if (!isDone) {
    await ctx.db
      .update(passwordResetCodes)
      .set({ failedAttempts: sql`${passwordResetCodes.failedAttempts} + 1` })
      .where(live);
    throw invalid;
  }
  return { message: messages.resetDone };
}
