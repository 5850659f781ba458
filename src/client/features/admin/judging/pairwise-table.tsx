import type { RoundRanking } from '../../../../shared/schemas/results.ts';
import { CELL } from './judging-styles.ts';
import { ScrollFrame } from './scroll-frame.tsx';

type Table = RoundRanking['pairwise'];
type Candidate = { workId: string; reference: string };

/**
 * A square table of the entries, best first down and across: each cell is `table[row][column]`
 * (ballots preferring the row's entry to the column's, or the strongest path's strength). A
 * number larger than its mirror across the diagonal is bold: the row's entry wins that pair.
 */
export function PairwiseTable({
  caption,
  entries,
  table,
}: {
  caption: string;
  entries: Candidate[];
  table: Table;
}) {
  const value = (row: string, column: string) => table[row]?.[column] ?? 0;
  return (
    <ScrollFrame label={caption}>
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-left font-semibold">{caption}</caption>
        <thead className="border-b border-gray-200 dark:border-gray-800">
          <tr>
            <td className={CELL} />
            {entries.map((entry) => (
              <th key={entry.workId} scope="col" className={`${CELL} whitespace-nowrap`}>
                {entry.reference}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {entries.map((row) => (
            <tr key={row.workId}>
              <th scope="row" className={`${CELL} whitespace-nowrap font-semibold`}>
                {row.reference}
              </th>
              {entries.map((column) =>
                row.workId === column.workId ? (
                  <td key={column.workId} className={`${CELL} text-center`}>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">itself</span>
                  </td>
                ) : (
                  <PairCell
                    key={column.workId}
                    count={value(row.workId, column.workId)}
                    against={value(column.workId, row.workId)}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}

/** One pair's count; the larger of the two is bold, and said so to a screen reader too. */
function PairCell({ count, against }: { count: number; against: number }) {
  const wins = count > against;
  return (
    <td className={`${CELL} text-center tabular-nums ${wins ? 'font-bold' : ''}`}>
      {count}
      {wins ? <span className="sr-only"> (wins)</span> : null}
    </td>
  );
}
