import { messages } from '../../../shared/messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { earningsByGame, payoutsOf, takeBacksOf } from '../../core/earnings/earnings-statement';
import { TIME_ZONE } from '../../../shared/dates';
import { centsCell, type CsvCell, dateTimeCell, excelCsv } from '../../lib/csv';

const csv = messages.earnings.csv;

/**
 * The organiser's statement as a spreadsheet: one row per game (its date on its own clocks), then, each after a blank
 * row, the shares taken back after a game started (decision 063) and the payouts (in São Paulo time, as everything
 * without a place); in sandbox mode a last line says none of it is real money.
 */
export async function exportEarningsCsv(ctx: ServerContext, user: AuthUser): Promise<{ filename: string; body: string }> {
  const now = ctx.clock.now();
  const [games, payouts] = await Promise.all([
    earningsByGame(ctx.db, user.id, now, ctx.config.earnings.holdHours),
    payoutsOf(ctx.db, user.id),
  ]);
  const takeBacks = takeBacksOf(games);
  const rows: CsvCell[][] = games.map((game) => [
    dateTimeCell(game.dateTime, game.timeZone),
    game.name,
    game.placesPaid,
    centsCell(game.grossCents),
    centsCell(game.refundsCents),
    centsCell(game.feeCents),
    centsCell(game.netCents),
    csv.status[game.status],
  ]);
  if (takeBacks.length > 0) {
    rows.push([], [...csv.takeBacksHeader]);
    for (const row of takeBacks) {
      rows.push([dateTimeCell(row.dateTime, row.timeZone), row.name, centsCell(row.cents), dateTimeCell(row.at, TIME_ZONE), row.reason]);
    }
  }
  if (payouts.length > 0) {
    rows.push([], [...csv.payoutsHeader]);
    for (const payout of payouts) {
      rows.push([
        dateTimeCell(payout.requestedAt, TIME_ZONE),
        centsCell(payout.amountCents),
        csv.payoutStatus[payout.status],
        dateTimeCell(payout.status === 'paid' ? payout.decidedAt : null, TIME_ZONE),
        payout.reference,
      ]);
    }
  }
  if (ctx.payments.mode === 'sandbox') rows.push([], [csv.testMode]);
  return { filename: 'recebimentos.csv', body: excelCsv(csv.header, rows) };
}
