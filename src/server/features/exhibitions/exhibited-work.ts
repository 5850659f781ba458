import { answerText } from '../../../shared/domain/field-answers.ts';
import {
  decodeEntry,
  type EntryLog,
  imagesOf,
  publicationOf,
} from '../submissions/submissions.service.ts';

/*
 * A work as an exhibition shows it, read from its entry's stored answers: its title, medium and
 * size (the work's default fields), the picture's stored key, and how the artist allows it to be
 * shown ('none': never).
 */

interface WorkRow {
  id: string;
  work_id: string;
  full_name: string;
  publication_consent: string | null;
  field_values: string;
  work_values: string;
  form_fields: string | null;
}

export interface ExhibitedWork {
  workId: string;
  submissionId: string;
  title: string;
  medium: string;
  size: string;
  consent: 'name' | 'anonymous' | 'none';
  /** The artist's name as it may be shown; null: withheld. */
  artist: string | null;
  fullName: string;
  imageKey: string | null;
}

export function exhibitedWorkOf(row: WorkRow, log: EntryLog): ExhibitedWork {
  const entry = decodeEntry(row, log);
  const text = (id: string) => {
    const field = entry.fields.find((f) => f.id === id);
    const value = entry.values[id];
    if (field) return answerText(field, value);
    return typeof value === 'string' ? value : '';
  };
  const consent = publicationOf(row.publication_consent);
  return {
    workId: row.work_id,
    submissionId: row.id,
    title: text('artworkTitle'),
    medium: text('medium'),
    size: text('size'),
    consent,
    artist: consent === 'name' ? row.full_name : null,
    fullName: row.full_name,
    imageKey: imagesOf(entry)[0]?.key ?? null,
  };
}
