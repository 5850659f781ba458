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

const StoredFieldValuesSchema = z.record(z.string(), z.string());

/** The answers by field id. */
export type StoredFieldValues = z.infer<typeof StoredFieldValuesSchema>;

/**
 * The stored answers of submission `row.id`. Answers that are not what registration writes are
 * logged and left out: the rest of an object still reads, anything else reads as no answers.
 */
export function decodeFieldValues(
  row: { id: string; field_values: string },
  log: EntryLog,
): StoredFieldValues {
  let json: unknown;
  try {
    json = JSON.parse(row.field_values);
  } catch {
    json = undefined;
  }
  const whole = StoredFieldValuesSchema.safeParse(json);
  if (whole.success) return whole.data;
  const object = z.record(z.string(), z.unknown()).safeParse(json);
  const values = object.success
    ? Object.fromEntries(
        Object.entries(object.data).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};
  log.warn(
    { submissionId: row.id, issues: whole.error.issues.length },
    "A submission's stored answers are damaged: what is not text is left out",
  );
  return values;
}

/** A submission's answers with the fields of its category, which say what each answer is. */
export interface StoredEntry {
  /** Every field of the category, enabled or not, in its order; none when the category is gone. */
  fields: FormField[];
  values: StoredFieldValues;
}

/** The row's answers and its category's fields (`form_fields` is null once the category is gone). */
export function decodeEntry(
  row: { id: string; field_values: string; form_fields: string | null },
  log: EntryLog,
): StoredEntry {
  return {
    fields: row.form_fields === null ? [] : parseFormFields(row.form_fields),
    values: decodeFieldValues(row, log),
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
    return field.type === 'image' && key !== undefined && key !== '' ? [{ field, key }] : [];
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
    (value) => value.startsWith(folder) && !images.includes(value),
  );
  return [...images, ...orphans];
}
