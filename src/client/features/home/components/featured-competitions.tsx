import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { filterCompetitions, homeFilter } from '../../../../shared/domain/competition-filter.ts';
import type { PublicCategory } from '../../../../shared/schemas/category.ts';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { Button } from '../../../components/button.tsx';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params.ts';
import { CompetitionCard } from '../../competitions/components/competition-card.tsx';

export const FEATURED_SECTION_ID = 'featured';
export const NO_COMPETITIONS_MATCH = 'No competitions found matching your criteria.';
export const COMPETITIONS_LOAD_ERROR = 'Error loading competitions. Please try again later.';

const FIELD =
  'min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 text-base text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

/**
 * Seed §2 "Featured competitions": text search plus category and subcategory filters. The filters
 * live in the URL (?q=&category=&subcategory=), so a filtered view can be shared or bookmarked;
 * filtering runs in the browser over the list already loaded, so typing costs no data.
 */
export function FeaturedCompetitions({
  competitions,
  categories,
  failed,
  onRetry,
}: {
  competitions: PublicCompetition[] | undefined;
  categories: PublicCategory[];
  failed: boolean;
  onRetry: () => void;
}) {
  const ids = useId();
  const [params] = useSearchParams();
  const { q, category, subcategory } = homeFilter(params, categories);
  const subcategories = categories.find((c) => c.id === category)?.subcategories ?? [];

  const update = useUpdateSearchParams();

  // Cheap even for hundreds of cards; recomputed per render rather than memoised.
  const shown = competitions ? filterCompetitions(competitions, { q, category, subcategory }) : [];

  return (
    <section
      id={FEATURED_SECTION_ID}
      aria-labelledby={`${ids}-heading`}
      tabIndex={-1}
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 focus:outline-none"
    >
      <h2 id={`${ids}-heading`} className="text-3xl font-bold sm:text-4xl">
        Featured Competitions
      </h2>
      <div role="search" className="mt-8 grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <label htmlFor={`${ids}-q`} className="mb-1 block font-medium">
            Search competitions
          </label>
          <input
            id={`${ids}-q`}
            type="search"
            value={q}
            onChange={(event) => update({ q: event.target.value })}
            placeholder="Title or description"
            autoComplete="off"
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-category`} className="mb-1 block font-medium">
            Category
          </label>
          <select
            id={`${ids}-category`}
            value={category}
            // A new category clears the subcategory, which belonged to the old one.
            onChange={(event) => update({ category: event.target.value, subcategory: '' })}
            className={FIELD}
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {subcategories.length > 0 ? (
          <div>
            <label htmlFor={`${ids}-subcategory`} className="mb-1 block font-medium">
              Subcategory
            </label>
            <select
              id={`${ids}-subcategory`}
              value={subcategory}
              onChange={(event) => update({ subcategory: event.target.value })}
              className={FIELD}
            >
              <option value="">All subcategories</option>
              {subcategories.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>

      <div className="mt-10">
        {failed ? (
          <div role="alert" className="flex flex-col items-start gap-4">
            <p className="text-lg text-red-700 dark:text-red-300">{COMPETITIONS_LOAD_ERROR}</p>
            <Button variant="outline" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : competitions === undefined ? (
          <p role="status" className="text-gray-700 dark:text-gray-300">
            Loading competitions…
          </p>
        ) : (
          <>
            <p role="status" className="sr-only">
              {shown.length === 1 ? '1 competition' : `${shown.length} competitions`}
            </p>
            {shown.length === 0 ? (
              <p className="text-lg text-gray-700 dark:text-gray-300">{NO_COMPETITIONS_MATCH}</p>
            ) : (
              <ul className="grid gap-8 md:grid-cols-2 xl:grid-cols-3">
                {shown.map((competition) => (
                  <li key={competition.id} className="flex">
                    <CompetitionCard competition={competition} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
