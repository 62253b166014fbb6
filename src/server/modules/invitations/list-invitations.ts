import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Invitation } from '../../../shared/schemas/invitations';
import type { AuthUser, ServerContext } from '../../core/context';
import { loadGameViews } from '../../core/games/game-view';
import { games, invitations } from '../../db/schema';
import { ownInvitations } from './own-invitations';

/** Maximum invitations one reply carries (soonest games first). */
const MAX_INVITATIONS = 100;

/** Invitations to published, active games that have not started (an invitation to join is for a game still ahead), soonest first. */
export async function listInvitations(ctx: ServerContext, user: AuthUser): Promise<Invitation[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ id: invitations.id, gameId: invitations.gameId, createdAt: invitations.createdAt })
    .from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId))
    .where(and(ownInvitations(user), eq(games.state, 'published'), eq(games.status, 'active'), gt(games.dateTime, now)))
    .orderBy(asc(games.dateTime), asc(invitations.id))
    .limit(MAX_INVITATIONS);
  if (rows.length === 0) return [];
  // An invitee already holds the link, so the game shows it to them.
  const views = await loadGameViews(ctx.db, {
    where: inArray(
      games.id,
      rows.map((row) => row.gameId),
    ),
    now,
    viewerId: user.id,
    revealPrivateLink: true,
  });
  const byId = new Map(views.map((game) => [game.id, game]));
  return rows.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString(), game: byId.get(row.gameId)! }));
}
