import { useId } from 'react';
import type { LatestResults as LatestResultsList } from '../../../../shared/schemas/publication.ts';
import { ResultCards } from '../../results/components/result-cards.tsx';

export const LATEST_RESULTS_HEADING = 'Latest results';

/**
 * The latest published results, each a link to its page; nothing at all until some
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
      <ResultCards results={results} level={3} />
    </section>
  );
}
