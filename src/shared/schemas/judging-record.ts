import * as z from 'zod/mini';

/*
 * A competition's published judging record: every closed round's scores under letters (Juror A,
 * B…), the normalisation and its scores, the ranking rounds' ballots with the Schulze tables, the
 * final order and the awards, so anyone can recompute the ranking. Stored once as canonical JSON
 * (keys sorted, no spaces, UTF-8); its SHA-256 is printed on the results page and certificates.
 * zod/mini: the public record page loads it.
 */

export const JUDGING_RECORD_FORMAT = 'white-stroke-judging-record/1';

export const JUDGING_RECORD_NOT_PUBLISHED =
  'The judging record of this competition is not published.';
export const NO_CLOSED_ROUND = 'No jury round of this competition is closed: there is no record.';

/** A work as the record names it: its key in every table, and its public id and title if shown. */
const RecordWorkSchema = z.object({
  /** 'Work 1', 'Work 2'…: numbered per competition in an order that says nothing of the entry. */
  key: z.string(),
  /** The public work id and title; both null when the artist chose not to be shown. */
  workId: z.nullable(z.string()),
  title: z.nullable(z.string()),
});

const Table = z.record(z.string(), z.record(z.string(), z.number()));

const ScoreRoundSchema = z.object({
  number: z.number(),
  kind: z.literal('scores'),
  closedAt: z.nullable(z.string()),
  /** One sheet per juror and work: the criterion scores in `criteria` order, and their weighted score. */
  sheets: z.array(
    z.object({
      work: z.string(),
      juror: z.string(),
      scores: z.array(z.nullable(z.number())),
      weighted: z.number(),
    }),
  ),
  /** Each juror's mean and population standard deviation of weighted scores in this round. */
  jurors: z.array(z.object({ juror: z.string(), mean: z.number(), sd: z.number() })),
  /** Best first by normalised mean (then weighted mean, then key). */
  standings: z.array(
    z.object({
      work: z.string(),
      weightedMean: z.number(),
      normalisedMean: z.number(),
      byJuror: z.array(z.object({ juror: z.string(), weighted: z.number(), z: z.number() })),
    }),
  ),
});

const RankingRoundSchema = z.object({
  number: z.number(),
  kind: z.literal('ranking'),
  closedAt: z.nullable(z.string()),
  candidates: z.array(z.string()),
  /** Best first; `judged`: the works the juror could rank (a conflict keeps the others out). */
  ballots: z.array(
    z.object({ juror: z.string(), ranking: z.array(z.string()), judged: z.array(z.string()) }),
  ),
  /** The tie-break: previous round's normalised mean (null lowest), then entered first (1 = earliest). */
  tieBreaks: z.array(
    z.object({
      work: z.string(),
      previousNormalisedMean: z.nullable(z.number()),
      enteredOrder: z.number(),
    }),
  ),
  pairwise: Table,
  strongest: Table,
  order: z.array(z.object({ place: z.number(), work: z.string(), tieBrokenBy: z.string() })),
});

export const JudgingRecordSchema = z.object({
  format: z.literal(JUDGING_RECORD_FORMAT),
  competition: z.object({ id: z.string(), title: z.string() }),
  explanation: z.array(z.string()),
  criteria: z.array(
    z.object({ name: z.string(), weight: z.number(), scaleMin: z.number(), scaleMax: z.number() }),
  ),
  jurors: z.array(z.string()),
  works: z.array(RecordWorkSchema),
  rounds: z.array(z.union([ScoreRoundSchema, RankingRoundSchema])),
  /** The last closed round's order, best first. */
  finalOrder: z.array(z.object({ place: z.number(), work: z.string() })),
  awards: z.array(z.object({ title: z.string(), work: z.string() })),
});
export type JudgingRecord = z.infer<typeof JudgingRecordSchema>;
export type ScoreRoundRecord = z.infer<typeof ScoreRoundSchema>;
export type RankingRoundRecord = z.infer<typeof RankingRoundSchema>;

/** The record page's data: the record as published, its SHA-256 and where to download it. */
export const PublishedJudgingRecordSchema = z.object({
  sha256: z.string(),
  publishedAt: z.string(),
  downloadUrl: z.string(),
  record: JudgingRecordSchema,
});
export type PublishedJudgingRecord = z.infer<typeof PublishedJudgingRecordSchema>;

/** The admin's view and change of the record's publication. */
export const JudgingRecordStateSchema = z.object({
  published: z.boolean(),
  sha256: z.nullable(z.string()),
});
export type JudgingRecordState = z.infer<typeof JudgingRecordStateSchema>;

/** The record's short hash for display: its first 16 hex digits in groups of four. */
export const shortHash = (sha256: string) => sha256.slice(0, 16).replace(/(.{4})(?!$)/g, '$1 ');

/** The admin publishes (true) or withdraws (false) the record. */
export const JudgingRecordInputSchema = z.object({ published: z.boolean() });
export type JudgingRecordInput = z.infer<typeof JudgingRecordInputSchema>;
