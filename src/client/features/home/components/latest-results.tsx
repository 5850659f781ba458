import { useId } from 'react';
import { Link } from 'react-router';
import type { LatestResults as LatestResultsList } from '../../../../shared/schemas/publication.ts';
import { paths } from '../../../config/paths.ts';
import { PublishedOn } from '../../../components/published-on.tsx';

export const LATEST_RESULTS_HEADING = 'Latest results';

/**
 * Issue 23: the latest published results, each a link to its page; nothing at all until some
 * competition's results are out.
 */
export function LatestResults({ results }: { results: LatestResultsList | undefined }) {
  const headingId = useId();
  if (!results || results.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-12">
      <h2 id={headingId} className="text-3xl font-bold sm:text-4xl">
        {LATEST_RESULTS_HEADING}
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {results.map((result) => (
          <li
            key={result.competitionId}
            className="relative rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-lg dark:border-gray-800 dark:bg-gray-900"
          >
            <h3 className="text-xl font-semibold">
              {/* The link stretches over the card, as the competition cards' do. */}
              <Link
                to={paths.competitionResults(result.competitionId)}
                className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary"
              >
                Results: {result.title}
              </Link>
            </h3>
            <p className="mt-2 text-gray-700 dark:text-gray-300">
              <PublishedOn at={result.publishedAt} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
