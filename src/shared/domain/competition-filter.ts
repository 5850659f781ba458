import type { CompetitionStatus } from './competition-status.ts';

/** What the filter needs of a competition; both the API and the home page filter with this. */
export interface FilterableCompetition {
  title: string;
  description: string;
  category: { id: string };
  subcategory: { id: string } | null;
}

export interface CompetitionFilter {
  q?: string | undefined;
  category?: string | undefined;
  subcategory?: string | undefined;
}

/** Case-insensitive in any script: 'ÉTUDE' finds 'étude', and composed or decomposed accents match. */
function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('und');
}

/** Seed §2 "Featured competitions": text search plus category and subcategory filters. */
export function filterCompetitions<T extends FilterableCompetition>(
  competitions: readonly T[],
  filter: CompetitionFilter,
): T[] {
  const needle = fold(filter.q?.trim() ?? '');
  return competitions.filter(
    (c) =>
      (!filter.category || c.category.id === filter.category) &&
      (!filter.subcategory || c.subcategory?.id === filter.subcategory) &&
      (!needle || fold(c.title).includes(needle) || fold(c.description).includes(needle)),
  );
}

/** The home page's address parameters of its filter (seed §2: shareable filtered views). */
export const HOME_FILTER_PARAMS = {
  q: 'q',
  category: 'category',
  subcategory: 'subcategory',
} as const;

/**
 * The filter a home page address asks for. A link may name a category or subcategory deleted
 * since it was shared: once the categories are known (a non-empty list), such a filter is
 * dropped, so the list and the selects always agree. The server draws the same page from it.
 */
export function homeFilter(
  params: URLSearchParams,
  categories: readonly { id: string; subcategories: readonly { id: string }[] }[],
): { q: string; category: string; subcategory: string } {
  const known = (id: string, ids: readonly { id: string }[]) =>
    categories.length === 0 || ids.some((c) => c.id === id) ? id : '';
  const category = known(params.get(HOME_FILTER_PARAMS.category) ?? '', categories);
  const subcategories = categories.find((c) => c.id === category)?.subcategories ?? [];
  const subcategory = category
    ? known(params.get(HOME_FILTER_PARAMS.subcategory) ?? '', subcategories)
    : '';
  return { q: params.get(HOME_FILTER_PARAMS.q) ?? '', category, subcategory };
}

const STATUS_ORDER: Record<CompetitionStatus, number> = { open: 0, upcoming: 1, closed: 2 };

/**
 * Open first (closing soonest first), then Upcoming (opening soonest first), then Closed (most
 * recently closed first): what an artist can still enter comes first.
 */
export function compareForListing(
  a: { status: CompetitionStatus; startDate: string; endDate: string; title: string },
  b: { status: CompetitionStatus; startDate: string; endDate: string; title: string },
): number {
  const byStatus = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (byStatus !== 0) return byStatus;
  const byDate =
    a.status === 'open'
      ? a.endDate.localeCompare(b.endDate)
      : a.status === 'upcoming'
        ? a.startDate.localeCompare(b.startDate)
        : b.endDate.localeCompare(a.endDate);
  return byDate !== 0 ? byDate : a.title.localeCompare(b.title);
}

export const COMPETITION_STATUS_LABELS: Record<CompetitionStatus, string> = {
  upcoming: 'Upcoming',
  open: 'Open',
  closed: 'Closed',
};
