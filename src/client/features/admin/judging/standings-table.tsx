import { useState } from 'react';
import type { Standing } from '../../../../shared/schemas/jury.ts';
import { FOCUS_RING } from '../common/shell/admin-page.tsx';
import { TABLE_FRAME } from './judging-styles.ts';
import { twoDecimals } from './round-labels.ts';
import {
  DEFAULT_SORT,
  nextSort,
  sortStandings,
  STANDING_COLUMNS,
  type StandingColumn,
  type StandingsSort,
} from './sort-standings.ts';

const ARROWS = { ascending: '▲', descending: '▼' } as const;
/** Nine columns: tighter than the other tables, so they fit beside the side navigation. */
const CELL = 'px-2 py-2 text-left align-top';

/** A standing's cell as shown; a flag says yes or no in words. */
function cellText(standing: Standing, column: StandingColumn): string {
  switch (column) {
    case 'weightedMean':
    case 'normalisedMean':
    case 'spread':
      return twoDecimals(standing[column]);
    case 'count':
      return String(standing.count);
    case 'outlier':
      return standing.outlier ? 'Yes' : 'No';
    case 'jurorsMissing':
      return standing.jurorsMissing > 0 ? `Yes, ${standing.jurorsMissing} missing` : 'No';
    default:
      return standing[column];
  }
}

/**
 * The round's results, one row per entry, sortable by any column: each heading is a button, and
 * the sorted column says its direction (aria-sort) to screen readers.
 */
export function StandingsTable({ standings }: { standings: Standing[] }) {
  const [sort, setSort] = useState<StandingsSort>(DEFAULT_SORT);
  const rows = sortStandings(standings, sort);
  return (
    <div className={TABLE_FRAME}>
      <table className="w-full text-sm">
        <caption className="sr-only">
          Standings, sorted by{' '}
          {STANDING_COLUMNS.find((c) => c.column === sort.column)?.label.toLowerCase()},{' '}
          {sort.direction}
        </caption>
        <thead className="border-b border-gray-200 dark:border-gray-800">
          <tr>
            {STANDING_COLUMNS.map(({ column, label }) => {
              const sorted = sort.column === column;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={sorted ? sort.direction : 'none'}
                  className="px-0.5 py-1 text-left align-bottom font-semibold"
                >
                  <button
                    type="button"
                    onClick={() => setSort(nextSort(sort, column))}
                    className={`inline-flex min-h-11 items-center gap-1 rounded px-1.5 text-left ${FOCUS_RING}`}
                  >
                    {label}
                    <span aria-hidden="true" className={sorted ? '' : 'invisible'}>
                      {ARROWS[sorted ? sort.direction : 'ascending']}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {rows.map((standing) => (
            <tr key={standing.workId}>
              {STANDING_COLUMNS.map(({ column }) =>
                column === 'alias' ? (
                  <th key={column} scope="row" className={`${CELL} font-semibold`}>
                    {standing.alias}
                  </th>
                ) : (
                  <td
                    key={column}
                    className={`${CELL} ${column === 'title' ? 'min-w-32' : 'whitespace-nowrap'}`}
                  >
                    {cellText(standing, column)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
