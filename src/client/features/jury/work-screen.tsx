import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import type { Work } from '../../../shared/schemas/jury.ts';
import { Button } from '../../components/button.tsx';
import { paths } from '../../config/paths.ts';
import { MUTED_TEXT, Notice } from '../admin/common/shell/admin-page.tsx';
import { ConflictDialog, DeclareConflictButton } from './conflict-dialog.tsx';
import { useLeave, useUnsavedChanges } from './leave-guard.tsx';
import { ProgressBar } from './progress-bar.tsx';
import type { RoundsPageState } from './rounds-page.tsx';
import { missingScores, type SheetErrors, sheetErrorsOf, useSaveSheet } from './save-sheet.ts';
import { ScoreSheetForm } from './score-sheet-form.tsx';
import { SaveStatus } from './save-status.tsx';
import { useScoreSheet } from './use-score-sheet.ts';
import { WorkHeading } from './work-heading.tsx';
import { WorkDocuments } from './work-documents.tsx';
import { WorkImages } from './work-images.tsx';

export const ALL_SCORED = 'All works scored';
export const CLOSED_NOTICE =
  'This round is closed: your scores are shown as you left them and can no longer change.';
export const RESTORED_NOTICE =
  'Your unsaved scores for this work were kept in this tab. Save them when you are ready.';

/** Where 'Save and next' lands after the last work in the juror's order. */
function noticeAfterLast(work: Work): string {
  const left = work.total - work.done;
  if (left <= 0) return ALL_SCORED;
  return `You reached the last work. ${left} ${left === 1 ? 'work is' : 'works are'} still to score.`;
}

/** What a work page that follows a save has to say. */
interface WorkPageState {
  saved?: string;
}

/**
 * One work, phone first: its images (large, zoomable) and answers, then the juror's sheet with
 * 'Previous', 'Save and next' and 'Declare a conflict'. A closed round shows the sheet read-only.
 */
export function WorkScreen({
  roundId,
  work,
  reload,
}: {
  roundId: string;
  work: Work;
  reload: () => void;
}) {
  const navigate = useNavigate();
  const leave = useLeave();
  const savedBefore = (useLocation().state as WorkPageState | null)?.saved;
  const { sheet, unsaved, restored, setScore, setComment, setFeedback, forget } = useScoreSheet(
    roundId,
    work,
  );
  useUnsavedChanges(unsaved);
  const headingId = useId();
  const form = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<SheetErrors>({});
  const [conflictOpen, setConflictOpen] = useState(false);
  const save = useSaveSheet(roundId, work.alias);

  const toWork = (alias: string, state?: WorkPageState) =>
    void navigate(paths.juryWork(roundId, alias), { state });
  const toRounds = (notice: string) =>
    void navigate(paths.jury, { state: { notice, roundId } satisfies RoundsPageState });

  const saveAndNext = () => {
    // The criteria left out are said at once, without asking the server.
    const missing = missingScores(work.criteria, sheet.scores);
    flushSync(() => setErrors(missing));
    if (Object.keys(missing).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    save.mutate(sheet, {
      onSuccess: (saved) => {
        forget();
        if (saved.nextAlias) toWork(saved.nextAlias, { saved: saved.alias });
        else toRounds(noticeAfterLast(saved));
      },
      onError: (error) => {
        flushSync(() => setErrors(sheetErrorsOf(error)));
        form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        // Closed meanwhile: the page shows the round as it now is, read-only.
        if (error.code === 'ROUND_CLOSED') reload();
      },
    });
  };

  const { previousAlias, nextAlias } = work;
  const actions = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Button
        variant="secondary"
        disabled={!previousAlias}
        onClick={() => previousAlias && leave(() => toWork(previousAlias))}
      >
        Previous
      </Button>
      {work.roundOpen ? (
        <Button type="submit" disabled={save.isPending} className="grow sm:grow-0">
          {save.isPending ? 'Saving…' : 'Save and next'}
        </Button>
      ) : (
        <Button disabled={!nextAlias} onClick={() => nextAlias && toWork(nextAlias)}>
          Next
        </Button>
      )}
    </div>
  );

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-6">
      <WorkHeading id={headingId} work={work}>
        <ProgressBar done={work.done} total={work.total} label="Works scored in this round" />
      </WorkHeading>
      {work.roundOpen ? null : <Notice>{CLOSED_NOTICE}</Notice>}
      {restored ? <Notice>{RESTORED_NOTICE}</Notice> : null}
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <WorkImages images={work.images} />
          <WorkAnswers answers={work.answers} />
          <WorkDocuments documents={work.documents} />
        </div>
        <div ref={form} className="flex flex-col gap-6">
          <h2 className="text-2xl font-bold">Your scores</h2>
          <ScoreSheetForm
            work={work}
            sheet={sheet}
            errors={errors}
            setScore={setScore}
            setComment={setComment}
            setFeedback={setFeedback}
            onSubmit={saveAndNext}
            status={<SaveStatus save={save} savedBefore={savedBefore} onRetry={saveAndNext} />}
            actions={actions}
          />
          <DeclareConflictButton work={work} onClick={() => setConflictOpen(true)} />
        </div>
      </div>
      <ConflictDialog
        open={conflictOpen}
        roundId={roundId}
        alias={work.alias}
        onClose={() => setConflictOpen(false)}
        done={(next) => {
          forget();
          setConflictOpen(false);
          if (next) toWork(next);
          else toRounds(`Conflict declared: work ${work.alias} passes to another juror.`);
        }}
      />
    </article>
  );
}

/** The work's answers to the category's questions (title, medium, size, statement ...). */
export function WorkAnswers({ answers }: { answers: Work['answers'] }) {
  if (answers.length === 0) return null;
  return (
    <section aria-label="About the work">
      <dl className="flex flex-col gap-3">
        {answers.map((answer, index) => (
          <div key={`${index} ${answer.label}`}>
            <dt className={`text-sm font-semibold ${MUTED_TEXT}`}>{answer.label}</dt>
            <dd className="break-words whitespace-pre-line">{answer.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
