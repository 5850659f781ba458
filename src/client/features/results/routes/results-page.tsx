import { Link, useParams } from 'react-router';
import { RESULTS_NOT_PUBLISHED } from '../../../../shared/messages.ts';
import { NAME_WITHHELD } from '../../../../shared/schemas/publication-consent.ts';
import type { PublicAward, PublicResults } from '../../../../shared/schemas/publication.ts';
import { ButtonLink } from '../../../components/button.tsx';
import { PageLoading, PageProblem } from '../../../components/page-problem.tsx';
import { PublishedOn } from '../../../components/published-on.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompetitionResults } from '../api/results.ts';
import { usePageTitle } from '../../../lib/settings.tsx';

export const RESULTS_FETCH_FAILED = 'Failed to fetch the results';
export const NO_AWARDS_SHOWN = 'None of the awarded works may be shown here.';

/** The heading of a competition's results, as the server's page title says it too. */
export const resultsHeading = (title: string) => `Results: ${title}`;

/** A competition's published awards, each work named as its artist allowed. */
export default function ResultsPage() {
  const { id = '' } = useParams();
  const { data, error, retry } = useCompetitionResults(id);
  // The server inlines 'not published' as an envelope, which the cache reads as a 400.
  const notPublished = error?.code === 'RESULTS_NOT_PUBLISHED' || error?.status === 404;
  usePageTitle(
    data
      ? resultsHeading(data.competition.title)
      : notPublished
        ? RESULTS_NOT_PUBLISHED
        : undefined,
  );

  if (error) {
    return (
      <PageProblem
        heading={notPublished ? RESULTS_NOT_PUBLISHED : RESULTS_FETCH_FAILED}
        message={notPublished ? undefined : error.message}
        onRetry={notPublished ? undefined : retry}
      >
        <ButtonLink to={paths.competition(id)}>See the competition</ButtonLink>
        <ButtonLink to={paths.home} variant="outline">
          Return to Home
        </ButtonLink>
      </PageProblem>
    );
  }
  if (!data) return <PageLoading>Loading results…</PageLoading>;
  return <Results results={data} />;
}

function Results({ results }: { results: PublicResults }) {
  const { competition, publishedAt, awards, record } = results;
  return (
    <article className="mx-auto max-w-6xl px-4 pt-24 pb-16">
      <p>
        <Link
          to={paths.competition(competition.id)}
          className="font-medium text-[var(--color-primary-text)] underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {competition.title}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-balance sm:text-5xl">
        {resultsHeading(competition.title)}
      </h1>
      <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">
        <PublishedOn at={publishedAt} />
      </p>
      {record ? <RecordLine sha256={record.sha256} url={record.url} /> : null}
      {awards.length === 0 ? (
        <p className="mt-10 text-lg">{NO_AWARDS_SHOWN}</p>
      ) : (
        <ol aria-label="Awards" className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {awards.map((award, index) => (
            <li key={award.id}>
              <AwardCard award={award} first={index === 0} />
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

export const RECORD_LINK = 'See how the jury ranked the works';

/** The published judging record: its page, and the SHA-256 of its file to check a copy against. */
function RecordLine({ sha256, url }: { sha256: string; url: string }) {
  return (
    <p className="mt-4 max-w-3xl">
      <Link
        to={url}
        className="font-medium text-[var(--color-primary-text)] underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {RECORD_LINK}
      </Link>{' '}
      (the judging record). Its SHA-256: <code className="font-mono break-all">{sha256}</code>
    </p>
  );
}

/** One award: the work's display copy (whole, never cropped), the award and prize, the work, the artist. */
export function AwardCard({ award, first }: { award: PublicAward; first: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900">
      {award.imageUrl ? (
        <div className="aspect-[4/3] bg-gray-100 dark:bg-gray-800">
          <img
            src={award.imageUrl}
            alt={`${award.artworkTitle}, ${award.award}`}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-contain"
          />
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-2xl font-bold">{award.award}</h2>
        {award.prize ? (
          <p className="text-gray-700 dark:text-gray-300">
            <span className="font-medium">Prize:</span> {award.prize}
          </p>
        ) : null}
        <p className="mt-2 text-lg font-semibold italic">{award.artworkTitle}</p>
        <p className={award.artist ? 'text-lg' : 'text-gray-700 dark:text-gray-300'}>
          {award.artist ?? NAME_WITHHELD}
        </p>
      </div>
    </article>
  );
}
