import type { FormField } from '../../../shared/schemas/form-field.ts';
import { isAskedPerWork } from '../../../shared/schemas/form-field.ts';
import {
  decodeEntry,
  type EntryLog,
  type EntryWithFirstWorkRow,
  filesOf,
  type StoredFieldValues,
  type StoredWork,
  worksOf,
} from '../submissions/submissions.service.ts';
import type { ReviewDb } from './review.tables.ts';

/*
 * An entry as the review reads it: its fields, its own answers and each work's. An entry stored
 * without works (written by hand, or by a bench) reads as one work holding its own answers.
 */

export interface EntryWorks {
  fields: FormField[];
  own: StoredFieldValues;
  /** In order; one at least. */
  works: { position: number; values: StoredFieldValues }[];
}

/** The works of these rows, by submission id. */
export function worksOfRows(
  db: ReviewDb,
  rows: readonly { id: string }[],
  log: EntryLog,
): Promise<Map<string, StoredWork[]>> {
  return worksOf(
    db,
    rows.map((row) => row.id),
    log,
  );
}

export function entryWorksOf(
  row: EntryWithFirstWorkRow,
  works: readonly StoredWork[] | undefined,
  log: EntryLog,
): EntryWorks {
  const { fields, values } = decodeEntry({ ...row, work_values: null }, log);
  const list = works && works.length > 0 ? works : [{ position: 1, values: {} }];
  return {
    fields,
    own: values,
    works: list.map((w) => ({ position: w.position, values: w.values })),
  };
}

/** The answers of work `position` with the entry's own: what a one-work entry showed. */
export function answersOfWork(entry: EntryWorks, position: number): StoredFieldValues {
  const work = entry.works.find((w) => w.position === position);
  return { ...entry.own, ...work?.values };
}

export interface EntryImage {
  field: FormField;
  key: string;
  /** The work's number when the entry has several, else null. */
  work: number | null;
  /** Its field's label, with the work's number when the entry has several. */
  label: string;
  /** How a download names it: the field id, `<field id>-<n>` for work n past the first. */
  fileId: string;
}

/** Every image of the entry: its own and each work's, in the form's order, work by work. */
export function imagesOfEntry(entry: EntryWorks): EntryImage[] {
  const several = entry.works.length > 1;
  const own = filesOf({ fields: entry.fields, values: entry.own })
    .filter(({ field }) => !isAskedPerWork(field) || !several)
    .map(({ field, key }) => ({ field, key, work: null, label: field.label, fileId: field.id }));
  const ofWorks = entry.works.flatMap(({ position, values }) =>
    filesOf({ fields: entry.fields.filter(isAskedPerWork), values }).map(({ field, key }) => ({
      field,
      key,
      work: several ? position : null,
      label: several ? `Work ${position} ${field.label}` : field.label,
      fileId: position === 1 ? field.id : `${field.id}-${position}`,
    })),
  );
  // A hand-written entry may hold a work's answer on the entry too: each key once.
  const keys = new Set(ofWorks.map((image) => image.key));
  return [...own.filter((image) => !keys.has(image.key)), ...ofWorks];
}
