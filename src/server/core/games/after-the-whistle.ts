import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { isFuture } from '../../../shared/rules/game-timing';
import type { Tx } from '../../db/open-database';
import { organiserEarnings, registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServerContext } from '../context';
import { availableFrom, organiserBalance } from '../earnings/organiser-balance';
import { brl } from './game-notices';
import type { GameRow } from './registration-guards';

/**
 * From its start a game's money is closed (decision 063): the organiser may no longer cancel it, unpublish it, move
 * it, change its price or take a paid player off, since any of those gives players money back that may already have
 * been paid out. Before the start nothing changes. `message` says what to do instead.
 */
export function refuseAfterWhistle(game: Pick<GameRow, 'dateTime'>, now: Date, message: string): void {
  if (!isFuture(game.dateTime, now)) throw new AppError('game_started', message);
}

/**
 * Before the administration gives back places of a started game (the whole game, or `registrationIds`): unless
 * `isConfirmed`, a 409 `confirmation_required` that names what the players get back, what leaves the organiser's
 * earnings and what they will owe the platform if the game's share was already theirs to ask for. Confirmed, the
 * refunds take the share back through the earnings ledger as always, even when it was paid out: that is the debt.
 */
export async function assertConfirmedAfterWhistle(
  tx: Tx,
  ctx: ServerContext,
  game: GameRow,
  isConfirmed: boolean,
  registrationIds?: number[],
): Promise<void> {
  const now = ctx.clock.now();
  if (isFuture(game.dateTime, now) || isConfirmed) return;
  const [refund] = await tx
    .select({ cents: sql<number>`coalesce(sum(${registrations.paidCents}), 0)::float8` })
    .from(registrations)
    .where(
      and(
        eq(registrations.gameId, game.id),
        inArray(registrations.status, ['confirmed', 'pending']),
        registrationIds && inArray(registrations.id, registrationIds),
      ),
    );
  const [share] = await tx
    .select({ cents: sql<number>`coalesce(sum(${organiserEarnings.netCents}), 0)::float8` })
    .from(organiserEarnings)
    .where(and(eq(organiserEarnings.gameId, game.id), registrationIds && inArray(organiserEarnings.registrationId, registrationIds)));
  const shareCents = Number(share?.cents ?? 0);
  const build = registrationIds ? messages.afterWhistle.confirmPlayer : messages.afterWhistle.confirmGame;
  let question = build(brl(Number(refund?.cents ?? 0)), null, '', null);
  if (shareCents > 0) {
    const { holdHours } = ctx.config.earnings;
    const [organiser] = await tx.select({ name: users.name }).from(users).where(eq(users.id, game.creatorId));
    const balance = await organiserBalance(tx, game.creatorId, now, holdHours);
    // Only a share already counted as theirs to ask for can have been paid out: a pending one just shrinks.
    const isSettled = availableFrom(game.dateTime, holdHours).getTime() <= now.getTime();
    const owedAfter = isSettled ? Math.max(shareCents - balance.settledCents, 0) : balance.owedCents;
    question = build(brl(Number(refund?.cents ?? 0)), organiser?.name ?? '', brl(shareCents), owedAfter > 0 ? brl(owedAfter) : null);
  }
  throw new AppError('confirmation_required', question, { confirm: question });
}
