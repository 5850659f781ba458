import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/settings.tsx';
import { LoadFailed } from '../admin/common/resource-view.tsx';
import { workQuery } from './api/jury.ts';
import { GuardedLink } from './leave-guard.tsx';
import { useFocusOnArrival } from './use-focus-on-arrival.ts';
import { RankingWorkScreen } from './ranking-work-screen.tsx';
import { WorkScreen } from './work-screen.tsx';

/**
 * One work, by its round and alias: loaded, then shown with the juror's sheet to score it, or (a
 * ranking round) to look at before placing it on the ballot.
 */
export default function WorkPage() {
  const { roundId = '', alias = '' } = useParams();
  usePageTitle(`Work ${alias}`);
  const work = useQuery(workQuery(roundId, alias));
  if (work.data?.kind === 'ranking') {
    return <RankingWorkScreen key={`${roundId}/${alias}`} roundId={roundId} work={work.data} />;
  }
  if (work.data) {
    // A new sheet for each work: nothing typed for one is carried to the next.
    return (
      <WorkScreen
        key={`${roundId}/${alias}`}
        roundId={roundId}
        work={work.data}
        reload={() => void work.refetch()}
      />
    );
  }
  return (
    <WorkNotShown
      alias={alias}
      error={work.isFetching ? undefined : work.error?.message}
      retry={() => void work.refetch()}
    />
  );
}

/** While the work loads, or why it did not. */
function WorkNotShown({
  alias,
  error,
  retry,
}: {
  alias: string;
  error: string | undefined;
  retry: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, true);
  return (
    <div className="flex flex-col gap-4">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        Work {alias}
      </h1>
      {error ? <LoadFailed message={error} onRetry={retry} /> : <p role="status">Loading…</p>}
      <p>
        <GuardedLink to={paths.jury} className="font-medium underline underline-offset-4">
          Back to your rounds
        </GuardedLink>
      </p>
    </div>
  );
}
