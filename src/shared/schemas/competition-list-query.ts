import { z } from 'zod';

/** A repeated query parameter (`?q=a&q=b`) counts as its first value. */
const queryText = z.preprocess(
  (value) => (Array.isArray(value) ? value[0] : value),
  z.string().optional(),
);

/**
 * `GET /api/competitions` filters. Any text is accepted (a shared link must never break the page):
 * over-long search text is cut rather than refused, and an unknown category matches nothing.
 */
export const COMPETITION_SEARCH_MAX = 200;
export const CompetitionListQuerySchema = z.object({
  q: queryText.transform((q) => q?.slice(0, COMPETITION_SEARCH_MAX)),
  category: queryText,
  subcategory: queryText,
});
export type CompetitionListQuery = z.infer<typeof CompetitionListQuerySchema>;
