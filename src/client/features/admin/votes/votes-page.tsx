import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { withSeedMessage } from '../common/failure-messages.ts';
import { CompetitionPicker } from '../common/competition-picker.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { competitionsQuery } from '../competitions/api/competitions.ts';
import { adminVotesQuery } from './api/votes.ts';
import { VotesReport } from './votes-report.tsx';

export const VOTES_FAILURES = {
  fetchCompetitions: 'Failed to fetch competitions',
} as const;

/** A competition's people's-choice vote (/admin/votes/:competitionId). */
export default function VotesPage() {
  const { competitionId } = useParams();
  const competitions = useAdminQuery(competitionsQuery);
  const competition = competitions.data?.find((c) => c.id === competitionId);
  return (
    <AdminPage title={competition ? `Votes: ${competition.title}` : 'Votes'}>
      <ResourceView resource={withSeedMessage(competitions, VOTES_FAILURES.fetchCompetitions)}>
        {(list) => (
          <CompetitionPicker
            competitions={list}
            chosen={competitionId}
            pathOf={paths.adminVotesOf}
            actionLabel="Show votes"
          />
        )}
      </ResourceView>
      {competitionId ? (
        <CompetitionVotes key={competitionId} competitionId={competitionId} />
      ) : (
        <p className={MUTED_TEXT}>Choose a competition to see its people’s-choice vote.</p>
      )}
    </AdminPage>
  );
}

function CompetitionVotes({ competitionId }: { competitionId: string }) {
  // The server's own words when there is nothing to show: no opened exhibition.
  const votes = useAdminQuery(adminVotesQuery(competitionId));
  return (
    <ResourceView resource={votes}>
      {(data) => <VotesReport competitionId={competitionId} votes={data} />}
    </ResourceView>
  );
}
