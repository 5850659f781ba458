import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  PAYMENT_STATE_LABELS,
  SUBMISSION_STATUS_LABELS,
} from '../../../shared/domain/entry-state.ts';
import { answerText, isFileField } from '../../../shared/domain/field-answers.ts';
import { type FormField, isAskedPerWork } from '../../../shared/schemas/form-field.ts';
import { AGE_CATEGORY_LABELS, GENDER_LABELS } from '../../../shared/schemas/registration.ts';
import type { ReviewQuery } from '../../../shared/schemas/review.ts';
import type { Deps } from '../../deps.ts';
import { parseFormFields } from '../categories/categories.service.ts';
import { paymentStateOfRow, submissionStatusOfRow } from '../submissions/submissions.service.ts';
import { answersOfWork, type EntryWorks, entryWorksOf, worksOfRows } from './entry-works.ts';
import { findCategoriesInView, type ReviewRow } from './review.repository.ts';
import { filtersOf, reviewBatches } from './review.service.ts';
import { spreadsheetCsv, spreadsheetDateTime } from './spreadsheet.ts';

/*
 * The current view as CSV for the jury: RFC 4180 (CRLF, quotes doubled), UTF-8
 * with a byte-order mark so spreadsheets read Indian scripts, cells starting with =, +, -, @, tab
 * or carriage return neutralised (csv-stringify's escape_formulas), and streamed from the
 * database a batch at a time, so 100,000 rows take the memory of one batch.
 */

/** The fixed columns; the submitted time is in the site's time zone, which its heading names. */
const fixedColumns = (timeZone: string) =>
  [
    'Reference',
    `Submitted (${timeZone})`,
    'Full name',
    'Age',
    'Age category',
    'Gender',
    'Email',
    'Phone',
    'Address',
    'Pincode',
    'Competition',
    'Category',
    'Subcategory',
    'Status',
    'Payment',
    'Entry fee (INR)',
    'Gross (INR)',
    'Discount (INR)',
    'Net (INR)',
  ] as const;

/** The dynamic fields of the categories in view, each once, labelled (with its category if two share a label). */
function fieldColumns(categories: { name: string; form_fields: string }[]) {
  const columns: { id: string; label: string; type: FormField['type']; perWork: boolean }[] = [];
  const seen = new Set<string>();
  for (const category of categories) {
    for (const field of parseFormFields(category.form_fields)) {
      if (seen.has(field.id)) continue;
      seen.add(field.id);
      columns.push({
        id: field.id,
        label: field.label,
        type: field.type,
        perWork: isAskedPerWork(field),
      });
    }
  }
  const labels = columns.map((c) => c.label);
  // The entry's own answers, then the work's number and the work's answers.
  columns.sort((a, b) => Number(a.perWork) - Number(b.perWork));
  return columns.map((c) => ({
    ...c,
    label: labels.filter((l) => l === c.label).length > 1 ? `${c.label} (${c.id})` : c.label,
  }));
}

/** The view as a CSV stream; its errors end the download (the caller has sent the headers). */
export async function exportCsv(
  deps: Pick<Deps, 'db' | 'log' | 'config' | 'settings'>,
  query: Omit<ReviewQuery, 'cursor' | 'limit'>,
): Promise<Readable> {
  const filters = filtersOf(query);
  const { timeZone } = await deps.settings.getSettings();
  const dateTime = spreadsheetDateTime(timeZone);
  const columns = fieldColumns(await findCategoriesInView(deps.db, filters));
  const base = deps.config.publicUrl;
  const ownColumns = columns.filter((c) => !c.perWork);
  const workColumns = columns.filter((c) => c.perWork);
  const line = (row: ReviewRow, entry: EntryWorks, work: number) => {
    const values = answersOfWork(entry, work);
    const cell = (column: (typeof columns)[number]) => {
      const value = values[column.id];
      if (value === undefined) return '';
      const file = column.perWork && work > 1 ? `${column.id}-${work}` : column.id;
      // A file is its named download, for a signed-in admin.
      return isFileField(column)
        ? `${base}/api/admin/submissions/${row.id}/download/${file}`
        : answerText(column, value);
    };
    return [
      row.reference,
      dateTime(row.created_at),
      row.full_name,
      row.age,
      AGE_CATEGORY_LABELS[row.age_category as keyof typeof AGE_CATEGORY_LABELS] ?? row.age_category,
      GENDER_LABELS[row.gender],
      row.email,
      row.phone,
      row.address,
      row.pincode,
      row.competition_title || 'Unknown Competition',
      row.category_name ?? row.category_id ?? '',
      row.subcategory_name ?? row.subcategory_id ?? '',
      SUBMISSION_STATUS_LABELS[submissionStatusOfRow(row)],
      PAYMENT_STATE_LABELS[paymentStateOfRow(row)],
      row.entry_fee,
      // The fee is the net charged; gross is it plus the code's discount.
      ...[row.entry_fee + row.discount, row.discount, row.entry_fee],
      ...ownColumns.map(cell),
      work,
      ...workColumns.map(cell),
    ];
  };
  const csv = spreadsheetCsv([
    ...fixedColumns(timeZone),
    ...ownColumns.map((c) => c.label),
    'Work',
    ...workColumns.map((c) => c.label),
  ]);
  const source = Readable.from(
    (async function* () {
      for await (const batch of reviewBatches(deps, filters, query.sort)) {
        const works = await worksOfRows(deps.db, batch, deps.log);
        for (const row of batch) {
          // A row a work: the entry's columns repeated on each.
          const entry = entryWorksOf(row, works.get(row.id), deps.log);
          for (const { position } of entry.works) yield line(row, entry, position);
        }
      }
    })(),
  );
  pipeline(source, csv).catch((error: unknown) => {
    deps.log.error({ err: error }, 'CSV export failed');
  });
  return csv;
}
