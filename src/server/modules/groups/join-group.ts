import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { JoinGroupReply } from '../../../shared/schemas/groups';
import type { AuthUser, ServerContext } from '../../core/context';
import { groupNotFound } from '../../core/groups/group-games';
import { toGroupView } from '../../core/groups/group-view';
import { groupMembers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { canSeeGroup, lockGroup, myRoleIn, refuseSuspended } from './find-group';

/**
 * Joins a turma: an open one at once (`member`), one with approval as a request its organisers answer (`requested`).
 * The join link's token lets its holder in at once, into a private or approval turma too, and turns a request into
 * membership. A private turma without the token is a 404; a token that is not the current one (renewed) is refused.
 */
export async function joinGroup(ctx: ServerContext, user: AuthUser, groupId: number, token: string | undefined): Promise<JoinGroupReply> {
  const { group, status } = await ctx.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    const role = await myRoleIn(tx, groupId, user);
    // A link renewed since it was passed on says so (whoever holds it was let in to the turma's page once).
    if (token !== undefined && token !== group.inviteToken) throw new AppError('group_invite_invalid', messages.groups.inviteTokenInvalid);
    const byLink = token !== undefined;
    if (!byLink && !canSeeGroup(group, role, user)) throw groupNotFound();
    refuseSuspended(group);
    if (role !== null && role !== 'requested') throw new AppError('already_group_member', messages.groups.alreadyMember);
    const now = ctx.clock.now();
    const status = byLink || group.joinPolicy === 'open' ? 'member' : 'requested';
    if (role === 'requested') {
      if (status === 'requested') throw new AppError('already_group_member', messages.groups.alreadyRequested);
      await tx
        .update(groupMembers)
        .set({ status: 'member', joinedAt: now })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, user.id)));
    } else {
      await tx.insert(groupMembers).values({
        groupId,
        userId: user.id,
        role: 'member',
        status,
        createdAt: now,
        joinedAt: status === 'member' ? now : null,
      });
    }
    return { group, status } as const;
  });
  return {
    message: status === 'member' ? messages.groups.joined(group.name) : messages.groups.requested,
    status,
    group: await toGroupView(ctx.db, group),
  };
}
