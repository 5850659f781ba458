import type { RoundRanking } from '../../../../shared/schemas/results.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { FOCUS_RING, MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';
import { rankingQuery } from './api/ranking.ts';
import { CELL } from './judging-styles.ts';
import { PairwiseTable } from './pairwise-table.tsx';
import { countOf } from './round-labels.ts';
import { ScrollFrame } from './scroll-frame.tsx';

type Ranked = RoundRanking['ranking'][number];

const mean = (value: number | null) => (value === null ? 'none' : value.toFixed(2));

/** Why an entry stands where it does inside its Schulze tier, in the admin's words. */
export function tieExplanation(entry: Ranked, all: Ranked[]): string {
  const others = all.filter((other) => entry.tiedWith.includes(other.workId));
  const level = `Level with ${others.map((other) => other.reference).join(', ')} by the ballots.`;
  switch (entry.tieBrokenBy) {
    case 'none':
      return 'No tie.';
    case 'previous-mean':
      return `${level} Tie broken by the higher normalised mean in the previous round (${mean(
        entry.previousNormalisedMean,
      )} vs ${others.map((other) => mean(other.previousNormalisedMean)).join(', ')}).`;
    case 'earlier-entry':
      return `${level} Tie broken by the earlier entry.`;
    case 'unbroken':
      return `${level} Tie not broken: the same on every rule, so its order among them is arbitrary.`;
  }
}

/**
 * A ranking round's result: the jurors' ballots combined by the Schulze method, with the numbers
 * behind it (the pairwise table, and the strongest paths on request) and why each tie broke.
 */
export function RankingSection({
  competitionId,
  roundId,
  jurors,
}: {
  competitionId: string;
  roundId: string;
  /** The jurors on the round, each with one ballot to save. */
  jurors: number;
}) {
  const ranking = useAdminQuery(rankingQuery(competitionId, roundId));
  return (
    <ResourceView resource={ranking}>
      {(result) => <RankingView result={result} jurors={jurors} />}
    </ResourceView>
  );
}

function RankingView({ result, jurors }: { result: RoundRanking; jurors: number }) {
  const title = new Map(result.candidates.map((c) => [c.workId, c.title]));
  return (
    <div className="flex flex-col gap-6">
      <p className="font-semibold">
        Ballots saved: {result.ballots} of {countOf(jurors, 'juror')}
      </p>
      <div className={`flex flex-col gap-1 text-sm ${MUTED_TEXT}`}>
        <p>{result.note}</p>
        <p>{result.tieBreakNote}</p>
      </div>
      {result.ranking.length === 0 ? (
        <p className={MUTED_TEXT}>No entries in this round.</p>
      ) : (
        <>
          <ScrollFrame label="Ranking">
            <table className="w-full text-sm">
              <TableHead
                caption="Ranking by the Schulze method, best first"
                headings={['Place', 'Reference', 'Title', 'Wins', 'Tie-break']}
              />
              <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
                {result.ranking.map((entry) => (
                  <tr key={entry.workId}>
                    <td className={`${CELL} tabular-nums`}>{entry.place}</td>
                    <th scope="row" className={`${CELL} whitespace-nowrap font-semibold`}>
                      {entry.reference}
                    </th>
                    <td className={`${CELL} min-w-32`}>{title.get(entry.workId)}</td>
                    <td className={`${CELL} tabular-nums`}>{entry.wins}</td>
                    <td className={`${CELL} min-w-64`}>{tieExplanation(entry, result.ranking)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
          <PairwiseTable
            caption="Ballots preferring the row’s entry to the column’s"
            entries={result.ranking}
            table={result.pairwise}
          />
          <details className="flex flex-col gap-3">
            <summary className={`min-h-11 cursor-pointer py-2 font-semibold ${FOCUS_RING}`}>
              Strongest paths behind the ranking
            </summary>
            <p className={`mb-3 text-sm ${MUTED_TEXT}`}>
              Each cell is the strength of the strongest chain of preferences from the row’s entry
              to the column’s; the row’s entry is above the column’s when its number is the larger.
            </p>
            <PairwiseTable
              caption="Strongest path from the row’s entry to the column’s"
              entries={result.ranking}
              table={result.strongest}
            />
          </details>
        </>
      )}
    </div>
  );
}
