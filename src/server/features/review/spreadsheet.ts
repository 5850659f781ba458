import { stringify } from 'csv-stringify';

/**
 * A CSV stream a spreadsheet opens safely, with these column headings: the review's export and the
 * jury's scores both write through it.
 */
export function spreadsheetCsv(columns: string[]) {
  return stringify({
    bom: true,
    header: true,
    columns,
    record_delimiter: 'windows',
    // A lone carriage return is a line's end to a spreadsheet: such a cell is quoted too (the
    // library quotes only a cell holding the record delimiter, CRLF).
    quoted_match: /\r/,
    escape_formulas: true,
  });
}

/**
 * An instant as a spreadsheet reads a date and time ('2026-12-20 23:59'), in `timeZone`: a
 * spreadsheet reads no zone in a cell, so the column's heading names it.
 */
export function spreadsheetDateTime(timeZone: string): (instant: string) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (instant) => {
    const parts = Object.fromEntries(
      format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
}
