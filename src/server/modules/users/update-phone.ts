import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { toPublicUser } from './public-user';

export async function updatePhone(ctx: ServerContext, userId: number, phoneDigits: string) {
  const [user] = await ctx.db.update(users).set({ phone: phoneDigits }).where(eq(users.id, userId)).returning();
  return { message: messages.phoneSaved, user: toPublicUser(user!) };
}
