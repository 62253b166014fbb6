import { and, eq } from 'drizzle-orm';
import { groupMessageTexts as texts } from '../../../shared/game-message-texts';
import type {
  GroupMessagesReply,
  MuteGroupBody,
  MuteGroupReply,
  SendGroupMessageBody,
  SendGroupMessageReply,
} from '../../../shared/schemas/game-messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { membersToTell } from '../../core/groups/group-notices';
import { groupPath } from '../../../shared/links';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { loadAvisos, sendAviso } from '../../core/notifications/send-aviso';
import { groupMembers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { groupReadBy, isMember, lockGroupRunBy, refuseSuspended } from './find-group';

/**
 * An aviso from a turma's owner or one of its organisers to every other member (decision 078), in one transaction
 * under the turma's lock, sent as every aviso is (`sendAviso`: at most 10 in 24 hours per turma, stored, notified,
 * e-mailed and pushed as each member's preferences and mute say). A member gets a 403, a private turma's outsiders a
 * 404 (a public one's a 403, as every organiser route of a turma); a suspended turma sends nothing (409).
 */
export async function sendGroupMessage(
  ctx: ServerContext,
  user: AuthUser,
  groupId: number,
  body: SendGroupMessageBody,
): Promise<SendGroupMessageReply> {
  const mails: PendingMail = [];
  const reply = await ctx.db.transaction(async (tx) => {
    const { group } = await lockGroupRunBy(tx, groupId, user, texts.onlyOrganisers);
    refuseSuspended(group);
    return sendAviso(tx, ctx, mails, {
      place: { groupId },
      senderId: user.id,
      text: body.text,
      recipients: await membersToTell(tx, groupId, [user.id]),
      limitReached: texts.dailyLimitReached,
      subject: texts.subject(group.name),
      path: groupPath(group.slug),
    });
  });
  await sendPendingMail(ctx, mails);
  return reply;
}

/** A turma's avisos, newest first, for its members (any role) and administrators. */
export async function listGroupMessages(ctx: ServerContext, user: AuthUser, groupId: number): Promise<GroupMessagesReply> {
  await groupReadBy(ctx.db, groupId, user, texts.onlyMembers);
  return { messages: (await loadAvisos(ctx.db, { groupId })).map(({ aviso }) => aviso) };
}

/**
 * A member mutes the turma (or undoes it): its avisos and new games still reach them in the app, but by no e-mail and
 * no push (`notify` and the database's push trigger read the mute). Only members: an administrator outside it too
 * gets the 403.
 */
export async function muteGroup(ctx: ServerContext, user: AuthUser, groupId: number, body: MuteGroupBody): Promise<MuteGroupReply> {
  const role = await groupReadBy(ctx.db, groupId, user, texts.onlyMembersMute);
  const updated =
    isMember(role) &&
    (await ctx.db
      .update(groupMembers)
      .set({ muted: body.muted })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, user.id), eq(groupMembers.status, 'member')))
      .returning({ id: groupMembers.id }));
  if (!updated || updated.length === 0) throw new AppError('group_role_forbidden', texts.onlyMembersMute);
  return { message: body.muted ? texts.muted : texts.unmuted, muted: body.muted };
}
