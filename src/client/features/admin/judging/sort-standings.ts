import type { Standing } from '../../../../shared/schemas/jury.ts';

/* The standings table's columns and their order. */

export type StandingColumn =
  | 'alias'
  | 'reference'
  | 'title'
  | 'weightedMean'
  | 'normalisedMean'
  | 'count'
  | 'spread'
  | 'outlier'
  | 'jurorsMissing';

export type SortDirection = 'ascending' | 'descending';
export interface StandingsSort {
  column: StandingColumn;
  direction: SortDirection;
}

export const STANDING_COLUMNS: { column: StandingColumn; label: string; text?: true }[] = [
  { column: 'alias', label: 'Alias', text: true },
  { column: 'reference', label: 'Reference', text: true },
  { column: 'title', label: 'Title', text: true },
  { column: 'weightedMean', label: 'Weighted mean' },
  { column: 'normalisedMean', label: 'Normalised mean' },
  { column: 'count', label: 'Scores' },
  { column: 'spread', label: 'Spread' },
  { column: 'outlier', label: 'Outlier' },
  { column: 'jurorsMissing', label: 'Short of jurors' },
];

/** Best first, as the round's results are read. */
export const DEFAULT_SORT: StandingsSort = { column: 'normalisedMean', direction: 'descending' };

/** A new column starts A to Z for words, and highest first for numbers and flags. */
export function nextSort(current: StandingsSort, column: StandingColumn): StandingsSort {
  if (current.column === column) {
    return {
      column,
      direction: current.direction === 'ascending' ? 'descending' : 'ascending',
    };
  }
  const text = STANDING_COLUMNS.find((c) => c.column === column)?.text === true;
  return { column, direction: text ? 'ascending' : 'descending' };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareValues(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return Number(a) - Number(b);
}

/**
 * The standings sorted by one column; entries not scored yet (no mean, no spread) always last,
 * whichever the direction. Ties keep the server's order.
 */
export function sortStandings(standings: Standing[], sort: StandingsSort): Standing[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return standings
    .map((standing, index) => ({ standing, index }))
    .sort((x, y) => {
      const a = x.standing[sort.column];
      const b = y.standing[sort.column];
      if (a === null || b === null) {
        if (a === b) return x.index - y.index;
        return a === null ? 1 : -1;
      }
      return sign * compareValues(a, b) || x.index - y.index;
    })
    .map(({ standing }) => standing);
}
