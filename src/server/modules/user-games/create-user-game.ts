import { messages } from '../../../shared/messages';
import type { CreateUserGameShape, UserGameReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { recordGameEvent } from '../../core/games/game-history';
import { insertGame } from '../../core/games/insert-game';
import { lockGameWhere } from '../../core/games/registration-guards';
import { resolveGamePayload } from '../../core/games/resolve-game-payload';
import { loadUserGame } from '../../core/games/user-game-view';
import { groupGamePayee } from '../../core/groups/group-games';
import { noticeGroupOfNewGame } from '../../core/groups/group-notices';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { eq } from 'drizzle-orm';
import { games } from '../../db/schema';

/**
 * Creates a game organised by the caller, as a draft unless the payload says published. A turma's game (`groupId`) is
 * made by its owner or an organiser and belongs to the owner, its payee (decision 074); published, its members hear of it.
 */
export async function createUserGame(ctx: ServerContext, user: AuthUser, body: CreateUserGameShape): Promise<UserGameReply> {
  const { groupId = null, ...payload } = body;
  const mails: PendingMail = [];
  const gameId = await ctx.db.transaction(async (tx) => {
    const payee = groupId === null ? user.id : await groupGamePayee(tx, groupId, user);
    const values = await resolveGamePayload(tx, payload, { now: ctx.clock.now(), groupId });
    const id = await insertGame(tx, { ...values, groupId }, payee);
    await recordGameEvent(tx, { gameId: id, actorId: user.id, action: 'created', at: ctx.clock.now() });
    if (groupId !== null) {
      const game = await lockGameWhere(tx, eq(games.id, id));
      await noticeGroupOfNewGame(tx, ctx, mails, game!, user.id);
    }
    return id;
  });
  await sendPendingMail(ctx, mails);
  return { message: messages.gameCreated, game: await loadUserGame(ctx.db, gameId, ctx.clock.now()) };
}
