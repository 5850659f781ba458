import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { parseFormFields } from '../categories/categories.service.ts';
import { PRIVATE_NAMESPACE } from '../media/media.service.ts';

/*
 * A submission's answers as stored: `field_values` is a JSON object of the form's values by field
 * id, text as the artist gave it and each image as the storage key of its private file. This is
 * the one place that reads it; every reader gets plain values, and a row damaged by hand is
 * logged with its id and read without what is damaged, rather than failing the page it is on.
 */

/** What decoding needs: somewhere to say a row was damaged. */
export type EntryLog = Pick<FastifyBaseLogger, 'warn'>;

/** An answer: text (a file as its key, a date as 'YYYY-MM-DD'), a number, yes/no, choices. */
const StoredAnswerSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
const StoredFieldValuesSchema = z.record(z.string(), StoredAnswerSchema);

/** The answers by field id. */
export type StoredFieldValues = z.infer<typeof StoredFieldValuesSchema>;

/** Answers read from stored JSON: what is not an answer is left out, and counted. */
function readValues(text: string): { values: StoredFieldValues; damaged: number } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const whole = StoredFieldValuesSchema.safeParse(json);
  if (whole.success) return { values: whole.data, damaged: 0 };
  const object = z.record(z.string(), z.unknown()).safeParse(json);
  const values = object.success
    ? Object.fromEntries(
        Object.entries(object.data).filter(
          (entry): entry is [string, z.infer<typeof StoredAnswerSchema>] =>
            StoredAnswerSchema.safeParse(entry[1]).success,
        ),
      )
    : {};
  return { values, damaged: whole.error.issues.length };
}

const DAMAGED = "A submission's stored answers are damaged: what is not an answer is left out";

/**
 * The stored answers of submission `row.id`. Answers that are not what registration writes are
 * logged and left out: the rest of an object still reads, anything else reads as no answers.
 */
export function decodeFieldValues(
  row: { id: string; field_values: string },
  log: EntryLog,
): StoredFieldValues {
  const { values, damaged } = readValues(row.field_values);
  if (damaged > 0) log.warn({ submissionId: row.id, issues: damaged }, DAMAGED);
  return values;
}

/** The stored answers of one work of an entry, read and logged as the entry's are. */
export function decodeWorkValues(
  row: { id: string; submission_id: string; field_values: string },
  log: EntryLog,
): StoredFieldValues {
  const { values, damaged } = readValues(row.field_values);
  if (damaged > 0) {
    log.warn({ submissionId: row.submission_id, workId: row.id, issues: damaged }, DAMAGED);
  }
  return values;
}

/** A submission's answers with the fields of its category, which say what each answer is. */
export interface StoredEntry {
  /** Every field of the category, enabled or not, in its order; none when the category is gone. */
  fields: FormField[];
  values: StoredFieldValues;
}

/**
 * A row read with its first work (`work_values`, firstWorkValues in SQL; null for an entry with
 * no work) and its category's fields (`form_fields`, null once the category is gone).
 */
export interface EntryWithFirstWorkRow {
  id: string;
  field_values: string;
  work_values: string | null;
  form_fields: string | null;
}

/** The row's answers: the entry's own with its first work's, as one entry shown as one work. */
export function entryValuesOf(
  row: Omit<EntryWithFirstWorkRow, 'form_fields'>,
  log: EntryLog,
): StoredFieldValues {
  const own = decodeFieldValues(row, log);
  if (row.work_values === null) return own;
  const work = { id: row.id, submission_id: row.id, field_values: row.work_values };
  return { ...own, ...decodeWorkValues(work, log) };
}

/** The row's answers (entryValuesOf) and its category's fields. */
export function decodeEntry(row: EntryWithFirstWorkRow, log: EntryLog): StoredEntry {
  return {
    fields: row.form_fields === null ? [] : parseFormFields(row.form_fields),
    values: entryValuesOf(row, log),
  };
}

/** An image the artist sent for a field: the field and the storage key of the original. */
export interface StoredImage {
  field: FormField;
  key: string;
}

/**
 * The entry's images, known by their field's type (never by what a value looks like: a text an
 * artist typed is never taken for a file), in the form's order.
 */
export function imagesOf(entry: StoredEntry): StoredImage[] {
  return entry.fields.flatMap((field) => {
    const key = entry.values[field.id];
    return field.type === 'image' && typeof key === 'string' && key !== '' ? [{ field, key }] : [];
  });
}

/** Every private file of a submission lives under `private/submissions/<submission id>/`. */
export function submissionFolderOf(submissionId: string): string {
  return `${PRIVATE_NAMESPACE}submissions/${submissionId}/`;
}

/**
 * Every stored file the entry's answers name: its images by field type, and any answer under the
 * entry's own folder (an image whose field or category was removed since). Never by prefix alone:
 * a text an artist typed can name no other entry's file.
 */
export function storedKeysOf(entry: StoredEntry, submissionId: string): string[] {
  const folder = submissionFolderOf(submissionId);
  const images = imagesOf(entry).map((image) => image.key);
  const orphans = Object.values(entry.values).filter(
    (value): value is string =>
      typeof value === 'string' && value.startsWith(folder) && !images.includes(value),
  );
  return [...images, ...orphans];
}
