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
  /** The work of the entry that wins; absent: the entry's first work. */
  workId: z.string().min(1).max(64).optional(),
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

/** A work of an awarded entry, as the awards screen offers it to choose from. */
export const AwardWorkSchema = z.object({
  id: z.string(),
  /** Its number in the entry, from 1. */
  number: z.number().int(),
  title: z.string(),
  /** Its alias in the last round it was judged in; null when never judged. */
  alias: z.string().nullable(),
  /** The admin URL of its first picture's display copy; null when it has none. */
  thumbnailUrl: z.string().nullable(),
});
export type AwardWork = z.infer<typeof AwardWorkSchema>;

export const AwardSchema = z.object({
  id: z.string(),
  submissionId: z.string(),
  workId: z.string(),
  reference: z.string(),
  title: z.string(),
  prize: z.string(),
  position: z.number().int(),
  artworkTitle: z.string(),
  /** The entry's works, in order: the award may go to any of them. */
  works: z.array(AwardWorkSchema).optional(),
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

/** Awards proposed from the last closed round's ranking (means, or ballots); nothing is saved. */
export const ProposedAwardsSchema = z.object({
  roundId: z.string(),
  roundNumber: z.number().int(),
  awards: z.array(
    z.object({
      submissionId: z.string(),
      workId: z.string(),
      reference: z.string(),
      artworkTitle: z.string(),
      title: z.string(),
      prize: z.string(),
      /** Its normalised mean in a score round; null in a ranking round (placed by the ballots). */
      normalisedMean: z.number().nullable(),
      works: z.array(AwardWorkSchema).optional(),
    }),
  ),
});
export type ProposedAwards = z.infer<typeof ProposedAwardsSchema>;

/*
 * A ranking round: each juror orders the shortlist on one ballot (by the round's aliases, best
 * first; a partial ballot leaves the rest level below); the admin sees the Schulze count.
 */

/** More than any shortlist: a bound on one request's work. */
export const BALLOT_MAX = 500;

export const BallotInputSchema = z.object({
  ranking: z.array(z.string().min(1).max(32)).max(BALLOT_MAX),
});
export type BallotInput = z.infer<typeof BallotInputSchema>;

/** The juror's works in their own order, and their saved ranking ([] before the first save). */
export const BallotSchema = z.object({
  aliases: z.array(z.string()),
  ranking: z.array(z.string()),
  roundOpen: z.boolean(),
});
export type Ballot = z.infer<typeof BallotSchema>;

const TableSchema = z.record(z.string(), z.record(z.string(), z.number()));

export const RankedCandidateSchema = z.object({
  submissionId: z.string(),
  /** The work ranked: the count's candidates are works. */
  workId: z.string(),
  reference: z.string(),
  alias: z.string(),
  place: z.number().int(),
  /** Entries this one beats by the Schulze relation. */
  wins: z.number().int(),
  /** What set it apart inside its Schulze tier ('none' when alone in it). */
  tieBrokenBy: z.enum(['none', 'previous-mean', 'earlier-entry', 'unbroken']),
  /** The other members of its tier (work ids), in ranking order. */
  tiedWith: z.array(z.string()),
  /** The tie-break values: normalised mean in the previous round (null: none), entered at. */
  previousNormalisedMean: z.number().nullable(),
  enteredAt: z.string(),
});

/** The Schulze count of a ranking round; tables are keyed by work id. */
export const RoundRankingSchema = z.object({
  note: z.string(),
  tieBreakNote: z.string(),
  ballots: z.number().int(),
  candidates: z.array(
    z.object({
      submissionId: z.string(),
      workId: z.string(),
      reference: z.string(),
      alias: z.string(),
      title: z.string(),
    }),
  ),
  /** pairwise[a][b]: ballots preferring a to b. */
  pairwise: TableSchema,
  /** strongest[a][b]: strength of the strongest path from a to b. */
  strongest: TableSchema,
  ranking: z.array(RankedCandidateSchema),
});
export type RoundRanking = z.infer<typeof RoundRankingSchema>;
