import { isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { messages } from '../../../shared/messages';
import type { registerBodySchema } from '../../../shared/schemas/auth';
import type { ServerContext } from '../../core/context';
import { claimEmailInvitations } from '../../core/invitations/record-invitation';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { issueSession } from './issue-session';

export async function registerUser(ctx: ServerContext, input: z.output<typeof registerBodySchema>) {
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash })
      .onConflictDoNothing({ target: users.email, where: isNull(users.deletedAt) })
      .returning();
    if (created) await claimEmailInvitations(tx, created);
    return created;
  });
  if (!user) throw new AppError('email_taken', messages.emailTaken, { email: messages.emailTaken });
  return issueSession(ctx.tokens, user);
}
