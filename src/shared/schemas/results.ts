import { z } from 'zod';
import { isOneLine, oneLineMessage } from '../domain/one-line-text.ts';

/*
 * A competition's awards: the entries the admin names First, Second, Third, Honourable mention
 * (or a title of their own), each with an optional prize, in the order they are shown.
 */

export const AWARD_TITLE_MAX = 80;
export const AWARD_PRIZE_MAX = 300;
/** More than any competition hands out: a bound on one request's work. */
export const AWARDS_MAX = 50;

export const AwardInputSchema = z.object({
  submissionId: z.string().min(1).max(64),
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(AWARD_TITLE_MAX)
    .refine(isOneLine, oneLineMessage('Title')),
  prize: z.string().trim().max(AWARD_PRIZE_MAX).default(''),
});
export type AwardInput = z.infer<typeof AwardInputSchema>;

/** The whole list, in display order: saving replaces the competition's awards. */
export const AwardsInputSchema = z.object({
  awards: z.array(AwardInputSchema).max(AWARDS_MAX),
});
export type AwardsInput = z.infer<typeof AwardsInputSchema>;

export const AwardSchema = z.object({
  id: z.string(),
  submissionId: z.string(),
  reference: z.string(),
  title: z.string(),
  prize: z.string(),
  position: z.number().int(),
  artworkTitle: z.string(),
});
export type Award = z.infer<typeof AwardSchema>;

/** The titles proposed from the ranking, best first; the entries after them get none. */
export const PROPOSED_TITLES = [
  'First',
  'Second',
  'Third',
  'Honourable mention',
  'Honourable mention',
] as const;

/** Awards proposed from the last closed round's ranking by normalised mean; nothing is saved. */
export const ProposedAwardsSchema = z.object({
  roundId: z.string(),
  roundNumber: z.number().int(),
  awards: z.array(
    z.object({
      submissionId: z.string(),
      reference: z.string(),
      artworkTitle: z.string(),
      title: z.string(),
      prize: z.string(),
      normalisedMean: z.number(),
    }),
  ),
});
export type ProposedAwards = z.infer<typeof ProposedAwardsSchema>;
