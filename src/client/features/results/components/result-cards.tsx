import { Link } from 'react-router';
import type { LatestResults } from '../../../../shared/schemas/publication.ts';
import { PublishedOn } from '../../../components/published-on.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * Published results as cards, each a link to its page with the day it was published. Each card's
 * title is a heading one level under the section's (`level`).
 */
export function ResultCards({ results, level }: { results: LatestResults; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <ul className="mt-8 grid gap-4 md:grid-cols-3">
      {results.map((result) => (
        <li
          key={result.competitionId}
          className="relative rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-lg dark:border-gray-800 dark:bg-gray-900"
        >
          <Heading className="text-xl font-semibold">
            {/* The link stretches over the card, as the competition cards' do. */}
            <Link
              to={paths.competitionResults(result.competitionId)}
              className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary"
            >
              Results: {result.title}
            </Link>
          </Heading>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            <PublishedOn at={result.publishedAt} />
          </p>
        </li>
      ))}
    </ul>
  );
}
