import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { UpdateMeReply } from '../../../shared/schemas/users';
import type { ServerContext } from '../../core/context';
import { toPublicUser } from '../../core/users/public-user';
import { users } from '../../db/schema';

/** Saves the owner's name (already trimmed, 2–100 characters) and, when sent, their phone. */
export async function updateMe(ctx: ServerContext, userId: number, input: { name: string; phone?: string }): Promise<UpdateMeReply> {
  const [user] = await ctx.db
    .update(users)
    .set(input.phone === undefined ? { name: input.name } : { name: input.name, phone: input.phone })
    .where(eq(users.id, userId))
    .returning();
  return { message: messages.profileSaved, user: toPublicUser(user!) };
}
