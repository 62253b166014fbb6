import { messages } from '../../../shared/messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { earningsByGame, gamesWithPayouts, payoutsOf, takeBacksOf } from '../../core/earnings/earnings-statement';
import { TIME_ZONE } from '../../../shared/dates';
import { centsCell, type CsvCell, dateTimeCell, excelCsv } from '../../lib/csv';

const csv = messages.earnings.csv;

/**
 * The organiser's statement as one spreadsheet table, a kind of row per line (`Tipo`), so filters and sorts work: each
 * game (its date on its own clocks, "Repassado" with the date once payouts covered it), each share taken back after a
 * game started (decision 063) and each payout (in São Paulo time, as everything without a place); in sandbox mode a
 * last "Aviso" row says none of it is real money.
 */
export async function exportEarningsCsv(ctx: ServerContext, user: AuthUser): Promise<{ filename: string; body: string }> {
  const now = ctx.clock.now();
  const [byGame, payouts] = await Promise.all([
    earningsByGame(ctx.db, user.id, now, ctx.config.earnings.holdHours),
    payoutsOf(ctx.db, user.id),
  ]);
  const rows: CsvCell[][] = gamesWithPayouts(byGame, payouts).map((game) => [
    csv.kind.game,
    dateTimeCell(game.dateTime, game.timeZone),
    game.name,
    game.placesPaid,
    centsCell(game.grossCents),
    centsCell(game.refundsCents),
    centsCell(game.feeCents),
    centsCell(game.netCents),
    csv.status[game.status],
    game.status === 'cancelled' ? null : dateTimeCell(game.availableAt, game.timeZone),
    dateTimeCell(game.paidOutAt, TIME_ZONE),
    null,
    null,
  ]);
  for (const row of takeBacksOf(byGame)) {
    rows.push([
      csv.kind.takeBack,
      dateTimeCell(row.dateTime, row.timeZone),
      row.name,
      null,
      null,
      null,
      null,
      centsCell(row.cents),
      csv.takeBackStatus,
      null,
      dateTimeCell(row.at, TIME_ZONE),
      null,
      row.reason,
    ]);
  }
  for (const payout of payouts) {
    rows.push([
      csv.kind.payout,
      dateTimeCell(payout.requestedAt, TIME_ZONE),
      null,
      null,
      null,
      null,
      null,
      centsCell(payout.amountCents),
      csv.payoutStatus[payout.status],
      null,
      dateTimeCell(payout.status === 'paid' ? payout.decidedAt : null, TIME_ZONE),
      payout.reference,
      payout.reason,
    ]);
  }
  if (ctx.payments.mode === 'sandbox') rows.push([csv.kind.notice, ...Array<null>(11).fill(null), csv.testMode]);
  return { filename: 'recebimentos.csv', body: excelCsv(csv.header, rows) };
}
