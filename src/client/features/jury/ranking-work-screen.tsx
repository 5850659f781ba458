import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Work } from '../../../shared/schemas/jury.ts';
import { ButtonLink, Button } from '../../components/button.tsx';
import { paths } from '../../config/paths.ts';
import { Notice } from '../admin/common/shell/admin-page.tsx';
import { ConflictDialog, DeclareConflictButton } from './conflict-dialog.tsx';
import type { RoundsPageState } from './rounds-page.tsx';
import { WorkHeading } from './work-heading.tsx';
import { WorkDocuments } from './work-documents.tsx';
import { WorkImages } from './work-images.tsx';
import { WorkAnswers } from './work-screen.tsx';

export const RANKING_WORK_NOTICE =
  'This round is a ranking ballot: look at the work here, then give it its place on your ballot. There are no scores to give.';

/**
 * A work of a ranking round, to look at closely: its images and answers, the way back to the
 * ballot and to the works either side, and 'Declare a conflict' while the round is open. Nothing
 * here speaks of criteria or scores: the ballot is where the juror judges.
 */
export function RankingWorkScreen({ roundId, work }: { roundId: string; work: Work }) {
  const navigate = useNavigate();
  const headingId = useId();
  const [conflictOpen, setConflictOpen] = useState(false);
  const { previousAlias, nextAlias } = work;
  const toWork = (alias: string) => void navigate(paths.juryWork(roundId, alias));
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-6">
      <WorkHeading id={headingId} work={work} within=" on your ballot" />
      <Notice>{RANKING_WORK_NOTICE}</Notice>
      <div className="flex flex-wrap items-center gap-3">
        <ButtonLink to={paths.juryBallot(roundId)}>Back to your ranking</ButtonLink>
        <Button
          variant="secondary"
          disabled={!previousAlias}
          onClick={() => previousAlias && toWork(previousAlias)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          disabled={!nextAlias}
          onClick={() => nextAlias && toWork(nextAlias)}
        >
          Next
        </Button>
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <WorkImages images={work.images} />
        <WorkAnswers answers={work.answers} />
        <WorkDocuments documents={work.documents} />
      </div>
      <DeclareConflictButton work={work} onClick={() => setConflictOpen(true)} />
      <ConflictDialog
        open={conflictOpen}
        roundId={roundId}
        alias={work.alias}
        onClose={() => setConflictOpen(false)}
        done={() => {
          setConflictOpen(false);
          void navigate(paths.jury, {
            state: {
              notice: `Conflict declared: work ${work.alias} leaves your ballot.`,
              roundId,
            } satisfies RoundsPageState,
          });
        }}
      />
    </article>
  );
}
