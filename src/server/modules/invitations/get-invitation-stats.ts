import { and, count, eq, gt } from 'drizzle-orm';
import type { InvitationStatsReply } from '../../../shared/schemas/invitations';
import type { AuthUser, ServerContext } from '../../core/context';
import { games, invitations } from '../../db/schema';
import { ownInvitations } from './own-invitations';

export async function getInvitationStats(ctx: ServerContext, user: AuthUser): Promise<InvitationStatsReply> {
  const [[all], [upcoming]] = await Promise.all([
    ctx.db.select({ count: count() }).from(invitations).where(ownInvitations(user)),
    ctx.db
      .select({ count: count() })
      .from(invitations)
      .innerJoin(games, eq(games.id, invitations.gameId))
      .where(and(ownInvitations(user), eq(games.state, 'published'), eq(games.status, 'active'), gt(games.dateTime, ctx.clock.now()))),
  ]);
  return { total: all?.count ?? 0, upcoming: upcoming?.count ?? 0 };
}
