import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { withSeedMessage } from '../common/failure-messages.ts';
import { CompetitionPicker } from '../common/competition-picker.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { competitionsQuery } from '../competitions/api/competitions.ts';
import { awardsQuery } from './api/awards.ts';
import { feedbackQuery } from './api/feedback.ts';
import { judgingQuery } from './api/judging.ts';
import { jurorsQuery } from './api/jurors.ts';
import { publicationQuery } from './api/publication.ts';
import { identityCheckQuery } from './api/redactions.ts';
import { roundsQuery } from './api/rounds.ts';
import { AwardsSection } from './awards-section.tsx';
import { ConflictsSection } from './conflicts-section.tsx';
import { FeedbackSection } from './feedback-section.tsx';
import { IdentityCheckSection } from './identity-check-section.tsx';
import { JudgingSetupForm } from './judging-setup-form.tsx';
import { PublishSection } from './publish-section.tsx';
import { RoundsSection } from './rounds-section.tsx';

export const JUDGING_FAILURES = {
  fetchCompetitions: 'Failed to fetch competitions',
  fetch: 'Failed to fetch the judging set-up',
  fetchJurors: 'Failed to fetch jurors',
  fetchRounds: 'Failed to fetch rounds',
  fetchAwards: 'Failed to fetch awards',
  fetchResults: 'Failed to fetch the results',
  fetchIdentityCheck: 'Failed to fetch the identity check',
  fetchFeedback: 'Failed to fetch the jury’s feedback',
} as const;

/** A competition's judging: its set-up, declared conflicts and rounds (/admin/judging/:id). */
export default function JudgingPage() {
  const { competitionId } = useParams();
  const competitions = useAdminQuery(competitionsQuery);
  const competition = competitions.data?.find((c) => c.id === competitionId);
  return (
    <AdminPage title={competition ? `Judging: ${competition.title}` : 'Judging'}>
      <ResourceView resource={withSeedMessage(competitions, JUDGING_FAILURES.fetchCompetitions)}>
        {(list) => (
          <CompetitionPicker
            competitions={list}
            chosen={competitionId}
            pathOf={paths.adminJudgingOf}
            actionLabel="Show judging"
          />
        )}
      </ResourceView>
      {competitionId ? (
        <CompetitionJudging key={competitionId} competitionId={competitionId} />
      ) : (
        <p className={MUTED_TEXT}>Choose a competition to set up its judging.</p>
      )}
    </AdminPage>
  );
}

function CompetitionJudging({ competitionId }: { competitionId: string }) {
  const judging = useAdminQuery(judgingQuery(competitionId));
  const jurors = useAdminQuery(jurorsQuery);
  const rounds = useAdminQuery(roundsQuery(competitionId));
  const awards = useAdminQuery(awardsQuery(competitionId));
  const publication = useAdminQuery(publicationQuery(competitionId));
  const identityCheck = useAdminQuery(identityCheckQuery(competitionId));
  const feedback = useAdminQuery(feedbackQuery(competitionId));
  const criteriaFixed = rounds.data?.some((round) => round.status !== 'draft') ?? false;
  const jurorsShown = withSeedMessage(jurors, JUDGING_FAILURES.fetchJurors);
  return (
    <>
      <Section title="Set-up">
        <ResourceView resource={withSeedMessage(judging, JUDGING_FAILURES.fetch)}>
          {(setup) => (
            <JudgingSetupForm
              competitionId={competitionId}
              judging={setup}
              jurors={jurorsShown}
              criteriaFixed={criteriaFixed}
            />
          )}
        </ResourceView>
      </Section>
      <Section title="Conflicts of interest">
        <ResourceView resource={withSeedMessage(judging, JUDGING_FAILURES.fetch)}>
          {(setup) => (
            <ConflictsSection competitionId={competitionId} judging={setup} jurors={jurorsShown} />
          )}
        </ResourceView>
      </Section>
      <Section title="Answers that name the artist">
        <ResourceView
          resource={withSeedMessage(identityCheck, JUDGING_FAILURES.fetchIdentityCheck)}
        >
          {(check) => <IdentityCheckSection competitionId={competitionId} check={check} />}
        </ResourceView>
      </Section>
      <Section title="Rounds">
        <ResourceView resource={withSeedMessage(rounds, JUDGING_FAILURES.fetchRounds)}>
          {(list) => <RoundsSection competitionId={competitionId} rounds={list} />}
        </ResourceView>
      </Section>
      <Section title="Awards">
        <ResourceView resource={withSeedMessage(awards, JUDGING_FAILURES.fetchAwards)}>
          {(list) => <AwardsSection competitionId={competitionId} awards={list} />}
        </ResourceView>
      </Section>
      <Section title="Feedback for the artists">
        <ResourceView resource={withSeedMessage(feedback, JUDGING_FAILURES.fetchFeedback)}>
          {(found) => <FeedbackSection competitionId={competitionId} items={found.items} />}
        </ResourceView>
      </Section>
      <Section title="Results">
        <ResourceView resource={withSeedMessage(publication, JUDGING_FAILURES.fetchResults)}>
          {(preview) => (
            <PublishSection
              competitionId={competitionId}
              preview={preview}
              counting={publication.loading}
            />
          )}
        </ResourceView>
      </Section>
    </>
  );
}
