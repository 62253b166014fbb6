import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open-database';
import { games, invitations } from '../../db/schema';
import { notifyInvitationReceived } from '../notifications/notify';

type Invitee = { id: number; email: string };

/**
 * Records that the user was invited to the game, once: `by` the organiser's e-mail, or by opening its
 * private `link` (an invitation that ends when the link is regenerated; an e-mail invitation outlasts it,
 * so it wins over one made by the link). A row for their account replaces any row made for their e-mail
 * before they had one. Returns whether the account's row is new.
 */
export async function recordInvitation(q: Queryable, gameId: number, user: Invitee, by: 'email' | 'link'): Promise<boolean> {
  const insert = q.insert(invitations).values({ gameId, userId: user.id, email: user.email, viaLink: by === 'link' });
  const target = [invitations.gameId, invitations.userId];
  const inserted = await (
    by === 'link' ? insert.onConflictDoNothing({ target }) : insert.onConflictDoUpdate({ target, set: { viaLink: false } })
  )
    // A row the upsert updated comes back too: xmax is 0 only on a row this statement inserted.
    .returning({ isNew: sql<boolean>`xmax = 0` });
  await q.delete(invitations).where(and(eq(invitations.gameId, gameId), isNull(invitations.userId), eq(invitations.email, user.email)));
  return inserted.some((row) => row.isNew);
}

/**
 * A new account takes over the invitations sent to its e-mail before it existed (and is told about
 * each), so they stay in its invitations whatever happens to the e-mail later.
 */
export async function claimEmailInvitations(q: Queryable, user: Invitee): Promise<void> {
  const waiting = await q
    .select({
      gameId: invitations.gameId,
      name: games.name,
      dateTime: games.dateTime,
      timeZone: games.timeZone,
      state: games.state,
      status: games.status,
    })
    .from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId))
    .where(and(isNull(invitations.userId), eq(invitations.email, user.email)))
    .orderBy(asc(invitations.id));
  const seen = new Set<number>();
  for (const game of waiting) {
    if (seen.has(game.gameId)) continue;
    seen.add(game.gameId);
    const isNew = await recordInvitation(q, game.gameId, user, 'email');
    const isOpen = game.state === 'published' && game.status === 'active';
    if (isNew && isOpen)
      await notifyInvitationReceived(q, user.id, { id: game.gameId, name: game.name, dateTime: game.dateTime, timeZone: game.timeZone });
  }
}
