import type { ReviewItem } from '../../../../shared/schemas/review.ts';
import { FOCUS_RING } from '../common/shell/admin-page.tsx';
import { downloadPath } from './api/review.ts';
import { PictureStand } from './picture-state.tsx';

/** A picture of an entry as shown: its display copy, and the name of its original to download. */
export interface ShownPicture {
  /** The file's name in the download's address: 'photo', a field's id, `<field id>-<n>`. */
  file: string;
  /** What a screen reader hears for the picture. */
  label: string;
  src: string;
  /** Its caption, and what the download link says it saves. */
  name: string;
}

/** The ids of fields each work answers (what the works' list shows, not the entry's own). */
export function workFieldIds(item: ReviewItem): Set<string> {
  const works = item.works ?? [];
  return new Set(works.length > 1 ? works.flatMap((w) => w.fields.map((f) => f.id)) : []);
}

/**
 * The artist's photo and the entry's images: the display copies, each with its original to save;
 * while they are being made, what stands in for them. An entry of several works shows here only
 * what it answered once; its works list their own.
 */
export function EntryPictures({ item }: { item: ReviewItem }) {
  const perWork = workFieldIds(item);
  const pictures: ShownPicture[] = [
    { file: 'photo', label: `Photo of ${item.fullName}`, src: item.photoUrl, name: 'Photo' },
    ...item.fields
      .filter((field) => field.type === 'image' && !perWork.has(field.id))
      .map((field) => ({
        file: field.id,
        label: field.label,
        src: field.value,
        name: field.label,
      })),
  ];
  return <PictureList item={item} pictures={pictures} />;
}

/** Pictures of an entry, each with its original to download once the copies are made. */
export function PictureList({ item, pictures }: { item: ReviewItem; pictures: ShownPicture[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {pictures.map((picture) => (
        <li key={picture.file} className="flex flex-col items-start gap-2">
          <figure className="flex flex-col gap-2">
            {item.pictures === 'ready' ? (
              <img
                src={picture.src}
                alt={picture.label}
                className="max-h-96 w-auto rounded border border-gray-200 object-contain dark:border-gray-800"
              />
            ) : (
              <PictureStand
                state={item.pictures}
                label={picture.label}
                className="h-48 w-48 rounded text-sm"
              />
            )}
            <figcaption className="font-medium">{picture.name}</figcaption>
          </figure>
          {item.pictures === 'ready' && (
            <a
              href={downloadPath(item.id, picture.file)}
              download
              className={`rounded font-medium text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`}
            >
              Download {picture.name}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
