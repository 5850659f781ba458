import type { FormEvent, ReactNode } from 'react';
import { FEEDBACK_MAX } from '../../../shared/schemas/feedback.ts';
import type { Work } from '../../../shared/schemas/jury.ts';
import { RequiredNote, TextAreaField } from '../admin/common/forms/form-fields.tsx';
import { CriterionScale } from './criterion-scale.tsx';
import type { SheetErrors } from './save-sheet.ts';
import type { Sheet } from './use-score-sheet.ts';

export const COMMENT_MAX = 2000;

/**
 * The juror's sheet for a work: every criterion on its scale, then the private comment and the
 * feedback for the artist; `actions` (the
 * buttons) stay in reach at the bottom of a phone's screen.
 */
export function ScoreSheetForm({
  work,
  sheet,
  errors,
  setScore,
  setComment,
  setFeedback,
  onSubmit,
  status,
  actions,
}: {
  work: Work;
  sheet: Sheet;
  errors: SheetErrors;
  setScore: (criterionId: string, score: number | undefined) => void;
  setComment: (comment: string) => void;
  setFeedback: (feedback: string) => void;
  onSubmit: () => void;
  /** What the last save did, read out as it changes. */
  status: ReactNode;
  actions: ReactNode;
}) {
  const readOnly = !work.roundOpen;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly) onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Your scores" className="flex flex-col gap-6">
      {readOnly ? null : <RequiredNote />}
      {work.criteria.length === 0 ? <p>This competition has no criteria to score yet.</p> : null}
      {work.criteria.map((criterion) => (
        <CriterionScale
          key={criterion.id}
          criterion={criterion}
          score={sheet.scores[criterion.id]}
          error={errors[criterion.id]}
          readOnly={readOnly}
          onChange={(score) => setScore(criterion.id, score)}
        />
      ))}
      <TextAreaField
        label="Comment"
        rows={4}
        maxLength={COMMENT_MAX}
        readOnly={readOnly}
        hint="Optional. Only the art space reads it."
        error={errors.comment}
        value={sheet.comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <TextAreaField
        label="Feedback for the artist"
        rows={4}
        maxLength={FEEDBACK_MAX}
        readOnly={readOnly}
        hint="Optional. If the art space releases feedback with the results, the artist reads it, without your name."
        error={errors.feedback}
        value={sheet.feedback}
        onChange={(event) => setFeedback(event.target.value)}
      />
      {status}
      <div className="sticky bottom-0 -mx-4 border-t border-gray-200 bg-gray-50/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 dark:border-gray-800 dark:bg-gray-950/95 sm:dark:bg-transparent">
        {actions}
      </div>
    </form>
  );
}
