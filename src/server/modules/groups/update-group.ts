import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { GroupReply, UpdateGroupBody } from '../../../shared/schemas/groups';
import type { AuthUser, ServerContext } from '../../core/context';
import { toGroupView } from '../../core/groups/group-view';
import { groups } from '../../db/schema';
import { assertActiveCity } from './create-group';
import { lockGroupRunBy, refuseSuspended } from './find-group';

/**
 * The owner or an organiser changes a turma's settings: name, description, city, who sees it and how people join
 * (403 for a member, 404 to whoever may not see it, 409 while suspended). The address stays, so every link already
 * shared keeps opening it; requests waiting stay for an organiser to answer, whatever the new way in.
 */
export async function updateGroup(ctx: ServerContext, user: AuthUser, groupId: number, body: UpdateGroupBody): Promise<GroupReply> {
  const row = await ctx.db.transaction(async (tx) => {
    const { group } = await lockGroupRunBy(tx, groupId, user);
    refuseSuspended(group);
    await assertActiveCity(tx, body.cityId);
    const [updated] = await tx
      .update(groups)
      .set({
        name: body.name,
        description: body.description ?? '',
        cityId: body.cityId,
        visibility: body.visibility ?? 'public',
        joinPolicy: body.joinPolicy ?? 'open',
        updatedAt: ctx.clock.now(),
      })
      .where(eq(groups.id, groupId))
      .returning();
    return updated!;
  });
  return { message: messages.groups.updated, group: await toGroupView(ctx.db, row) };
}
