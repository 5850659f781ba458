import { useParams } from 'react-router';
import { COMPETITION_NOT_FOUND } from '../../../../shared/messages.ts';
import { ButtonLink } from '../../../components/button.tsx';
import { PageLoading, PageProblem } from '../../../components/page-problem.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { useCompetition } from '../api/competition.ts';
import { CompetitionDetail } from '../components/competition-detail.tsx';

export const COMPETITION_FETCH_FAILED = 'Failed to fetch competition';

/** Seed §2 "Competition detail". */
export default function CompetitionPage() {
  const { id = '' } = useParams();
  const { data, error, retry } = useCompetition(id);
  usePageTitle(data?.title ?? (error?.status === 404 ? COMPETITION_NOT_FOUND : undefined));

  if (error) {
    const notFound = error.status === 404;
    return (
      <PageProblem
        heading={notFound ? COMPETITION_NOT_FOUND : COMPETITION_FETCH_FAILED}
        message={
          notFound ? 'This competition does not exist or is no longer listed.' : error.message
        }
        onRetry={notFound ? undefined : retry}
      >
        <ButtonLink to={paths.home}>Return to Home</ButtonLink>
      </PageProblem>
    );
  }
  if (!data) return <PageLoading>Loading competition…</PageLoading>;
  return <CompetitionDetail competition={data} />;
}
