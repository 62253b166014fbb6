import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { saoPauloDayRange, TIME_ZONE } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import type { PaymentsReportQuery } from '../../../shared/schemas/game-day';
import type { ServerContext } from '../../core/context';
import { displayName } from '../../core/users/display-name';
import { creditTransactions, games, payments, users } from '../../db/schema';
import { centsCell, type CsvCell, dateTimeCell, excelCsv } from '../../lib/csv';

const csv = messages.gameDay.csv;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A payment counts on the day it was paid; one never paid, on the day it was started. */
const paymentDate = sql<Date>`coalesce(${payments.paidAt}, ${payments.createdAt})`.mapWith(payments.createdAt);

/**
 * Every card/PIX payment and every credit movement posted in the period (São Paulo days, both
 * included), oldest first, then the totals: the admins' spreadsheet for the books. The books keep one clock, São
 * Paulo's, whatever the zone of the game a payment was for: the days of the period are São Paulo days.
 */
export async function exportPaymentsReport(ctx: ServerContext, query: PaymentsReportQuery): Promise<{ filename: string; body: string }> {
  const start = saoPauloDayRange(query.from).start;
  const end = saoPauloDayRange(query.to).end;
  const [paymentRows, ledgerRows] = await Promise.all([
    ctx.db
      .select({ payment: payments, at: paymentDate, name: displayName, email: users.email, gameName: games.name })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .leftJoin(games, eq(games.id, payments.gameId))
      .where(and(gte(paymentDate, start), lt(paymentDate, end)))
      .orderBy(asc(paymentDate), asc(payments.id)),
    ctx.db
      .select({ movement: creditTransactions, name: displayName, email: users.email })
      .from(creditTransactions)
      .innerJoin(users, eq(users.id, creditTransactions.userId))
      .where(and(gte(creditTransactions.createdAt, start), lt(creditTransactions.createdAt, end)))
      .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id)),
  ]);

  const rows: { at: Date; cells: CsvCell[] }[] = [
    ...paymentRows.map(({ payment: p, at, name, email, gameName }) => ({
      at,
      cells: [
        dateTimeCell(at, TIME_ZONE),
        csv.providerPayment,
        name,
        email,
        p.purpose === 'topup' ? csv.topup : csv.gameSlot(gameName ?? ''),
        csv.method[p.method],
        csv.paymentStatus[p.status],
        centsCell(p.amountCents),
        centsCell(p.refundedCents),
        p.publicId,
      ],
    })),
    ...ledgerRows.map(({ movement: t, name, email }) => ({
      at: t.createdAt,
      cells: [
        dateTimeCell(t.createdAt, TIME_ZONE),
        csv.creditMovement,
        name,
        email,
        `${csv.creditType[t.type]}: ${t.description}`,
        '',
        '',
        centsCell(t.amountCents),
        '',
        t.reference,
      ],
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  const settled = paymentRows.filter(({ payment }) => payment.status === 'paid' || payment.status === 'refunded');
  const amounts = ledgerRows.map(({ movement }) => movement.amountCents);
  const total = (label: string, cents: number): CsvCell[] => ['', label, '', '', '', '', '', centsCell(cents), '', ''];
  const body = excelCsv(csv.paymentsHeader, [
    ...rows.map((row) => row.cells),
    total(csv.totalPaid, sum(settled.map(({ payment }) => payment.amountCents))),
    total(csv.totalRefunded, sum(paymentRows.map(({ payment }) => payment.refundedCents))),
    total(csv.totalCreditsIn, sum(amounts.filter((amount) => amount > 0))),
    total(csv.totalCreditsOut, sum(amounts.filter((amount) => amount < 0))),
  ]);
  return { filename: `pagamentos-${query.from}-a-${query.to}.csv`, body };
}
