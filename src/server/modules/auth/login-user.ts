import type { z } from 'zod';
import { messages } from '../../../shared/messages';
import type { loginBodySchema } from '../../../shared/schemas/auth';
import type { ServerContext } from '../../core/context';
import { recordSignIn } from '../../core/retention/record-sign-in';
import { liveEmailIs } from '../../core/users/live-email';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { issueSession } from './issue-session';

/** Unknown e-mail and wrong password are indistinguishable: same status, text and work. */
export async function loginUser(ctx: ServerContext, input: z.output<typeof loginBodySchema>) {
  const [user] = await ctx.db.select().from(users).where(liveEmailIs(input.email));
  const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !user.passwordHash || !isValid) throw new AppError('invalid_credentials', messages.invalidCredentials);
  await recordSignIn(ctx.db, user.id, ctx.clock.now());
  return issueSession(ctx.tokens, user);
}
