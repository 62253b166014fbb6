import { and, eq, isNull, or } from 'drizzle-orm';
import type { AuthUser } from '../../core/context';
import { invitations } from '../../db/schema';

/**
 * The invitations addressed to the user: to their account, or to their e-mail before they had one
 * (organisers store invitation e-mails trimmed and lower-cased, like accounts).
 */
export const ownInvitations = (user: AuthUser) =>
  or(eq(invitations.userId, user.id), and(isNull(invitations.userId), eq(invitations.email, user.email)));
