import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { isFuture } from '../../../shared/rules/game-timing';
import type { WalkInReply } from '../../../shared/schemas/user-games';
import type { AuthUser, ServerContext } from '../../core/context';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { assertNotCancelled, lockManagedGame } from '../../core/games/game-day';
import { asAdmin, recordGameEvent } from '../../core/games/game-history';
import { promoteWaitlist } from '../../core/games/promote-waitlist';
import { loadPlaces } from '../../core/games/places';
import type { GameRow } from '../../core/games/registration-guards';
import { loadUserGame } from '../../core/games/user-game-view';
import { listWalkIns } from '../../core/games/walk-ins';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closeWithProviders } from '../../core/payments/close-checkouts';
import type { PaymentRow } from '../../core/payments/payment-records';
import { gameWalkIns } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The list changes only while the game is ahead and not cancelled. */
function assertListOpen(game: GameRow, now: Date): void {
  assertNotCancelled(game);
  if (!isFuture(game.dateTime, now)) throw new AppError('game_started', messages.walkIns.gameStarted);
}

async function replyWith(ctx: ServerContext, gameId: number, message: string): Promise<WalkInReply> {
  const [walkIns, game] = await Promise.all([listWalkIns(ctx.db, gameId), loadUserGame(ctx.db, gameId, ctx.clock.now())]);
  return { message, walkIns, game };
}

/**
 * Adds a walk-in (decision 047): someone with no account, by name, taking a place. Under the game's lock, after the
 * holds past their deadline have let go of theirs, so no apply can take the same place at the same time; a full game
 * is a 409. The organiser's or an administrator's doing.
 */
export async function addWalkIn(ctx: ServerContext, user: AuthUser, gameId: number, name: string): Promise<WalkInReply> {
  const mails: PendingMail = [];
  const closed: PaymentRow[] = [];
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const game = await lockManagedGame(tx, gameId, user);
    assertListOpen(game, now);
    closed.push(...(await expirePendingPayments(tx, ctx, game, mails)));
    // A walk-in is nobody's account, so a drop-in: the places a weekly series keeps for its members stay theirs.
    if ((await loadPlaces(tx, game.id, now)).forDropIns <= 0) throw new AppError('game_full', messages.walkIns.gameFull);
    await tx.insert(gameWalkIns).values({ gameId: game.id, name, addedBy: user.id, createdAt: now });
    const details = { walkIn: name, ...asAdmin(game, user) };
    await recordGameEvent(tx, { gameId: game.id, actorId: user.id, action: 'walk_in_added', details, at: now });
  });
  await sendPendingMail(ctx, mails);
  await closeWithProviders(ctx, closed);
  return replyWith(ctx, gameId, messages.walkIns.added(name));
}

/** Takes a walk-in off the list; the place it frees goes to the first in line, as any freed place does. */
export async function removeWalkIn(ctx: ServerContext, user: AuthUser, gameId: number, walkInId: number): Promise<WalkInReply> {
  const mails: PendingMail = [];
  const closed: PaymentRow[] = [];
  const name = await ctx.db.transaction(async (tx) => {
    const game = await lockManagedGame(tx, gameId, user);
    assertListOpen(game, ctx.clock.now());
    const [removed] = await tx
      .delete(gameWalkIns)
      .where(and(eq(gameWalkIns.id, walkInId), eq(gameWalkIns.gameId, game.id)))
      .returning({ name: gameWalkIns.name });
    if (!removed) throw new AppError('walk_in_not_found', messages.walkIns.notFound);
    await recordGameEvent(tx, {
      gameId: game.id,
      actorId: user.id,
      action: 'walk_in_removed',
      details: { walkIn: removed.name, ...asAdmin(game, user) },
      at: ctx.clock.now(),
    });
    // The trigger lowered the game's count: promotion reads the places again.
    closed.push(...(await expirePendingPayments(tx, ctx, game, mails)));
    await promoteWaitlist(tx, ctx, game, mails);
    return removed.name;
  });
  await sendPendingMail(ctx, mails);
  await closeWithProviders(ctx, closed);
  return replyWith(ctx, gameId, messages.walkIns.removed(name));
}
