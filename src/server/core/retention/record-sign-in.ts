import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open-database';
import { users } from '../../db/schema';

/**
 * Records a sign-in (password or Google): the account is in use, and a warning that it would be erased for being
 * unused no longer holds (decision 043). Token use is not recorded: a token lasts 7 days, so whoever uses the app
 * signed in less than a week before, and reads stay free of writes (decision 021).
 */
export async function recordSignIn(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.update(users).set({ lastActiveAt: now, inactivityWarnedAt: null }).where(eq(users.id, userId));
}
