import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { generatePrivateLink } from '../../core/games/private-link';
import { inviteUrlOf } from '../../core/groups/group-view';
import { groups } from '../../db/schema';
import { lockGroupRunBy } from './find-group';

/** An owner or organiser makes a new join link: the old one stops letting anyone in. */
export async function renewInviteLink(ctx: ServerContext, user: AuthUser, groupId: number): Promise<{ message: string; url: string }> {
  return ctx.db.transaction(async (tx) => {
    await lockGroupRunBy(tx, groupId, user);
    const [group] = await tx
      .update(groups)
      .set({ inviteToken: generatePrivateLink(), updatedAt: ctx.clock.now() })
      .where(eq(groups.id, groupId))
      .returning();
    return { message: messages.groups.inviteLinkRenewed, url: inviteUrlOf(ctx.config.publicUrl, group!) };
  });
}
