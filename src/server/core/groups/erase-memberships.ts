import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { gameMessages, games, groupMembers, groups, notifications, series } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * An erased account leaves its turmas (decision 081): its memberships and requests go. A turma it owns with anyone
 * else in it refuses the erasure (409): its owner is the payee of its games, so it is handed over first. A turma it
 * owns alone ends with it: its games and series leave it (a game only for the turma becomes private, reached by its
 * link as before), its avisos go and the turma is deleted, so no turma is ever left without a payee. The owned turmas are locked
 * first, as every change of a turma's members locks its row.
 */
export async function eraseGroupMemberships(tx: Tx, userId: number): Promise<void> {
  const owned = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.role, 'owner')))
    .orderBy(groups.id)
    .for('update', { of: groups });
  const ownedIds = owned.map((group) => group.id);
  if (ownedIds.length > 0) {
    const [shared] = await tx
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(and(inArray(groupMembers.groupId, ownedIds), ne(groupMembers.userId, userId), eq(groupMembers.status, 'member')))
      .orderBy(groupMembers.groupId)
      .limit(1);
    if (shared) {
      const name = owned.find((group) => group.id === shared.groupId)!.name;
      throw new AppError('group_owner_stays', messages.groups.handOverBeforeDeleting(name));
    }
  }
  await tx.delete(groupMembers).where(eq(groupMembers.userId, userId));
  if (ownedIds.length === 0) return;
  await tx.delete(groupMembers).where(inArray(groupMembers.groupId, ownedIds));
  await tx
    .update(games)
    .set({ groupId: null, visibility: sql`case when ${games.visibility} = 'group' then 'private' else ${games.visibility} end` })
    .where(inArray(games.groupId, ownedIds));
  await tx
    .update(series)
    .set({
      groupId: null,
      template: sql`case when ${series.template}->>'visibility' = 'group' then jsonb_set(${series.template}, '{visibility}', '"private"') else ${series.template} end`,
    })
    .where(inArray(series.groupId, ownedIds));
  // Its avisos went to nobody left; the notices others keep of it stay, no longer pointing at it.
  await tx.delete(gameMessages).where(inArray(gameMessages.groupId, ownedIds));
  await tx.update(notifications).set({ groupId: null }).where(inArray(notifications.groupId, ownedIds));
  await tx.delete(groups).where(inArray(groups.id, ownedIds));
}
