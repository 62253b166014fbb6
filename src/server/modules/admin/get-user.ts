import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { AdminUser } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import type { Queryable } from '../../db/open-database';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toAdminUser } from './admin-views';

export async function findUserOrThrow(q: Queryable, userId: number) {
  const [user] = await q.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('user_not_found', messages.admin.userNotFound);
  return user;
}

export async function getUser(ctx: ServerContext, userId: number): Promise<AdminUser> {
  return toAdminUser(await findUserOrThrow(ctx.db, userId));
}
