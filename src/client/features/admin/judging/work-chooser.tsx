import type { AwardWork } from '../../../../shared/schemas/results.ts';
import { FOCUS_RING, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { ERROR_TEXT } from './judging-styles.ts';

/**
 * Which work of an entry of several gets the award: a radio group (arrow keys move between the
 * works), each work with its thumbnail, number, alias and title.
 */
export function WorkChooser({
  name,
  reference,
  works,
  value,
  error,
  onChoose,
}: {
  /** The group's name, unique on the page. */
  name: string;
  reference: string;
  works: AwardWork[];
  value: string;
  error: string | undefined;
  onChoose: (work: AwardWork) => void;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="flex min-w-56 flex-col gap-2"
      {...(error ? { 'aria-describedby': errorId } : {})}
    >
      <legend className="sr-only">Work of {reference} that gets the award</legend>
      {works.map((work) => (
        <label
          key={work.id}
          className={`flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 p-1.5 has-[:checked]:border-[var(--color-primary)] dark:border-gray-800`}
        >
          <input
            type="radio"
            id={`${name}-${work.id}`}
            name={name}
            value={work.id}
            checked={work.id === value}
            onChange={() => onChoose(work)}
            className={`h-4 w-4 shrink-0 ${FOCUS_RING}`}
          />
          {work.thumbnailUrl ? (
            <img
              src={work.thumbnailUrl}
              alt=""
              className="h-10 w-10 shrink-0 rounded object-cover"
            />
          ) : null}
          <span className="flex flex-col">
            <span className="font-medium">
              Work {work.number}
              {work.alias ? <span className={MUTED_TEXT}> · {work.alias}</span> : null}
            </span>
            {work.title ? <span>{work.title}</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className={ERROR_TEXT}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
