import type { MyEntry } from '../../../../shared/schemas/artist.ts';
import { LINK_CLASS } from '../me-format.ts';

type MyFile = MyEntry['works'][number]['files'][number];

/**
 * One of the artist's own files: a picture as a small thumbnail that opens it whole, a document
 * as a link. Served to their session alone (private, never cached by the way).
 */
export function FileThumbnail({ file, owner }: { file: MyFile; owner: string }) {
  const name = `${owner}: ${file.label}`;
  if (file.kind === 'document') {
    return (
      <a href={file.url} className={LINK_CLASS}>
        {name} (document)
      </a>
    );
  }
  return (
    <a href={file.url} className={`block ${LINK_CLASS}`}>
      <img
        src={file.url}
        alt={name}
        loading="lazy"
        decoding="async"
        className="h-24 w-24 rounded-lg bg-gray-100 object-cover dark:bg-gray-800"
      />
    </a>
  );
}
