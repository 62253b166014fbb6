import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { groupMembers, groups, users } from '../../db/schema';
import type { ServerContext } from '../context';
import { noticeWithEmail, type Recipient, when } from '../games/game-notices';
import type { GameRow } from '../games/registration-guards';
import type { PendingMail } from '../notifications/notify';

/**
 * Tells the members of a game's turma of a new published game (kind `groups`: in the app, by e-mail and by push, each
 * as the member's preferences say, neither when the member muted the turma), in the transaction that published it,
 * all but `actorId` (who made it) and `toldOtherwise` (a series' mensalistas, told of the place held for them). A
 * draft, a private game (reached by its link or invitations) and a game outside a turma tell nobody.
 */
export async function noticeGroupOfNewGame(
  tx: Tx,
  ctx: ServerContext,
  mails: PendingMail,
  game: GameRow,
  actorId: number,
  toldOtherwise: readonly number[] = [],
): Promise<void> {
  if (game.groupId === null || game.state !== 'published' || game.status !== 'active' || game.visibility === 'private') return;
  const [group] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, game.groupId));
  if (!group) return;
  const message = messages.groups.newGameNotice(group.name, game.name, when(game));
  for (const to of await membersToTell(tx, game.groupId, [actorId, ...toldOtherwise])) {
    await noticeWithEmail(tx, ctx, mails, {
      game,
      to,
      type: 'group_game',
      message,
      subject: messages.groups.newGameMailSubject(group.name),
      groupId: game.groupId,
    });
  }
}

/** Whom news of a turma goes to: its members (any role; not those who only asked to join), but those in `except`. */
export async function membersToTell(tx: Tx, groupId: number, except: readonly number[]): Promise<Recipient[]> {
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'member'), notInArray(users.id, [...except]), isNull(users.deletedAt)),
    )
    .orderBy(users.id);
}
