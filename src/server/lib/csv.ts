import { stringify } from 'csv-stringify/sync';
import { dateAndTimeIn } from '../../shared/dates';

/** A value written as it is: numbers and dates the spreadsheet itself produced (a leading minus stays a minus). */
export type TrustedCell = { trusted: string };
export type CsvCell = string | number | null | TrustedCell;

/**
 * Text a spreadsheet would run as a formula (= + - @, or a tab or carriage return before one) gets a
 * leading apostrophe: names and e-mails are typed by players and the file is opened by organisers.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const cellText = (cell: CsvCell): string => {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'string') return neutraliseFormula(cell);
  return cell.trusted;
};

/** Centavos as Excel in Portuguese reads them: `12,50`, `-3,00`. */
export const centsCell = (cents: number): TrustedCell => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return { trusted: `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}` };
};

/** An instant as the wall-clock time of `timeZone` (a game's, for what belongs to a game), `dd/mm/aaaa hh:mm`; empty when there is none. */
export const dateTimeCell = (date: Date | null, timeZone: string): TrustedCell => {
  if (!date) return { trusted: '' };
  const { date: day, time } = dateAndTimeIn(date, timeZone);
  const [year, month, dayOfMonth] = day.split('-');
  return { trusted: `${dayOfMonth}/${month}/${year} ${time}` };
};

/** Rows of a spreadsheet Excel in Portuguese opens right: `;` between cells, CRLF line ends (the file starts with excelCsvStart). */
export function excelCsvRows(rows: CsvCell[][]): string {
  return stringify(
    rows.map((row) => row.map(cellText)),
    { delimiter: ';', record_delimiter: '\r\n' },
  );
}

/** The start of such a spreadsheet: the BOM that tells Excel it is UTF-8, and the header. */
export function excelCsvStart(header: readonly string[]): string {
  return `\uFEFF${excelCsvRows([[...header]])}`;
}

/** A whole spreadsheet Excel in Portuguese opens right: UTF-8 with a BOM, `;` between cells, CRLF line ends. */
export function excelCsv(header: readonly string[], rows: CsvCell[][]): string {
  return excelCsvStart(header) + excelCsvRows(rows);
}
