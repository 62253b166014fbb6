import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * The live account with this e-mail, said in the words of its unique index (`users_email_unique`, partial: `where
 * deleted_at is null`). Said so, a lookup reads one index entry; without the condition the planner may not use a
 * partial index and reads every account, at every sign-in. An erased account's e-mail is empty, so it never matched.
 */
export const liveEmailIs = (email: string): SQL => and(eq(users.email, email), isNull(users.deletedAt))!;
