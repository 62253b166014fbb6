import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { gameMessageTexts as texts } from '../../../shared/game-message-texts';
import type { SendGameMessageBody, SendGameMessageReply } from '../../../shared/schemas/game-messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { gamePath } from '../../../shared/links';
import { recordGameEvent } from '../../core/games/game-history';
import type { GameRow } from '../../core/games/registration-guards';
import { lockOwnGame } from '../../core/games/user-game-view';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { sendAviso } from '../../core/notifications/send-aviso';
import type { Tx } from '../../db/open-database';
import { registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

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
 * An aviso from whoever runs a game to its players (decision 077), in one transaction under the game lock: sent as
 * every aviso is (`sendAviso`: at most 10 in 24 hours per game, stored, notified, e-mailed and pushed as each player's
 * preferences say) and written in the game's history, all of it committed together or not at all.
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
    const sent = await sendAviso(tx, ctx, mails, {
      place: { gameId, audience: body.audience },
      senderId: user.id,
      text: body.text,
      recipients,
      limitReached: texts.dailyLimitReached,
      subject: texts.subject(game.name),
      path: gamePath(gameId),
    });
    await recordGameEvent(tx, {
      gameId,
      actorId: user.id,
      action: 'message_sent',
      details: { audience: body.audience, players: sent.recipients },
      at: new Date(sent.sent.createdAt),
    });
    return { ...sent, sent: { ...sent.sent, audience: body.audience } };
  });
  await sendPendingMail(ctx, mails);
  return reply;
}
