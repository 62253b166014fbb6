import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { GroupRole } from '../../../shared/schemas/groups';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/open-database';
import { groupMembers } from '../../db/schema';

/**
 * Roles are read from the database on every request and never kept (decision 074): an organiser who loses the role
 * loses what it allowed on the very next request, on every instance.
 */

/** The roles that run a turma's games and series (never its money: that stays with the owner, the games' payee). */
export const RUNNING_ROLES: GroupRole[] = ['owner', 'organiser'];

/**
 * The caller's row in a turma: a member with a role (and whether they muted it), or a request to join; undefined when
 * outside it.
 */
export async function membershipOf(
  q: Queryable,
  groupId: number,
  userId: number,
): Promise<{ role: GroupRole; status: 'member' | 'requested'; muted: boolean } | undefined> {
  const [row] = await q
    .select({ role: groupMembers.role, status: groupMembers.status, muted: groupMembers.muted })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

/** Whether `userId` is a member (any role) of the turma in `groupColumn`: the condition of a group-only game. */
export const isMemberOfGroupIn = (groupColumn: AnyPgColumn | SQL, userId: number): SQL =>
  sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groupColumn} and ${groupMembers.userId} = ${userId} and ${groupMembers.status} = 'member')`;

/** Whether `userId` is the owner or an organiser of the turma in `groupColumn`. */
export const runsGroupIn = (groupColumn: AnyPgColumn | SQL, userId: number): SQL =>
  sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groupColumn} and ${groupMembers.userId} = ${userId} and ${groupMembers.status} = 'member' and ${inArray(groupMembers.role, RUNNING_ROLES)})`;

/** Whether `userId` runs the turma `groupId` now (owner or organiser). */
export async function runsGroup(q: Queryable, groupId: number | null, userId: number): Promise<boolean> {
  if (groupId === null) return false;
  const row = await membershipOf(q, groupId, userId);
  return row?.status === 'member' && RUNNING_ROLES.includes(row.role);
}

/** Whether `userId` is a member (any role) of the turma `groupId` now. */
export async function isGroupMember(q: Queryable, groupId: number | null, userId: number): Promise<boolean> {
  if (groupId === null) return false;
  return (await membershipOf(q, groupId, userId))?.status === 'member';
}
