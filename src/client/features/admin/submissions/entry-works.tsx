import type { ReviewItem } from '../../../../shared/schemas/review.ts';
import { FOCUS_RING } from '../common/shell/admin-page.tsx';
import { PictureList } from './entry-pictures.tsx';

type Work = NonNullable<ReviewItem['works']>[number];

/** How a download names a work's file: the field's id for the first work, `<id>-<n>` after. */
const fileOf = (fieldId: string, work: number) => (work === 1 ? fieldId : `${fieldId}-${work}`);

/**
 * The works of an entry of several, each under its number: its answers, its pictures (the
 * display copy, the original to download) and its documents.
 */
export function EntryWorks({ item }: { item: ReviewItem }) {
  const works = item.works ?? [];
  return (
    <ol className="flex flex-col gap-8">
      {works.map((work) => (
        <li key={work.number}>
          <WorkPanel item={item} work={work} />
        </li>
      ))}
    </ol>
  );
}

function WorkPanel({ item, work }: { item: ReviewItem; work: Work }) {
  const answers = work.fields.filter((f) => f.type !== 'image' && f.type !== 'document');
  const documents = work.fields.filter((f) => f.type === 'document');
  const pictures = work.fields
    .filter((f) => f.type === 'image')
    .map((f) => ({
      file: fileOf(f.id, work.number),
      label: `Work ${work.number}: ${f.label}`,
      src: f.value,
      name: `Work ${work.number} ${f.label}`,
    }));
  return (
    <article aria-labelledby={`work-${work.number}`} className="flex flex-col gap-4">
      <h3 id={`work-${work.number}`} className="text-lg font-semibold">
        Work {work.number}
      </h3>
      {answers.length > 0 ? (
        <dl className="divide-y divide-gray-200 dark:divide-gray-800">
          {answers.map((field) => (
            <div key={field.id} className="grid gap-1 py-2 sm:grid-cols-3">
              <dt className="font-medium">{field.label}</dt>
              <dd className="break-words whitespace-pre-wrap sm:col-span-2">{field.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {documents.map((field) => (
        <a
          key={field.id}
          href={field.value}
          className={`self-start rounded font-medium text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`}
        >
          Open {field.label} of work {work.number}
        </a>
      ))}
      {pictures.length > 0 ? <PictureList item={item} pictures={pictures} /> : null}
    </article>
  );
}
