import { ButtonLink } from '../../../components/button.tsx';
import { PageLoading, PageProblem } from '../../../components/page-problem.tsx';
import { paths } from '../../../config/paths.ts';
import { useAllResults } from '../api/results.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { ResultCards } from '../components/result-cards.tsx';

export const ALL_RESULTS_HEADING = 'Results';
export const NO_RESULTS_YET = 'No results have been published yet.';
export const ALL_RESULTS_FETCH_FAILED = 'Failed to fetch the results';

/** Every published result, newest first: the header's Results link. */
export default function AllResultsPage() {
  const { data, error, retry } = useAllResults();
  usePageTitle(ALL_RESULTS_HEADING);
  if (error) {
    return (
      <PageProblem heading={ALL_RESULTS_FETCH_FAILED} message={error.message} onRetry={retry}>
        <ButtonLink to={paths.home}>Return to Home</ButtonLink>
      </PageProblem>
    );
  }
  if (!data) return <PageLoading>Loading results…</PageLoading>;
  return (
    <section className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{ALL_RESULTS_HEADING}</h1>
      {data.length === 0 ? (
        <div className="mt-6 flex flex-col items-start gap-4 text-lg">
          <p>{NO_RESULTS_YET}</p>
          <ButtonLink to={paths.competitionsList} variant="outline">
            See the competitions
          </ButtonLink>
        </div>
      ) : (
        <ResultCards results={data} level={2} />
      )}
    </section>
  );
}
