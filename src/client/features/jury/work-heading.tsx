import { type ReactNode, useRef } from 'react';
import type { Work } from '../../../shared/schemas/jury.ts';
import { MUTED_TEXT } from '../admin/common/shell/admin-page.tsx';
import { useFocusOnArrival } from './use-focus-on-arrival.ts';

/**
 * The top of a work's page, scored or ranked: where the work stands in the juror's list and its
 * alias, the heading focused on arrival. `id` names the page's article; `children` follow the
 * heading (a progress bar).
 */
export function WorkHeading({
  id,
  work,
  within = '',
  children,
}: {
  id: string;
  work: Work;
  /** After "Work 3 of 12", such as " on your ballot". */
  within?: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, true);
  return (
    <div className="flex flex-col gap-2">
      <p className={`text-sm font-medium ${MUTED_TEXT}`}>
        Work {work.position} of {work.total}
        {within}
      </p>
      <h1 ref={heading} id={id} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        Work {work.alias}
      </h1>
      {children}
    </div>
  );
}
