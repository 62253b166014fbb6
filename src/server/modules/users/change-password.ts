import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { ChangePasswordReply } from '../../../shared/schemas/users';
import type { AuthUser, ServerContext } from '../../core/context';
import { toPublicUser } from '../../core/users/public-user';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';

/**
 * Replaces the password after checking the current one and bumps the token version, which ends every
 * other session; the caller gets a fresh token for the new version so this device stays signed in.
 */
export async function changePassword(
  ctx: ServerContext,
  user: AuthUser,
  input: { currentPassword: string; newPassword: string },
): Promise<ChangePasswordReply> {
  if (!user.passwordHash) throw new AppError('no_password_yet', messages.noPasswordYet, { currentPassword: messages.noPasswordYet });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('current_password_wrong', messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Only if nobody changed it meanwhile: two racing changes cannot both win with stale proof.
  const [updated] = await ctx.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion)))
    .returning();
  if (!updated) throw new AppError('session_expired', messages.sessionExpired);
  const token = await ctx.tokens.issue({ userId: updated.id, tokenVersion: updated.tokenVersion });
  return { message: messages.passwordChanged, token, user: toPublicUser(updated) };
}
