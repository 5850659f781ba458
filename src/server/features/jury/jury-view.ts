import { answerText } from '../../../shared/domain/field-answers.ts';
import type { Kysely } from 'kysely';
import { isAskedPerWork, isShownToJurors } from '../../../shared/schemas/form-field.ts';
import type { DB } from '../../db/schema.ts';
import {
  decodeEntry,
  type EntryWithFirstWorkRow,
  type EntryLog,
  filesOf,
  imagesOf,
  type StoredEntry,
  type StoredImage,
} from '../submissions/submissions.service.ts';
import { findRedactionsOf } from './redactions.repository.ts';

/*
 * The jury's copy of an entry: the one place every jury answer, picture and file name is built
 * from. Only fields shown to jurors are in it, and an answer the admin redacted is the redacted
 * copy (an empty copy leaves the answer out); the artist's own answer never leaves the entry.
 */

export interface JuryAnswer {
  fieldId: string;
  label: string;
  value: string;
}

export interface JuryCopy {
  answers: JuryAnswer[];
  /** The pictures jurors see, in the form's order: the n-th is `/images/<n>`. */
  images: StoredImage[];
  /** The documents jurors see (only of fields shown to them), in the form's order. */
  documents: StoredImage[];
}

/** The jury's copy, given the entry's redactions (the jury's text by field id). */
export function juryCopyOf(entry: StoredEntry, redactions: ReadonlyMap<string, string>): JuryCopy {
  const shown = entry.fields.filter(isShownToJurors);
  const answers = shown.flatMap((field) => {
    // Files are not answers to read: the pictures come apart, a document by its own link.
    if (field.type === 'image' || field.type === 'document') return [];
    const value = redactions.get(field.id) ?? answerText(field, entry.values[field.id]);
    return value ? [{ fieldId: field.id, label: field.label, value }] : [];
  });
  const images = imagesOf({ ...entry, fields: shown });
  const documents = filesOf({ ...entry, fields: shown }).filter((f) => f.field.type === 'document');
  return { answers, images, documents };
}

/**
 * The jury's copy of work `row.work_position` of submission `row.id` (`row.work_values` its
 * answers), read with its redactions: a field each work answers takes the work's, a field asked
 * once the entry's.
 */
export async function readJuryCopy(
  db: Kysely<DB>,
  row: EntryWithFirstWorkRow & { work_position: number },
  log: EntryLog,
): Promise<JuryCopy> {
  const entry = decodeEntry(row, log);
  const perWork = new Set(entry.fields.filter(isAskedPerWork).map((f) => f.id));
  const redactions = new Map<string, string>();
  for (const r of await findRedactionsOf(db, row.id, row.work_position)) {
    const position = perWork.has(r.field_id) ? row.work_position : 0;
    if (r.work_position === position) redactions.set(r.field_id, r.jury_text);
  }
  return juryCopyOf(entry, redactions);
}
