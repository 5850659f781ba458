import { isFileField } from '../../../shared/domain/field-answers.ts';
import type { StoredEntry, StoredImage } from './stored-entry.ts';

/**
 * Every file the artist sent for the entry's fields, pictures and documents, in the form's order:
 * what the admin downloads one by one or in the ZIP. Known by the field's type, never by a value.
 */
export function filesOf(entry: StoredEntry): StoredImage[] {
  return entry.fields.flatMap((field) => {
    const key = entry.values[field.id];
    return isFileField(field) && typeof key === 'string' && key !== '' ? [{ field, key }] : [];
  });
}
