import type { PublicJudging } from '../../../../shared/schemas/jury.ts';
import { usePublicJudging } from '../api/competition.ts';

/** A criterion's weight as its share of the whole score: '40%'. */
export function shareOf(weight: number, total: number): string {
  return `${total > 0 ? Math.round((weight / total) * 100) : 0}%`;
}

/**
 * How the competition is judged: its criteria with their weights, and the jurors' names once the
 * admin publishes them. Nothing at all while there is nothing to say (or it could not be read:
 * the page is whole without it).
 */
export function JudgingSection({ competitionId }: { competitionId: string }) {
  const { data } = usePublicJudging(competitionId);
  return data ? <JudgingDetails judging={data} /> : null;
}

/** The section itself; nothing when there are neither criteria nor published jurors. */
export function JudgingDetails({ judging: data }: { judging: PublicJudging }) {
  if (data.criteria.length === 0 && data.jurors.length === 0) return null;
  const total = data.criteria.reduce((sum, criterion) => sum + criterion.weight, 0);
  return (
    <section aria-labelledby="judging-heading" className="mt-12 max-w-3xl">
      <h2 id="judging-heading" className="text-2xl font-bold">
        How it is judged
      </h2>
      {data.criteria.length > 0 ? (
        <>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            Jurors score every work on each criterion; each counts for its share of the result.
          </p>
          <ul className="mt-4 flex flex-col gap-4">
            {data.criteria.map((criterion, index) => (
              <li
                key={index}
                className="rounded-2xl border border-gray-200 p-4 dark:border-gray-800"
              >
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="text-lg font-semibold">{criterion.name}</span>
                  <span className="font-medium text-gray-700 dark:text-gray-300">
                    {shareOf(criterion.weight, total)} of the score
                  </span>
                </p>
                {criterion.description ? (
                  <p className="mt-1 whitespace-pre-line text-gray-800 dark:text-gray-200">
                    {criterion.description}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.jurors.length > 0 ? (
        <>
          <h3 className="mt-8 text-xl font-bold">Jury</h3>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-lg">
            {data.jurors.map((name, index) => (
              <li key={index}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
