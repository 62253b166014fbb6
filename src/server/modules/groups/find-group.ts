import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { MyGroupRole } from '../../../shared/schemas/groups';
import type { AuthUser } from '../../core/context';
import { groupNotFound } from '../../core/groups/group-games';
import { membershipOf, RUNNING_ROLES } from '../../core/groups/group-roles';
import type { GroupRow } from '../../core/groups/group-view';
import type { Queryable, Tx } from '../../db/open-database';
import { groups } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** What the caller is to the turma now (read on every request, decision 074). */
export async function myRoleIn(q: Queryable, groupId: number, user: Pick<AuthUser, 'id'> | undefined): Promise<MyGroupRole> {
  if (!user) return null;
  const row = await membershipOf(q, groupId, user.id);
  if (!row) return null;
  return row.status === 'requested' ? 'requested' : row.role;
}

export const runs = (role: MyGroupRole) => role !== null && role !== 'requested' && RUNNING_ROLES.includes(role);
export const isMember = (role: MyGroupRole) => role !== null && role !== 'requested';

/** A private turma does not exist to anyone outside it (administrators see every turma). */
export const canSeeGroup = (group: GroupRow, role: MyGroupRole, user: Pick<AuthUser, 'role'> | undefined) =>
  group.visibility === 'public' || isMember(role) || user?.role === 'admin';

/** The turma `groupId` locked for a change to its members (FOR UPDATE: one change at a time), or a 404. */
export async function lockGroup(tx: Tx, groupId: number): Promise<GroupRow> {
  const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
  if (!group) throw groupNotFound();
  return group;
}

/**
 * The turma locked for a change only its owner and organisers make, with the caller's role: a 404 to whoever may not
 * see it, a 403 (saying `forbidden`) to anyone else.
 */
export async function lockGroupRunBy(
  tx: Tx,
  groupId: number,
  user: AuthUser,
  forbidden: string = messages.groups.onlyOrganisers,
): Promise<{ group: GroupRow; role: MyGroupRole }> {
  const group = await lockGroup(tx, groupId);
  const role = await myRoleIn(tx, groupId, user);
  if (!canSeeGroup(group, role, user)) throw groupNotFound();
  if (!runs(role)) throw new AppError('group_role_forbidden', forbidden);
  return { group, role };
}

/**
 * A turma `groupId` for a read only its members (any role) and administrators make, with the caller's role: a 404 to
 * whoever may not see it (a private turma's outsiders), a 403 with `forbidden` to anyone else outside it.
 */
export async function groupReadBy(q: Queryable, groupId: number, user: AuthUser, forbidden: string): Promise<MyGroupRole> {
  const [group] = await q.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw groupNotFound();
  const role = await myRoleIn(q, groupId, user);
  if (!canSeeGroup(group, role, user)) throw groupNotFound();
  if (!isMember(role) && user.role !== 'admin') throw new AppError('group_role_forbidden', forbidden);
  return role;
}

export function refuseSuspended(group: GroupRow): void {
  if (group.suspendedAt) throw new AppError('group_suspended', messages.groups.suspended);
}
