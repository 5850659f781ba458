import { answerText } from '../../../shared/domain/field-answers.ts';
import { decodeEntry, type EntryLog } from '../submissions/submissions.service.ts';

interface EntryRow {
  id: string;
  reference: string;
  field_values: string;
  work_values: string | null;
  form_fields: string | null;
}

/** The entry's artwork title: its title field's answer, else nothing (as the jury shows it). */
export function artworkTitleOf(row: EntryRow, log: EntryLog): string {
  const entry = decodeEntry(row, log);
  const field =
    entry.fields.find((f) => f.id === 'artworkTitle') ??
    entry.fields.find((f) => f.type === 'text' && /title/i.test(f.label));
  return field ? answerText(field, entry.values[field.id]) : '';
}
