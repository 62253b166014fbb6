import { and, count, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { gameMessageTexts as texts } from '../../../shared/game-message-texts';
import type { SendGameMessageBody, SendGameMessageReply } from '../../../shared/schemas/game-messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { gamePath } from '../../core/games/game-notices';
import { recordGameEvent } from '../../core/games/game-history';
import type { GameRow } from '../../core/games/registration-guards';
import { lockOwnGame } from '../../core/games/user-game-view';
import { notify, type PendingMail, queueMail, sendPendingMail } from '../../core/notifications/notify';
import type { Tx } from '../../db/open-database';
import { gameMessages, registrations, users } from '../../db/schema';
import { gameMessageEmail } from '../../integrations/mail/templates';
import { AppError } from '../../lib/app-error';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who an aviso goes to: the places (confirmed, and held awaiting payment) and, for `all`, the waitlist too. */
const statusesOf = { confirmed: ['confirmed', 'pending'], all: ['confirmed', 'pending', 'waitlist'] } as const;

/**
 * Locks the game for whoever runs it (its creator, its turma's owner and organisers); one of its players gets a 403,
 * anyone else the 404 of every organiser route.
 */
async function lockGameToMessage(tx: Tx, gameId: number, user: AuthUser): Promise<GameRow> {
  try {
    return await lockOwnGame(tx, gameId, user);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'game_not_found') throw error;
    const [player] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.gameId, gameId), eq(registrations.userId, user.id), ne(registrations.status, 'cancelled')));
    if (player) throw new AppError('forbidden', texts.onlyOrganisers);
    throw error;
  }
}

/**
 * An aviso from whoever runs a game to its players (decision 077), in one transaction under the game lock: at most 10
 * in 24 hours per game (the lock makes the count exact), stored, written in the game's history, and carried to each
 * player by a notification (its push queued by the database, held by the quiet hours, off when the player turned
 * pushes of `messages` off) and an e-mail in the outbox (skipped when e-mails of `messages` are off), all of it
 * committed together or not at all. The sender is named; the text goes as plain text.
 */
export async function sendGameMessage(
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
  body: SendGameMessageBody,
): Promise<SendGameMessageReply> {
  const mails: PendingMail = [];
  const reply = await ctx.db.transaction(async (tx) => {
    const game = await lockGameToMessage(tx, gameId, user);
    if (game.status === 'cancelled') throw new AppError('game_cancelled', texts.gameCancelled);
    const now = ctx.clock.now();
    const [sentToday] = await tx
      .select({ n: count() })
      .from(gameMessages)
      .where(and(eq(gameMessages.gameId, gameId), gt(gameMessages.createdAt, new Date(now.getTime() - DAY_MS))));
    if ((sentToday?.n ?? 0) >= texts.dailyLimit) throw new AppError('message_daily_limit', texts.dailyLimitReached);

    const text = body.text.trim();
    const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    const senderName = sender?.name ?? '';
    const [stored] = await tx
      .insert(gameMessages)
      .values({ gameId, senderId: user.id, text, audience: body.audience, createdAt: now })
      .returning({ id: gameMessages.id });
    const recipients = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(
        and(
          eq(registrations.gameId, gameId),
          inArray(registrations.status, [...statusesOf[body.audience]]),
          ne(registrations.userId, user.id),
          isNull(users.deletedAt),
        ),
      )
      .orderBy(users.id);
    const notice = texts.notice(senderName, text);
    for (const to of recipients) {
      await notify(tx, to.id, 'game_message', notice, gameId, user.id);
      await queueMail(
        tx,
        mails,
        gameMessageEmail({
          to: to.email,
          name: to.name,
          subject: texts.subject(game.name),
          senderName,
          text,
          gamePath: gamePath(gameId),
          publicUrl: ctx.config.publicUrl,
        }),
      );
    }
    await recordGameEvent(tx, {
      gameId,
      actorId: user.id,
      action: 'message_sent',
      details: { audience: body.audience, players: recipients.length },
      at: now,
    });
    return {
      message: texts.sent(recipients.length),
      sent: { id: stored!.id, text, audience: body.audience, sender: { id: user.id, name: senderName }, createdAt: now.toISOString() },
      recipients: recipients.length,
    };
  });
  await sendPendingMail(ctx, mails);
  return reply;
}
