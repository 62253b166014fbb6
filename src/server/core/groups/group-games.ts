import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { groupMembers, groups } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../context';
import { membershipOf, RUNNING_ROLES } from './group-roles';

export const groupNotFound = () => new AppError('group_not_found', messages.groups.notFound);

/**
 * The payee of a new game or series of the turma `groupId`, made by `user`: the turma's owner (decision 074). Only its
 * owner and organisers add games (403 for a member, 404 for anyone outside a private turma or a missing one), never
 * to a suspended turma (409). The turma's row is locked (FOR SHARE) so its owner cannot change meanwhile.
 */
export async function groupGamePayee(tx: Tx, groupId: number, user: AuthUser): Promise<number> {
  const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('share');
  if (!group) throw groupNotFound();
  const membership = await membershipOf(tx, groupId, user.id);
  const isMember = membership?.status === 'member';
  if (!isMember && group.visibility === 'private' && user.role !== 'admin') throw groupNotFound();
  if (!isMember || !RUNNING_ROLES.includes(membership.role)) {
    throw new AppError('group_role_forbidden', messages.groups.notOrganiserOfGroup, { groupId: messages.groups.notOrganiserOfGroup });
  }
  if (group.suspendedAt) throw new AppError('group_suspended', messages.groups.groupSuspended);
  const [owner] = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'owner')));
  return owner!.userId;
}
