import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { isFinished } from '../../../shared/rules/game-timing';
import type { InviteByEmailReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { lockOwnGame } from '../../core/games/user-game-view';
import { recordInvitation } from '../../core/invitations/record-invitation';
import { notifyInvitationReceived, type PendingMail, queueMail, sendPendingMail } from '../../core/notifications/notify';
import type { Tx } from '../../db/open-database';
import { games, invitations, users } from '../../db/schema';
import { gameInvitationEmail } from '../../integrations/mail/templates';
import { AppError } from '../../lib/app-error';

/** E-mail invitations an organiser may send in 24 hours, all their games together (on top of the per-address limit). */
export const INVITATIONS_PER_DAY = 100;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * Refuses invitations past the organiser's daily allowance. Under a lock of the organiser's row, so two
 * requests for different games cannot both use the last places.
 */
async function assertWithinDailyLimit(tx: Tx, organiserId: number, count: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, organiserId)).for('update');
  const [sent] = await tx
    .select({ count: sql<number>`count(*)::int`, oldest: sql<number>`extract(epoch from now() - min(${invitations.createdAt}))::int` })
    .from(invitations)
    .innerJoin(games, eq(games.id, invitations.gameId))
    .where(and(eq(games.creatorId, organiserId), sql`${invitations.createdAt} > now() - interval '1 day'`));
  const left = INVITATIONS_PER_DAY - (sent?.count ?? 0);
  if (count <= left) return;
  const retryAfter = Math.max(1, DAY_SECONDS - (sent?.oldest ?? 0));
  throw new AppError('invite_daily_limit', messages.inviteDailyLimit(INVITATIONS_PER_DAY, Math.max(0, left)), undefined, retryAfter);
}

/** The page an invitee opens: the game by its private link. */
export const privateGameUrl = (publicUrl: string, link: string) => `${publicUrl}/games/private/${link}`;

/**
 * Invites people by e-mail (already trimmed, lower-cased and unique) to the caller's published game:
 * an invitation for each, a notification for those with an account, and an e-mail with the private
 * link for everyone. Someone already invited is not e-mailed again. The game lock keeps two
 * simultaneous invitations of one address from both being recorded.
 */
export async function inviteByEmail(ctx: ServerContext, user: AuthUser, gameId: number, emails: string[]): Promise<InviteByEmailReply> {
  const mails: PendingMail = [];
  const reply = await ctx.db.transaction(async (tx): Promise<InviteByEmailReply> => {
    const game = await lockOwnGame(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('game_cancelled', messages.gameLocked);
    if (game.state !== 'published') throw new AppError('game_not_published', messages.inviteDraftGame);
    if (isFinished(game.dateTime, ctx.clock.now())) throw new AppError('game_finished', messages.inviteFinishedGame);

    const accounts = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      // Live accounts, in the words of the partial unique index on e-mail, so each is one index entry (decision 073).
      .where(and(inArray(users.email, emails), isNull(users.deletedAt)));
    const accountOf = new Map(accounts.map((account) => [account.email, account]));
    const existing = await tx
      .select({ id: invitations.id, email: invitations.email, userId: invitations.userId, viaLink: invitations.viaLink })
      .from(invitations)
      .where(
        and(
          eq(invitations.gameId, game.id),
          or(
            inArray(invitations.email, emails),
            accounts.length > 0
              ? inArray(
                  invitations.userId,
                  accounts.map((a) => a.id),
                )
              : undefined,
          ),
        ),
      );
    const invitedIds = new Set(existing.map((row) => row.userId));
    const invitedEmails = new Set(existing.map((row) => row.email));

    const invited: string[] = [];
    const when = formatDateTime(game.dateTime, game.timeZone);
    // The organiser has nothing to be invited to.
    const isInvited = (email: string) => {
      const account = accountOf.get(email);
      return account?.id === user.id || invitedEmails.has(email) || (account !== undefined && invitedIds.has(account.id));
    };
    const alreadyInvited = emails.filter(isInvited);
    // Someone who had only opened the link is now invited by the organiser: their invitation outlasts the link.
    const byLink = existing.filter((row) => row.viaLink).map((row) => row.id);
    if (byLink.length > 0) await tx.update(invitations).set({ viaLink: false }).where(inArray(invitations.id, byLink));
    const toInvite = emails.filter((email) => !isInvited(email));
    if (toInvite.length > 0) await assertWithinDailyLimit(tx, user.id, toInvite.length);
    for (const email of toInvite) {
      const account = accountOf.get(email);
      if (account) {
        await recordInvitation(tx, game.id, account, 'email');
        await notifyInvitationReceived(tx, account.id, game);
      } else {
        await tx.insert(invitations).values({ gameId: game.id, userId: null, email });
      }
      invited.push(email);
      await queueMail(
        tx,
        mails,
        gameInvitationEmail({
          to: email,
          name: account?.name ?? null,
          organiserName: user.name,
          gameName: game.name,
          when,
          location: game.location,
          link: privateGameUrl(ctx.config.publicUrl, game.privateLink),
          publicUrl: ctx.config.publicUrl,
        }),
      );
    }
    return { message: messages.invitationsSent(invited.length), invited, alreadyInvited };
  });
  await sendPendingMail(ctx, mails);
  return reply;
}
