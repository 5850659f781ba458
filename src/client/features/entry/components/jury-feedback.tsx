import { useId } from 'react';
import type { WorkFeedback } from '../../../../shared/schemas/feedback.ts';

/** 'Work 2: Heron', or the title alone for an entry of one work. */
const workName = (work: WorkFeedback['work'], several: boolean) =>
  several || !work.title ? `Work ${work.number}${work.title ? `: ${work.title}` : ''}` : work.title;

/**
 * The jury's feedback released with the results, per work: each juror's text on its own, no
 * juror named. `level` is the heading's level where it sits (the entry page's section, the card).
 */
export function JuryFeedback({
  feedback,
  level = 3,
}: {
  feedback: readonly WorkFeedback[];
  level?: 3 | 4;
}) {
  const headingId = useId();
  const Heading = `h${level}` as const;
  const WorkHeading = `h${level + 1}` as 'h4' | 'h5';
  const several = feedback.length > 1;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <Heading id={headingId} className="text-lg font-semibold">
        The jury’s feedback
      </Heading>
      {feedback.map(({ work, texts }) => (
        <div key={work.number} className="flex flex-col gap-2">
          <WorkHeading className="font-medium break-words">{workName(work, several)}</WorkHeading>
          <ul className="flex flex-col gap-2">
            {texts.map((text, i) => (
              <li
                // The same words from two jurors stay two items.
                key={i}
                className="border-l-4 border-gray-300 pl-3 break-words whitespace-pre-line dark:border-gray-700"
              >
                {text}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
