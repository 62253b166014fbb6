import { desc, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { EarningsReply, GameEarning, Payout, TakeBack } from '../../../shared/schemas/earnings';
import type { Queryable } from '../../db/open-database';
import { games, organiserGameEarnings, payouts } from '../../db/schema';
import type { ServerContext } from '../context';
import { availableFrom, organiserBalance } from './organiser-balance';
import { withPayoutsApplied } from './paid-out-games';

export type GameEarningRow = {
  gameId: number;
  name: string;
  dateTime: Date;
  timeZone: string;
  status: GameEarning['status'];
  availableAt: Date;
  placesPaid: number;
  grossCents: number;
  refundsCents: number;
  feeCents: number;
  netCents: number;
  /** The shares taken back after the game started (decision 063), and when the last was. */
  takenBackCents: number;
  takenBackAt: Date | null;
  cancelReason: string | null;
};

/**
 * An organiser's earnings game by game, the latest game first: paid, refunded, the fee and what is theirs, and what was
 * taken back after the start (only the administration gives money back then, decision 063). Read from each game's sums
 * as the ledger wrote them (`organiser_game_earnings`, decision 073): one row per game, not one per place.
 */
export async function earningsByGame(q: Queryable, organiserId: number, now: Date, holdHours: number): Promise<GameEarningRow[]> {
  // Each game read by its key, one probe per row of sums: as a plain join the planner hashes every game of the platform
  // for an organiser's few hundred; the LIMIT keeps the subquery a probe (decision 073).
  const game = q
    .select({
      id: games.id,
      name: games.name,
      dateTime: games.dateTime,
      timeZone: games.timeZone,
      status: games.status,
      cancelReason: games.cancelReason,
    })
    .from(games)
    .where(eq(games.id, organiserGameEarnings.gameId))
    .limit(1)
    .as('game');
  const rows = await q
    .select({
      gameId: game.id,
      name: game.name,
      dateTime: game.dateTime,
      timeZone: game.timeZone,
      gameStatus: game.status,
      places: organiserGameEarnings.places,
      // float8: exact for any realistic sum of centavos, and a plain number on both drivers (bigint is text on pg).
      gross: sql<number>`${organiserGameEarnings.grossCents}::float8`,
      refunds: sql<number>`${organiserGameEarnings.refundsCents}::float8`,
      fee: sql<number>`${organiserGameEarnings.feeCents}::float8`,
      net: sql<number>`${organiserGameEarnings.netCents}::float8`,
      takenBack: sql<number>`${organiserGameEarnings.takenBackCents}::float8`,
      takenBackAt: organiserGameEarnings.takenBackAt,
      cancelReason: game.cancelReason,
    })
    .from(organiserGameEarnings)
    .innerJoinLateral(game, sql`true`)
    .where(eq(organiserGameEarnings.organiserId, organiserId))
    .orderBy(desc(game.dateTime), desc(game.id));
  return rows.map((row) => {
    const availableAt = availableFrom(row.dateTime, holdHours);
    const status: GameEarning['status'] =
      row.gameStatus === 'cancelled' ? 'cancelled' : availableAt.getTime() <= now.getTime() ? 'available' : 'pending';
    return {
      gameId: row.gameId,
      name: row.name,
      dateTime: row.dateTime,
      timeZone: row.timeZone,
      status,
      availableAt,
      placesPaid: row.places,
      grossCents: Number(row.gross),
      refundsCents: Number(row.refunds),
      feeCents: Number(row.fee),
      netCents: Number(row.net),
      takenBackCents: Number(row.takenBack),
      takenBackAt: row.takenBackAt,
      cancelReason: row.cancelReason,
    };
  });
}

export type TakeBackRow = { gameId: number; name: string; dateTime: Date; timeZone: string; cents: number; reason: string; at: Date };

/**
 * The games whose shares were taken back after they started (decision 063), from `earningsByGame`: those are what can
 * leave the organiser owing the platform; why is the game's cancellation, or else a player's removal.
 */
export function takeBacksOf(byGame: GameEarningRow[]): TakeBackRow[] {
  return byGame
    .filter((row) => row.takenBackAt !== null)
    .map((row) => ({
      gameId: row.gameId,
      name: row.name,
      dateTime: row.dateTime,
      timeZone: row.timeZone,
      cents: row.takenBackCents,
      reason:
        row.status === 'cancelled' ? messages.earnings.takeBack.gameCancelled(row.cancelReason) : messages.earnings.takeBack.playerRemoved,
      at: row.takenBackAt!,
    }));
}

const takeBackView = (row: TakeBackRow): TakeBack => ({
  gameId: row.gameId,
  date: row.dateTime.toISOString(),
  timeZone: row.timeZone,
  name: row.name,
  amount: toReais(row.cents),
  reason: row.reason,
  at: row.at.toISOString(),
});

export const payoutView = (row: typeof payouts.$inferSelect): Payout => ({
  id: row.id,
  amount: toReais(row.amountCents),
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  paidAt: row.status === 'paid' ? row.decidedAt!.toISOString() : null,
  reference: row.reference,
  reason: row.reason,
});

export async function payoutsOf(q: Queryable, organiserId: number) {
  return q.select().from(payouts).where(eq(payouts.organiserId, organiserId)).orderBy(desc(payouts.id));
}

/** The games of `earningsByGame`, those the paid payouts covered marked paid out with the date (`withPayoutsApplied`). */
export function gamesWithPayouts(byGame: GameEarningRow[], rows: (typeof payouts.$inferSelect)[]) {
  const paid = rows.flatMap((row) =>
    row.status === 'paid' && row.decidedAt ? [{ amountCents: row.amountCents, paidAt: row.decidedAt }] : [],
  );
  return withPayoutsApplied(byGame, paid);
}

/** The statement `GET /user-games/earnings` answers, amounts in reais. */
export async function earningsStatement(
  ctx: ServerContext,
  organiserId: number,
  payoutKey: EarningsReply['payoutKey'],
): Promise<EarningsReply> {
  const now = ctx.clock.now();
  const { holdHours, feePercent, payoutMinimumCents } = ctx.config.earnings;
  const [balance, byGame, rows] = await Promise.all([
    organiserBalance(ctx.db, organiserId, now, holdHours),
    earningsByGame(ctx.db, organiserId, now, holdHours),
    payoutsOf(ctx.db, organiserId),
  ]);
  return {
    available: toReais(balance.availableCents),
    pending: toReais(balance.pendingCents),
    paidOut: toReais(balance.paidOutCents),
    requested: toReais(balance.requestedCents),
    owed: toReais(balance.owedCents),
    payoutMinimum: toReais(payoutMinimumCents),
    feePercent,
    holdHours,
    payoutKey,
    games: gamesWithPayouts(byGame, rows).map((row) => ({
      gameId: row.gameId,
      date: row.dateTime.toISOString(),
      timeZone: row.timeZone,
      name: row.name,
      placesPaid: row.placesPaid,
      gross: toReais(row.grossCents),
      refunds: toReais(row.refundsCents),
      fee: toReais(row.feeCents),
      net: toReais(row.netCents),
      status: row.status,
      availableAt: row.availableAt.toISOString(),
      paidOutAt: row.paidOutAt?.toISOString() ?? null,
    })),
    takeBacks: takeBacksOf(byGame).map(takeBackView),
    payouts: rows.map(payoutView),
    testMode: ctx.payments.mode === 'sandbox',
  };
}
