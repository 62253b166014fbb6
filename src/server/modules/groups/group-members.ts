import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { GroupMember, GroupMembersReply, GroupRole } from '../../../shared/schemas/groups';
import type { AuthUser, ServerContext } from '../../core/context';
import { groupNotFound } from '../../core/groups/group-games';
import { loadGroupMembers } from '../../core/groups/group-view';
import type { Tx } from '../../db/open-database';
import { groupMembers, groups } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { canSeeGroup, groupReadBy, lockGroup, lockGroupRunBy, myRoleIn, runs } from './find-group';

/**
 * The members of a turma: to its owner and organisers (and administrators) with full names and the requests to
 * join; to its members with first names and initials and no requests. Anyone else: 404 when the turma is private
 * (it does not exist to them), 403 when it is public.
 */
export async function listGroupMembers(ctx: ServerContext, user: AuthUser, groupId: number): Promise<GroupMembersReply> {
  const role = await groupReadBy(ctx.db, groupId, user, messages.groups.onlyOrganisers);
  const fullNames = runs(role) || user.role === 'admin';
  const everyone = await loadGroupMembers(ctx.db, groupId, fullNames);
  return {
    members: everyone.filter((member) => member.status === 'member'),
    requests: fullNames ? everyone.filter((member) => member.status === 'requested') : [],
  };
}

async function rowOf(tx: Tx, groupId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

async function memberView(tx: Tx, groupId: number, userId: number): Promise<GroupMember> {
  const found = (await loadGroupMembers(tx, groupId, true)).find((member) => member.userId === userId);
  return found!;
}

/** An owner or organiser lets in someone who asked to join. */
export async function approveGroupRequest(
  ctx: ServerContext,
  user: AuthUser,
  groupId: number,
  userId: number,
): Promise<{ message: string; member: GroupMember }> {
  return ctx.db.transaction(async (tx) => {
    await lockGroupRunBy(tx, groupId, user);
    const row = await rowOf(tx, groupId, userId);
    if (row?.status !== 'requested') throw new AppError('group_request_not_found', messages.groups.requestNotFound);
    await tx.update(groupMembers).set({ status: 'member', joinedAt: ctx.clock.now() }).where(eq(groupMembers.id, row.id));
    const member = await memberView(tx, groupId, userId);
    return { message: messages.groups.approved(member.name), member };
  });
}

/**
 * An owner or organiser refuses a request or removes a member; only the owner removes an organiser, and nobody the
 * owner (the turma passes first). Removed organisers lose what the role allowed on their next request.
 */
export async function removeGroupMember(ctx: ServerContext, user: AuthUser, groupId: number, userId: number): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    const { role } = await lockGroupRunBy(tx, groupId, user);
    const row = await rowOf(tx, groupId, userId);
    if (!row) throw new AppError('group_member_not_found', messages.groups.memberNotFound);
    if (row.role === 'owner') throw new AppError('group_owner_stays', messages.groups.ownerCannotBeRemoved);
    if (row.role === 'organiser' && role !== 'owner') throw new AppError('group_role_forbidden', messages.groups.onlyOwnerChangesRoles);
    await tx.delete(groupMembers).where(eq(groupMembers.id, row.id));
    return { message: row.status === 'requested' ? messages.groups.refused : messages.groups.removed };
  });
}

/** Leaves a turma (or takes back a request); the owner hands the turma over first. */
export async function leaveGroup(ctx: ServerContext, user: AuthUser, groupId: number): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    const row = await rowOf(tx, groupId, user.id);
    if (!row) {
      if (!canSeeGroup(group, null, user)) throw groupNotFound();
      throw new AppError('group_member_not_found', messages.groups.memberNotFound);
    }
    if (row.role === 'owner') throw new AppError('group_owner_stays', messages.groups.ownerCannotLeave);
    await tx.delete(groupMembers).where(eq(groupMembers.id, row.id));
    return { message: messages.groups.left };
  });
}

/**
 * The owner gives a member a role: organiser, member, or owner, which hands the turma over (the former owner stays
 * as an organiser; the games already made keep their payee, decision 074). Roles are read on every request, so a
 * change counts from the next one.
 */
export async function changeGroupMemberRole(
  ctx: ServerContext,
  user: AuthUser,
  groupId: number,
  userId: number,
  newRole: GroupRole,
): Promise<{ message: string; member: GroupMember }> {
  return ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    const myRole = await myRoleIn(tx, groupId, user);
    if (!canSeeGroup(group, myRole, user)) throw groupNotFound();
    if (myRole !== 'owner') throw new AppError('group_role_forbidden', messages.groups.onlyOwnerChangesRoles);
    const row = await rowOf(tx, groupId, userId);
    if (row?.status !== 'member') throw new AppError('group_member_not_found', messages.groups.memberNotFound);
    if (row.role === 'owner') {
      if (newRole !== 'owner') throw new AppError('group_owner_stays', messages.groups.ownerKeepsRole);
      return { message: messages.groups.roleChanged, member: await memberView(tx, groupId, userId) };
    }
    if (newRole === 'owner') {
      // The one-owner index holds at every statement: the owner steps down first.
      await tx
        .update(groupMembers)
        .set({ role: 'organiser' })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, user.id)));
    }
    await tx.update(groupMembers).set({ role: newRole }).where(eq(groupMembers.id, row.id));
    await tx.update(groups).set({ updatedAt: ctx.clock.now() }).where(eq(groups.id, groupId));
    const member = await memberView(tx, groupId, userId);
    return { message: newRole === 'owner' ? messages.groups.ownershipHandedOver(member.name) : messages.groups.roleChanged, member };
  });
}
