import type { Work } from '../../../shared/schemas/jury.ts';

/** The documents the admin chose to show jurors (a statement, say), each a download. */
export function WorkDocuments({ documents = [] }: { documents?: Work['documents'] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {documents.map((document) => (
        <li key={document.url}>
          <a
            href={document.url}
            download
            className="font-medium text-[var(--color-primary-text)] underline"
          >
            Download {document.label} (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}
