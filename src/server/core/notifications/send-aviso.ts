import { and, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import { avisoTexts } from '../../../shared/game-message-texts';
import type { GroupMessage, MessageAudience, SendGroupMessageReply } from '../../../shared/schemas/game-messages';
import type { Queryable, Tx } from '../../db/open-database';
import { gameMessages, users } from '../../db/schema';
import { avisoEmail } from '../../integrations/mail/templates';
import { AppError } from '../../lib/app-error';
import type { ServerContext } from '../context';
import type { Recipient } from '../games/game-notices';
import { displayName } from '../users/display-name';
import { notify, type PendingMail, queueMail } from './notify';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose avisos: one game's or one turma's. */
type AvisosOf = { gameId: number } | { groupId: number };

/** Where an aviso is sent: a game, to the audience its organiser chose (decision 077), or a turma, to its members (078). */
export type AvisoPlace = { gameId: number; audience: MessageAudience } | { groupId: number };

const avisosOf = (place: AvisosOf): SQL =>
  'gameId' in place ? eq(gameMessages.gameId, place.gameId) : eq(gameMessages.groupId, place.groupId);

/**
 * Sends an aviso in the caller's transaction, its game or turma already locked so the count is exact: at most 10 in
 * 24 hours there (the 11th a 429 with `limitReached`), stored, and carried to each recipient by a notification naming
 * the sender (its push queued by the database: held by the quiet hours, off when pushes of `messages` are off or the
 * recipient muted the turma) and an e-mail in the outbox (off likewise), all committed with the aviso or not at all.
 */
export async function sendAviso(
  tx: Tx,
  ctx: ServerContext,
  mails: PendingMail,
  input: {
    place: AvisoPlace;
    senderId: number;
    text: string;
    /** Who gets it, never the sender. */
    recipients: Recipient[];
    limitReached: string;
    /** The e-mail's subject: it names no one (an erased sender's name could not leave it). */
    subject: string;
    /** The page the e-mail leads to. */
    path: string;
  },
): Promise<SendGroupMessageReply> {
  const { place, senderId } = input;
  const now = ctx.clock.now();
  const [sentToday] = await tx
    .select({ n: count() })
    .from(gameMessages)
    .where(and(avisosOf(place), gt(gameMessages.createdAt, new Date(now.getTime() - DAY_MS))));
  if ((sentToday?.n ?? 0) >= avisoTexts.dailyLimit) throw new AppError('message_daily_limit', input.limitReached);

  const text = input.text.trim();
  const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, senderId));
  const senderName = sender?.name ?? '';
  const [stored] = await tx
    .insert(gameMessages)
    .values({ ...place, senderId, text, createdAt: now })
    .returning({ id: gameMessages.id });
  const [gameId, groupId] = 'gameId' in place ? [place.gameId, undefined] : [undefined, place.groupId];
  const notice = avisoTexts.notice(senderName, text);
  for (const to of input.recipients) {
    await notify(tx, to.id, gameId ? 'game_message' : 'group_message', notice, gameId, { personId: senderId, groupId });
    await queueMail(
      tx,
      mails,
      avisoEmail({
        to: to.email,
        name: to.name,
        subject: input.subject,
        senderName,
        text,
        from: gameId ? 'game' : 'group',
        path: input.path,
        publicUrl: ctx.config.publicUrl,
      }),
    );
  }
  return {
    message: avisoTexts.sent(input.recipients.length),
    sent: { id: stored!.id, text, sender: { id: senderId, name: senderName }, createdAt: now.toISOString() },
    recipients: input.recipients.length,
  };
}

/**
 * The avisos of a game or a turma, newest first, each sender by the name shown now ("Conta excluída" once erased),
 * with the audience a game's aviso went to (null for a turma's).
 */
export async function loadAvisos(q: Queryable, place: AvisosOf): Promise<{ aviso: GroupMessage; audience: MessageAudience | null }[]> {
  const rows = await q
    .select({
      id: gameMessages.id,
      text: gameMessages.text,
      audience: gameMessages.audience,
      senderId: gameMessages.senderId,
      senderName: displayName,
      createdAt: gameMessages.createdAt,
    })
    .from(gameMessages)
    .innerJoin(users, eq(users.id, gameMessages.senderId))
    .where(avisosOf(place))
    .orderBy(desc(gameMessages.createdAt), desc(gameMessages.id));
  return rows.map((row) => ({
    aviso: { id: row.id, text: row.text, sender: { id: row.senderId, name: row.senderName }, createdAt: row.createdAt.toISOString() },
    audience: row.audience,
  }));
}
