import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { saoPauloDayRange, TIME_ZONE } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import type { PaymentsReportQuery } from '../../../shared/schemas/game-day';
import type { ServerContext } from '../../core/context';
import { displayName } from '../../core/users/display-name';
import { creditTransactions, games, organiserEarnings, payments, users } from '../../db/schema';
import { eachBatch, READ_BATCH } from '../../db/read-in-batches';
import { centsCell, type CsvCell, dateTimeCell, excelCsvRows, excelCsvStart } from '../../lib/csv';

const csv = messages.gameDay.csv;

/** A payment counts on the day it was paid; one never paid, on the day it was started. */
const paymentDate = sql<Date>`coalesce(${payments.paidAt}, ${payments.createdAt})`.mapWith(payments.createdAt);

/** The organiser's share of a place (decision 045): the sale row of the registration a payment or a credit spend paid. */
const paymentSale = alias(organiserEarnings, 'payment_sale');
const spendSale = alias(organiserEarnings, 'spend_sale');
const shareCells = (sale: { feeCents: number; netCents: number } | null): CsvCell[] =>
  sale ? [centsCell(sale.feeCents), centsCell(sale.netCents)] : ['', ''];

type After = { key: string; id: number } | undefined;

/** The card/PIX payments of [start, end), oldest first (by the day each was paid, else started), a batch at a time. */
function paymentBatches(ctx: ServerContext, start: Date, end: Date, batch: number) {
  return eachBatch(
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
            // After the first batch the key alone bounds the start: with the period's start beside it the planner
            // misjudges how many rows are left and reads all of them, joined and sorted, for every batch.
            after ? sql`(${paymentDate}, ${payments.id}) > (${after.key}::timestamptz, ${after.id})` : gte(paymentDate, start),
            lt(paymentDate, end),
          ),
        )
        .orderBy(asc(paymentDate), asc(payments.id))
        .limit(size),
    (row) => `${row.key} ${row.id}`,
    batch,
  );
}

/** The credit movements of [start, end), oldest first, a batch at a time. */
function ledgerBatches(ctx: ServerContext, start: Date, end: Date, batch: number) {
  return eachBatch(
    (after: After, size) =>
      ctx.db
        .select({
          movement: {
            type: creditTransactions.type,
            description: creditTransactions.description,
            amountCents: creditTransactions.amountCents,
            reference: creditTransactions.reference,
          },
          at: creditTransactions.createdAt,
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
            after
              ? sql`(${creditTransactions.createdAt}, ${creditTransactions.id}) > (${after.key}::timestamptz, ${after.id})`
              : gte(creditTransactions.createdAt, start),
            lt(creditTransactions.createdAt, end),
          ),
        )
        .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id))
        .limit(size),
    (row) => `${row.key} ${row.id}`,
    batch,
  );
}

/**
 * The rows of batches one at a time, with a look at the next one before taking it. The batch after the one being
 * written is already being read, so the database and the writing take turns less.
 */
function oneByOne<Row>(batches: AsyncGenerator<Row[]>) {
  let page: Row[] = [];
  let index = 0;
  const readAhead = () => {
    const reading = batches.next();
    // Awaited below; a download given up on before then must not leave a failed read unhandled.
    reading.catch(() => undefined);
    return reading;
  };
  let next = readAhead();
  return {
    async peek(): Promise<Row | undefined> {
      while (index === page.length) {
        const read = await next;
        if (read.done) return undefined;
        [page, index] = [read.value, 0];
        next = readAhead();
      }
      return page[index];
    },
    take(): void {
      index += 1;
    },
  };
}

/**
 * Every card/PIX payment and every credit movement posted in the period (São Paulo days, both
 * included), oldest first, then the totals: the admins' spreadsheet for the books. The books keep one clock, São
 * Paulo's, whatever the zone of the game a payment was for: the days of the period are São Paulo days.
 *
 * A year of a busy platform is hundreds of thousands of rows: the file is written as it is read, the two lists merged
 * by time a batch at a time (a payment before a movement of the same instant), and only the totals kept, so an export
 * holds one batch of each list in memory however long the period.
 */
export async function exportPaymentsReport(
  ctx: ServerContext,
  query: PaymentsReportQuery,
  batch = READ_BATCH,
): Promise<{ filename: string; body: AsyncGenerator<string> }> {
  const start = saoPauloDayRange(query.from).start;
  const end = saoPauloDayRange(query.to).end;
  const paymentRows = oneByOne(paymentBatches(ctx, start, end, batch));
  const ledgerRows = oneByOne(ledgerBatches(ctx, start, end, batch));
  // The first batches are read before anything is sent: a database that cannot answer gets the API's error reply,
  // not a file cut short after its header.
  await Promise.all([paymentRows.peek(), ledgerRows.peek()]);

  async function* body(): AsyncGenerator<string> {
    yield excelCsvStart(csv.paymentsHeader);
    const totals = { paid: 0, refunded: 0, creditsIn: 0, creditsOut: 0, fees: 0 };
    let lines: CsvCell[][] = [];
    for (;;) {
      const [payment, movement] = [await paymentRows.peek(), await ledgerRows.peek()];
      if (payment && (!movement || payment.at.getTime() <= movement.at.getTime())) {
        paymentRows.take();
        const { payment: p, at, name, email, gameName, sale } = payment;
        if (p.status === 'paid' || p.status === 'refunded') totals.paid += p.amountCents;
        totals.refunded += p.refundedCents;
        totals.fees += sale?.feeCents ?? 0;
        lines.push([
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
        ]);
      } else if (movement) {
        ledgerRows.take();
        const { movement: t, at, name, email, sale } = movement;
        if (t.amountCents > 0) totals.creditsIn += t.amountCents;
        else totals.creditsOut += t.amountCents;
        totals.fees += sale?.feeCents ?? 0;
        lines.push([
          dateTimeCell(at, TIME_ZONE),
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
        ]);
      } else break;
      if (lines.length === batch) {
        yield excelCsvRows(lines);
        lines = [];
      }
    }
    const total = (label: string, cents: number): CsvCell[] => ['', label, '', '', '', '', '', centsCell(cents), '', '', '', ''];
    yield excelCsvRows([
      ...lines,
      total(csv.totalPaid, totals.paid),
      total(csv.totalRefunded, totals.refunded),
      total(csv.totalCreditsIn, totals.creditsIn),
      total(csv.totalCreditsOut, totals.creditsOut),
      ['', csv.totalFees, '', '', '', '', '', '', '', '', centsCell(totals.fees), ''],
    ]);
  }

  return { filename: `pagamentos-${query.from}-a-${query.to}.csv`, body: body() };
}
