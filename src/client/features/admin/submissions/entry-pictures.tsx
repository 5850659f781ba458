import type { ReviewItem } from '../../../../shared/schemas/review.ts';
import { FOCUS_RING } from '../common/shell/admin-page.tsx';
import { downloadPath } from './api/review.ts';
import { PictureStand } from './picture-state.tsx';

/**
 * The artist's photo and the entry's images: the display copies, each with its original to save;
 * while they are being made, what stands in for them.
 */
export function EntryPictures({ item }: { item: ReviewItem }) {
  const pictures = [
    { key: 'photo', label: `Photo of ${item.fullName}`, src: item.photoUrl, name: 'Photo' },
    ...item.fields
      .filter((field) => field.type === 'image')
      .map((field) => ({ key: field.id, label: field.label, src: field.value, name: field.label })),
  ];
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {pictures.map((picture) => (
        <li key={picture.key} className="flex flex-col items-start gap-2">
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
              href={downloadPath(item.id, picture.key)}
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
