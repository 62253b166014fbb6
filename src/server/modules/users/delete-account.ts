import { messages } from '../../../shared/messages';
import type { DeleteMeBody } from '../../../shared/schemas/users';
import type { AuthUser, ServerContext } from '../../core/context';
import { emptyErasureAfterCommit, eraseAccount, finishErasure } from '../../core/users/erase-account';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';

/**
 * The owner proves it is them: with the password, or, for an account that only ever signed in with
 * Google and has none, by typing the account's e-mail (decision 023).
 */
async function assertConfirmed(user: AuthUser, input: DeleteMeBody): Promise<void> {
  if (user.passwordHash) {
    if (!input.password)
      throw new AppError('deletion_password_required', messages.deletePasswordRequired, { password: messages.deletePasswordRequired });
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw new AppError('deletion_password_wrong', messages.deletePasswordWrong, { password: messages.deletePasswordWrong });
    }
    return;
  }
  const typed = input.email?.trim().toLowerCase();
  if (!typed) throw new AppError('deletion_email_required', messages.deleteEmailRequired, { email: messages.deleteEmailRequired });
  if (typed !== user.email) throw new AppError('deletion_email_mismatch', messages.deleteEmailWrong, { email: messages.deleteEmailWrong });
}

/**
 * Deletes the account once its owner confirmed it (decision 023): `eraseAccount` does it, as the retention job does to
 * an unused account; the balance left is forfeited only when the owner said so.
 */
export async function deleteAccount(ctx: ServerContext, user: AuthUser, input: DeleteMeBody): Promise<{ message: string }> {
  await assertConfirmed(user, input);
  const after = emptyErasureAfterCommit();
  await ctx.db.transaction((tx) => eraseAccount(tx, ctx, user, { forfeitCredits: input.forfeitCredits === true }, after));
  await finishErasure(ctx, user, after);
  return { message: messages.accountDeletedDone };
}
