import { todayIn } from './competition-status.ts';

/*
 * Receipt and credit-note numbers: `WS/2026-27/000123` and `WS-CN/2026-27/000004`. Each kind
 * counts from 1 again every financial year, India's (1 April to 31 March), told by the calendar
 * date in the site's time zone, so 31 March 23:59 IST and 1 April 00:00 IST fall in different
 * years whatever UTC says. Six digits keep the numbers the same length in a year of up to
 * 999,999 documents; a later one would still be unique, only longer.
 */

export type ReceiptKind = 'receipt' | 'credit_note';

const PREFIX: Record<ReceiptKind, string> = { receipt: 'WS', credit_note: 'WS-CN' };

/** '2026-27' for any instant from 1 April 2026 00:00 to 31 March 2027 23:59:59 in `timeZone`. */
export function financialYearOf(instant: Date, timeZone: string): string {
  const [year, month] = todayIn(timeZone, instant).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The counter's row of a kind in a financial year. */
export const seriesOf = (kind: ReceiptKind, financialYear: string) => `${kind}:${financialYear}`;

export function receiptNumberOf(kind: ReceiptKind, financialYear: string, sequence: number) {
  return `${PREFIX[kind]}/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

/** A number as this module writes them; anything else names no receipt. */
export const RECEIPT_NUMBER = /^WS(?:-CN)?\/\d{4}-\d{2}\/\d{6,}$/;

/** A name for the file of a receipt: its number with the slashes as dashes. */
export const receiptFileNameOf = (number: string) => `${number.replaceAll('/', '-')}.pdf`;
