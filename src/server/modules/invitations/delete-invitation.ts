import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { invitations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { ownInvitations } from './own-invitations';

/** Removes one of the user's invitations; someone else's is "not found". */
export async function deleteInvitation(ctx: ServerContext, user: AuthUser, invitationId: number) {
  const deleted = await ctx.db
    .delete(invitations)
    .where(and(eq(invitations.id, invitationId), ownInvitations(user)))
    .returning({ id: invitations.id });
  if (deleted.length === 0) throw new AppError('invitation_not_found', messages.invitationNotFound);
  return { message: messages.invitationRemoved };
}
