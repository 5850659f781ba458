import { artistApiPaths } from '../../../shared/api-paths.ts';
import type { MyEntry } from '../../../shared/schemas/artist.ts';
import { type FormField, isAskedPerWork } from '../../../shared/schemas/form-field.ts';
import type { Deps } from '../../deps.ts';
import { juryCopyOf, type StoredFile, uploadKeyOf } from '../media/media.service.ts';
import { worksByTitle } from './entries.service.ts';
import { filesOf } from './entry-files.ts';
import { decodeEntry, type EntryLog } from './stored-entry.ts';
import type { EntryRow } from './submissions.repository.ts';
import type { StoredWork } from './works.repository.ts';

/*
 * The artist's own files on "My entries": their photo, each work's pictures and documents. Each
 * is known by an id of its entry and its place in it (never by its storage key, which the
 * artist never sees), and served to its artist alone by GET /api/me/files/:id.
 */

type MyFile = NonNullable<MyEntry['photo']>;

/** A file of the artist's, with where it is stored (never sent). */
export interface OwnFile extends MyFile {
  key: string;
}

export interface OwnFiles {
  photo: OwnFile | null;
  works: { number: number; title: string; files: OwnFile[] }[];
}

/** The photo's place: a field's id starts with a letter, so no field is ever named so. */
const PHOTO = '_photo';

function ownFile(
  submissionId: string,
  place: string,
  key: string,
  field: FormField | null,
): OwnFile {
  const id = `${submissionId}.${place}`;
  return {
    id,
    label: field?.label ?? 'photo',
    kind: field?.type === 'document' ? 'document' : 'image',
    url: artistApiPaths.file(id),
    key,
  };
}

/** The entry's photo, as the artist is shown it and a registration may name it to reuse it. */
export function ownPhotoOf(row: Pick<EntryRow, 'id' | 'photo_key'>): OwnFile | null {
  return row.photo_key === '' ? null : ownFile(row.id, PHOTO, row.photo_key, null);
}

/**
 * The entry's files by work, in the form's order. An entry stored without works reads as one
 * work holding its own answers (as its entry page reads it); the files asked once per entry (a
 * CV) are listed with its first work, since the artist's page lists files by work.
 */
export function ownFilesOf(row: EntryRow, works: readonly StoredWork[], log: EntryLog): OwnFiles {
  const { fields, values } = decodeEntry({ ...row, work_values: null }, log);
  const list =
    works.length > 0 ? works : [{ id: row.id, submissionId: row.id, position: 1, values }];
  const perWork = fields.filter(isAskedPerWork);
  const own = filesOf({ fields: fields.filter((f) => !isAskedPerWork(f)), values }).map(
    ({ field, key }) => ownFile(row.id, field.id, key, field),
  );
  const titles = worksByTitle(fields, list);
  return {
    photo: ownPhotoOf(row),
    works: list.map((work, index) => ({
      number: work.position,
      title: titles[index]?.title ?? '',
      files: [
        ...(index === 0 ? own : []),
        ...filesOf({ fields: perWork, values: work.values }).map(({ field, key }) =>
          ownFile(
            row.id,
            work.position === 1 ? field.id : `${field.id}-${work.position}`,
            key,
            field,
          ),
        ),
      ],
    })),
  };
}

/** What the artist is sent of a file: never its key. */
export function shownFile({ id, label, kind, url }: OwnFile): MyFile {
  return { id, label, kind, url };
}

/** The entry a file id names, or undefined for an id that names no file. */
export function entryIdOfFile(id: string): string | undefined {
  const dot = id.indexOf('.');
  return dot > 0 ? id.slice(0, dot) : undefined;
}

/** The file `id` names among the entry's files, or undefined. */
export function findOwnFile(files: OwnFiles, id: string): OwnFile | undefined {
  if (files.photo?.id === id) return files.photo;
  return files.works.flatMap((work) => work.files).find((file) => file.id === id);
}

/**
 * The stored bytes the artist is shown of their file: a picture's display copy (the kept file
 * when it has none), the photo and a document as kept. A picture whose job has not run yet (a
 * busy server, just after registering) is served as sent: the artist's own bytes, checked as a
 * picture when received, rather than a broken image. Undefined when none is stored.
 */
export async function storedOwnFile(
  deps: Pick<Deps, 'storage'>,
  file: OwnFile,
): Promise<StoredFile | undefined> {
  if (file.kind === 'document') return deps.storage.get(file.key);
  const made = file.id.endsWith(`.${PHOTO}`)
    ? await deps.storage.get(file.key)
    : (await juryCopyOf(deps.storage, file.key, 'display'))?.file;
  return made ?? deps.storage.get(uploadKeyOf(file.key));
}
