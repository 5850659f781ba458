import { filesOfPicture } from '../media/media.service.ts';
import {
  decodeEntry,
  type EntryLog,
  type EntryWithFirstWorkRow,
  storedKeysOf,
} from './stored-entry.ts';
import type { StoredWork } from './works.repository.ts';

/**
 * Every stored file of an entry, what deleting the entry or erasing its artist deletes: its photo,
 * each image of it and its works and any answer under its own folder (a document, or a file whose
 * field was removed since), each with the copies a picture has.
 */
export function storedFilesOfEntry(
  row: Omit<EntryWithFirstWorkRow, 'work_values'> & { photo_key: string },
  works: readonly StoredWork[],
  log: EntryLog,
): string[] {
  const entry = decodeEntry({ ...row, work_values: null }, log);
  const answers = [entry, ...works.map((work) => ({ fields: entry.fields, values: work.values }))];
  const files = new Set(answers.flatMap((answer) => storedKeysOf(answer, row.id)));
  return [row.photo_key, ...files].filter((key) => key !== '').flatMap(filesOfPicture);
}
