import { z } from 'zod';
import { COMPETITION_STATUSES } from '../domain/competition-status.ts';
import { ResponsiveImageSchema } from './image.ts';

export const ENTRY_TYPES = ['free', 'paid'] as const;

const NamedRefSchema = z.object({ id: z.string(), name: z.string() });

/** A competition as anyone may see it, with its status computed for today in the site time zone. */
export const PublicCompetitionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: ResponsiveImageSchema.nullable(),
  prizeImage: ResponsiveImageSchema.nullable(),
  category: NamedRefSchema,
  subcategory: NamedRefSchema.nullable(),
  /** Calendar dates, 'YYYY-MM-DD', in the site time zone. */
  startDate: z.string(),
  endDate: z.string(),
  /** The instants those dates begin and end in the site time zone (ISO 8601, UTC). */
  opensAt: z.string(),
  closesAt: z.string(),
  entryType: z.enum(ENTRY_TYPES),
  /** Whole rupees; 0 when free. */
  entryFee: z.number().int().min(0),
  status: z.enum(COMPETITION_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicCompetition = z.infer<typeof PublicCompetitionSchema>;

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

export const CompetitionIdParamsSchema = z.object({ id: z.string() });
