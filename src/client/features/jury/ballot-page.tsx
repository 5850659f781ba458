import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { Ballot } from '../../../shared/schemas/results.ts';
import { Button } from '../../components/button.tsx';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/settings.tsx';
import { useAdminQuery } from '../admin/common/admin-query.tsx';
import { ResourceView } from '../admin/common/resource-view.tsx';
import { FormAlert, MUTED_TEXT, Notice } from '../admin/common/shell/admin-page.tsx';
import { ballotQuery } from './api/ballot.ts';
import { roundsQuery, SAVE_RETRIES } from './api/jury.ts';
import { BallotList, ReadOnlyBallot } from './ballot-list.tsx';
import { useBallot } from './use-ballot.ts';
import { useFocusOnArrival } from './use-focus-on-arrival.ts';

export const BALLOT_CLOSED = 'This round is closed: your ranking can no longer change.';
export const NO_BALLOT_SAVED = 'You did not save a ranking in this round.';
export const NOT_SAVED_YET =
  'Not saved yet: the works are in the order they came to you. Put the one you rank highest first.';
export const UNSAVED_CHANGES = 'Your changes are not saved yet.';
export const RANKING_SAVED = 'Your ranking is saved.';

const LINK = 'font-medium underline underline-offset-4';

/** A ranking round's ballot (/jury/rounds/:roundId/ballot): the juror orders its works. */
export default function BallotPage() {
  const { roundId = '' } = useParams();
  usePageTitle('Rank the works');
  const ballot = useAdminQuery(ballotQuery(roundId));
  // The round's name; the rounds page has usually loaded it already.
  const round = useAdminQuery(roundsQuery()).data?.find((r) => r.id === roundId);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, true);
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to={paths.jury} className={LINK}>
          Back to your rounds
        </Link>
      </p>
      <div className="flex flex-col gap-1">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
          Rank the works
        </h1>
        {round ? (
          <p className={MUTED_TEXT}>
            {round.competition}: round {round.number}
          </p>
        ) : null}
      </div>
      <ResourceView resource={ballot}>
        {(loaded) => <BallotScreen key={roundId} roundId={roundId} ballot={loaded} />}
      </ResourceView>
    </div>
  );
}

function BallotScreen({ roundId, ballot }: { roundId: string; ballot: Ballot }) {
  const { order, unsaved, announcement, move, moveAlias, save, submit } = useBallot(
    roundId,
    ballot,
  );
  if (!ballot.roundOpen) {
    return (
      <div className="flex flex-col gap-4">
        <Notice>{BALLOT_CLOSED}</Notice>
        {order.length === 0 ? (
          <p>{NO_BALLOT_SAVED}</p>
        ) : (
          <ReadOnlyBallot roundId={roundId} order={order} />
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p>
        Order the works from the one you rank highest (place 1) down. Drag a work by its handle, or
        use its Move up and Move down buttons, then save your ranking.
      </p>
      {/* Always present, so each move by the buttons is read out. */}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <BallotList roundId={roundId} order={order} onMove={move} onDrop={moveAlias} />
      <SaveBar
        unsaved={unsaved}
        everSaved={ballot.ranking.length > 0}
        save={save}
        onSave={submit}
      />
    </div>
  );
}

/** The save button and what the save is doing, read out as it changes. */
function SaveBar({
  unsaved,
  everSaved,
  save,
  onSave,
}: {
  unsaved: boolean;
  everSaved: boolean;
  save: ReturnType<typeof useBallot>['save'];
  onSave: () => void;
}) {
  const { isPending, failureCount, error } = save;
  let status = unsaved ? (everSaved ? UNSAVED_CHANGES : NOT_SAVED_YET) : RANKING_SAVED;
  if (isPending) {
    status =
      failureCount === 0
        ? 'Saving…'
        : `No answer from the server yet: trying again (${failureCount} of ${SAVE_RETRIES})…`;
  }
  return (
    <div className="sticky bottom-0 flex flex-col gap-3 border-t border-gray-200 bg-white/95 py-4 dark:border-gray-800 dark:bg-gray-950/95">
      {error && !isPending ? <FormAlert message={error.message} /> : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button size="lg" disabled={isPending} onClick={onSave}>
          Save ranking
        </Button>
        <p role="status" aria-live="polite" className={unsaved ? 'font-medium' : MUTED_TEXT}>
          {status}
        </p>
      </div>
    </div>
  );
}
