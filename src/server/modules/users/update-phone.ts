import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { ServerContext } from '../../core/context';
import { toPublicUser } from '../../core/users/public-user';
import { users } from '../../db/schema';

export async function updatePhone(ctx: ServerContext, userId: number, phoneDigits: string) {
  const [user] = await ctx.db.update(users).set({ phone: phoneDigits }).where(eq(users.id, userId)).returning();
  return { message: messages.phoneSaved, user: toPublicUser(user!) };
}
