import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { saoPauloDayRange, TIME_ZONE } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import type { PaymentsReportQuery } from '../../../shared/schemas/game-day';
import type { ServerContext } from '../../core/context';
import { displayName } from '../../core/users/display-name';
import { creditTransactions, games, organiserEarnings, payments, users } from '../../db/schema';
import { READ_BATCH, readInBatches } from '../../db/read-in-batches';
import { centsCell, type CsvCell, dateTimeCell, excelCsv } from '../../lib/csv';

const csv = messages.gameDay.csv;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A payment counts on the day it was paid; one never paid, on the day it was started. */
const paymentDate = sql<Date>`coalesce(${payments.paidAt}, ${payments.createdAt})`.mapWith(payments.createdAt);

/** The organiser's share of a place (decision 045): the sale row of the registration a payment or a credit spend paid. */
const paymentSale = alias(organiserEarnings, 'payment_sale');
const spendSale = alias(organiserEarnings, 'spend_sale');
const shareCells = (sale: { feeCents: number; netCents: number } | null): CsvCell[] =>
  sale ? [centsCell(sale.feeCents), centsCell(sale.netCents)] : ['', ''];

/**
 * Every card/PIX payment and every credit movement posted in the period (São Paulo days, both
 * included), oldest first, then the totals: the admins' spreadsheet for the books. The books keep one clock, São
 * Paulo's, whatever the zone of the game a payment was for: the days of the period are São Paulo days.
 */
export async function exportPaymentsReport(
  ctx: ServerContext,
  query: PaymentsReportQuery,
  batch = READ_BATCH,
): Promise<{ filename: string; body: string }> {
  const start = saoPauloDayRange(query.from).start;
  const end = saoPauloDayRange(query.to).end;
  // A month of a busy platform is tens of thousands of rows: each list is read a batch at a time along its date index,
  // after the last row's exact key (its timestamp as PostgreSQL writes it, microseconds included, and its id).
  type After = { key: string; id: number } | undefined;
  const [paymentRows, ledgerRows] = await Promise.all([
    readInBatches(
      (after: After, size) =>
        ctx.db
          .select({
            // The columns the spreadsheet writes, not the whole row.
            payment: {
              purpose: payments.purpose,
              method: payments.method,
              status: payments.status,
              amountCents: payments.amountCents,
              refundedCents: payments.refundedCents,
              publicId: payments.publicId,
            },
            at: paymentDate,
            key: sql<string>`${paymentDate}::text`,
            id: payments.id,
            name: displayName,
            email: users.email,
            gameName: games.name,
            sale: { feeCents: paymentSale.feeCents, netCents: paymentSale.netCents },
          })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.userId))
          .leftJoin(games, eq(games.id, payments.gameId))
          .leftJoin(
            paymentSale,
            and(eq(payments.outcome, 'confirmed'), eq(paymentSale.source, sql`'registration:' || ${payments.registrationId}`)),
          )
          .where(
            and(
              gte(paymentDate, start),
              lt(paymentDate, end),
              after && sql`(${paymentDate}, ${payments.id}) > (${after.key}::timestamptz, ${after.id})`,
            ),
          )
          .orderBy(asc(paymentDate), asc(payments.id))
          .limit(size),
      (row) => `${row.key} ${row.id}`,
      batch,
    ),
    readInBatches(
      (after: After, size) =>
        ctx.db
          .select({
            movement: {
              createdAt: creditTransactions.createdAt,
              type: creditTransactions.type,
              description: creditTransactions.description,
              amountCents: creditTransactions.amountCents,
              reference: creditTransactions.reference,
            },
            key: sql<string>`${creditTransactions.createdAt}::text`,
            id: creditTransactions.id,
            name: displayName,
            email: users.email,
            sale: { feeCents: spendSale.feeCents, netCents: spendSale.netCents },
          })
          .from(creditTransactions)
          .innerJoin(users, eq(users.id, creditTransactions.userId))
          .leftJoin(spendSale, and(eq(creditTransactions.type, 'spend_game'), eq(spendSale.source, creditTransactions.reference)))
          .where(
            and(
              gte(creditTransactions.createdAt, start),
              lt(creditTransactions.createdAt, end),
              after && sql`(${creditTransactions.createdAt}, ${creditTransactions.id}) > (${after.key}::timestamptz, ${after.id})`,
            ),
          )
          .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id))
          .limit(size),
      (row) => `${row.key} ${row.id}`,
      batch,
    ),
  ]);

  const rows: { at: Date; cells: CsvCell[] }[] = [
    ...paymentRows.map(({ payment: p, at, name, email, gameName, sale }) => ({
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
        ...shareCells(sale),
      ],
    })),
    ...ledgerRows.map(({ movement: t, name, email, sale }) => ({
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
        ...shareCells(sale),
      ],
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  const settled = paymentRows.filter(({ payment }) => payment.status === 'paid' || payment.status === 'refunded');
  const amounts = ledgerRows.map(({ movement }) => movement.amountCents);
  const total = (label: string, cents: number): CsvCell[] => ['', label, '', '', '', '', '', centsCell(cents), '', '', '', ''];
  const sales = [...paymentRows, ...ledgerRows].flatMap(({ sale }) => (sale ? [sale] : []));
  const body = excelCsv(csv.paymentsHeader, [
    ...rows.map((row) => row.cells),
    total(csv.totalPaid, sum(settled.map(({ payment }) => payment.amountCents))),
    total(csv.totalRefunded, sum(paymentRows.map(({ payment }) => payment.refundedCents))),
    total(csv.totalCreditsIn, sum(amounts.filter((amount) => amount > 0))),
    total(csv.totalCreditsOut, sum(amounts.filter((amount) => amount < 0))),
    ['', csv.totalFees, '', '', '', '', '', '', '', '', centsCell(sum(sales.map((sale) => sale.feeCents))), ''],
  ]);
  return { filename: `pagamentos-${query.from}-a-${query.to}.csv`, body };
}
