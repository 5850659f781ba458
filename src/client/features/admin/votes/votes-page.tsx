import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { withSeedMessage } from '../common/failure-messages.ts';
import { SelectField } from '../common/forms/form-fields.tsx';
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
        {(list) => <CompetitionPicker competitions={list} chosen={competitionId} />}
      </ResourceView>
      {competitionId ? (
        <CompetitionVotes key={competitionId} competitionId={competitionId} />
      ) : (
        <p className={MUTED_TEXT}>Choose a competition to see its people’s-choice vote.</p>
      )}
    </AdminPage>
  );
}

/* A select and a button: moving through the options must not leave the page (WCAG 3.2.2). */
function CompetitionPicker({
  competitions,
  chosen,
}: {
  competitions: AdminCompetition[];
  chosen: string | undefined;
}) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('competition');
    if (typeof value === 'string' && value !== '') void navigate(paths.adminVotesOf(value));
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Choose a competition"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <SelectField
        key={chosen}
        name="competition"
        label="Competition"
        className="sm:w-96"
        defaultValue={chosen ?? ''}
        placeholder="Choose a competition"
        options={competitions.map((c) => ({ value: c.id, label: c.title }))}
      />
      <Button type="submit" variant="secondary">
        Show votes
      </Button>
    </form>
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
