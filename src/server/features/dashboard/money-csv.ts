import type { DashboardMoney } from '../../../shared/schemas/dashboard-money.ts';
import { spreadsheetCsv } from '../review/review.service.ts';

/*
 * The dashboard's money as CSV: one row per competition per day, in long form, because that is
 * what a spreadsheet works with: a column sums to a total, a filter or pivot table picks a
 * competition or a month, and every competition has the same columns whatever its dates. Written
 * through the review's CSV writer: RFC 4180, UTF-8 with a byte-order mark, and a cell a
 * spreadsheet would run as a formula (a title starting with =, +, -, @) neutralised.
 */

const cell = (value: number | null) => (value === null ? '' : value);

/** The CSV's columns; the dates are the site's, which the heading names. */
export const moneyCsvColumns = (timeZone: string) => [
  'Competition',
  `Date (${timeZone})`,
  'Closing date',
  'Entries received',
  'Awaiting payment',
  'Gross before discounts (INR)',
  'Discounts (INR)',
  'Refunds (INR)',
  'Net (INR)',
];

/** The rows, a stream to send; days after today have empty figures, as on the charts. */
export function moneyCsv(money: DashboardMoney) {
  const csv = spreadsheetCsv(moneyCsvColumns(money.timeZone));
  for (const competition of money.competitions) {
    for (const day of competition.days) {
      csv.write([
        competition.title,
        day.date,
        day.closing ? 'Yes' : '',
        cell(day.entries),
        cell(day.awaitingPayment),
        cell(day.gross),
        cell(day.discounts),
        cell(day.refunds),
        cell(day.net),
      ]);
    }
  }
  csv.end();
  return csv;
}
