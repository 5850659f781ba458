import { z } from 'zod';
import { lowerCaseEmailSchema } from './email-address.ts';
import { FEEDBACK_MAX, FEEDBACK_TOO_LONG } from './feedback.ts';

/*
 * Judging: jurors, each competition's criteria, panel and rounds, and what a juror sees and
 * sends. Everything a juror receives names a work by its round's alias, never by the artist.
 */

const id = z.string().min(1).max(64);
/** A number field left blank reads as NaN in the form: say so plainly. */
const number = () => z.number({ error: 'Enter a number' });
const whole = () => number().int('Enter a whole number');
const text = (max: number) => z.string().trim().max(max);

/* Jurors (admin) */

export const JurorInviteSchema = z.object({
  name: text(100).min(1, 'Name is required'),
  email: lowerCaseEmailSchema('Please enter a valid email address'),
});
export type JurorInvite = z.infer<typeof JurorInviteSchema>;

export const JurorSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  twoFactor: z.boolean(),
  /** 'pending' until the juror sets a password from the invitation; 'expired' once the link has. */
  invitation: z.enum(['pending', 'expired', 'accepted']),
  createdAt: z.string(),
});
export type Juror = z.infer<typeof JurorSchema>;

/* The invitation link (public) */

export const InvitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const InvitationSchema = z.object({ name: z.string(), username: z.string() });
export type Invitation = z.infer<typeof InvitationSchema>;

export const AcceptInvitationSchema = z.object({
  token: InvitationTokenSchema,
  password: z.string().min(1, 'Password is required').max(256),
});

/* Judging set up per competition (admin) */

export const SCALE_LIMITS = { min: 0, max: 100 } as const;

export const CriterionInputSchema = z
  .object({
    /** Kept when editing, so scores already given stay attached; absent for a new criterion. */
    id: id.optional(),
    name: text(80).min(1, 'Name is required'),
    description: text(500).default(''),
    weight: number().positive('Weight must be more than 0').max(100, 'At most 100'),
    scaleMin: whole()
      .min(SCALE_LIMITS.min, `At least ${SCALE_LIMITS.min}`)
      .max(SCALE_LIMITS.max, `At most ${SCALE_LIMITS.max}`),
    scaleMax: whole()
      .min(SCALE_LIMITS.min, `At least ${SCALE_LIMITS.min}`)
      .max(SCALE_LIMITS.max, `At most ${SCALE_LIMITS.max}`),
    required: z.boolean().default(true),
  })
  .refine((c) => c.scaleMax > c.scaleMin, {
    message: 'The highest score must be above the lowest',
    path: ['scaleMax'],
  });
export type CriterionInput = z.input<typeof CriterionInputSchema>;

export const CriterionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  weight: z.number(),
  scaleMin: z.number().int(),
  scaleMax: z.number().int(),
  required: z.boolean(),
});
export type Criterion = z.infer<typeof CriterionSchema>;

export const JudgingInputSchema = z.object({
  criteria: z.array(CriterionInputSchema).max(20),
  panel: z.array(id).max(100),
  jurorsPerEntry: whole().min(1, 'At least 1').max(20, 'At most 20'),
  /** Show the jurors' names on the competition's page. */
  publishJury: z.boolean(),
});
export type JudgingInput = z.input<typeof JudgingInputSchema>;

export const JudgingSchema = z.object({
  criteria: z.array(CriterionSchema),
  panel: z.array(z.object({ id: z.string(), name: z.string(), username: z.string() })),
  jurorsPerEntry: z.number().int(),
  publishJury: z.boolean(),
  conflicts: z.array(
    z.object({ id: z.string(), jurorId: z.string(), jurorName: z.string(), email: z.string() }),
  ),
});
export type Judging = z.infer<typeof JudgingSchema>;

export const ConflictInputSchema = z.object({
  jurorId: id,
  email: lowerCaseEmailSchema('Enter the artist’s e-mail'),
});

/** The set-up after a conflict is added, with the works it took from the juror in open rounds. */
export const ConflictAddedSchema = JudgingSchema.extend({
  taken: z.array(
    z.object({
      round: z.number().int(),
      alias: z.string(),
      /** Passed to another juror; false: the entry is now short of a juror. */
      reassigned: z.boolean(),
    }),
  ),
});
export type ConflictAdded = z.infer<typeof ConflictAddedSchema>;

/** What the competition's public page shows of its judging. */
export const PublicJudgingSchema = z.object({
  criteria: z.array(CriterionSchema.pick({ name: true, description: true, weight: true })),
  jurors: z.array(z.string()),
});
export type PublicJudging = z.infer<typeof PublicJudgingSchema>;

/* Rounds (admin) */

export const ROUND_STATUSES = ['draft', 'open', 'closed'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const ShortlistSchema = z.union([
  z.object({
    top: z.number().int().min(1).max(100_000),
    by: z.enum(['normalised', 'weighted']),
  }),
  z.object({ entries: z.array(id).min(1).max(100_000) }),
]);

/** A new round: the first takes the approved entries; a later one a shortlist of the last. */
/** Scored against the criteria, or ranked: each juror orders the shortlist on one ballot. */
export const ROUND_KINDS = ['score', 'ranking'] as const;

export const NewRoundSchema = z.object({
  shortlist: ShortlistSchema.optional(),
  kind: z.enum(ROUND_KINDS).optional(),
});

export const RoundSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(ROUND_STATUSES),
  kind: z.enum(ROUND_KINDS),
  jurorsPerEntry: z.number().int(),
  entries: z.number().int(),
  /** Entries with fewer jurors than asked, because too few without a conflict remain. */
  short: z.number().int(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** When the round is meant to end (jurors see it and are reminded a day before); null: not set. */
  endsAt: z.string().nullable(),
});
export type RoundSummary = z.infer<typeof RoundSummarySchema>;

export const JurorProgressSchema = z.object({
  jurorId: z.string(),
  name: z.string(),
  done: z.number().int(),
  assigned: z.number().int(),
  lastActiveAt: z.string().nullable(),
  conflicts: z.number().int(),
});

export const StandingSchema = z.object({
  submissionId: z.string(),
  /** The work judged (a shortlist names works). */
  workId: z.string(),
  reference: z.string(),
  alias: z.string(),
  title: z.string(),
  weightedMean: z.number().nullable(),
  normalisedMean: z.number().nullable(),
  count: z.number().int(),
  spread: z.number().nullable(),
  outlier: z.boolean(),
  jurorsMissing: z.number().int(),
});
export type Standing = z.infer<typeof StandingSchema>;

export const RoundDetailSchema = z.object({
  round: RoundSummarySchema,
  progress: z.array(JurorProgressSchema),
  standings: z.array(StandingSchema),
  declaredConflicts: z.array(
    z.object({
      alias: z.string(),
      reference: z.string(),
      jurorName: z.string(),
      reason: z.string(),
      at: z.string(),
    }),
  ),
  normalisationNote: z.string(),
  outlierNote: z.string(),
});
export type RoundDetail = z.infer<typeof RoundDetailSchema>;

/* The juror's API */

export const JurorRoundSchema = z.object({
  id: z.string(),
  competition: z.string(),
  number: z.number().int(),
  status: z.enum(ROUND_STATUSES),
  /** A ranking round is one ballot to order, not works to score. */
  kind: z.enum(ROUND_KINDS),
  /** Works scored; in a ranking round, works placed on the juror's saved ballot. */
  done: z.number().int(),
  assigned: z.number().int(),
  /** The first work this juror has not scored yet, in their own order. */
  nextAlias: z.string().nullable(),
  /** The first work in the juror's order, to look back over (or read a closed round). */
  firstAlias: z.string().nullable(),
  /** When the admin means the round to end; null: no end set. */
  endsAt: z.string().nullable(),
});
export type JurorRound = z.infer<typeof JurorRoundSchema>;

export const WorkSchema = z.object({
  alias: z.string(),
  /** 12 of 40: where the work is in this juror's order. */
  position: z.number().int(),
  total: z.number().int(),
  done: z.number().int(),
  previousAlias: z.string().nullable(),
  nextAlias: z.string().nullable(),
  /** The category's non-personal answers (title, medium, size, statement ...). */
  answers: z.array(z.object({ label: z.string(), value: z.string() })),
  images: z.array(z.object({ url: z.string(), label: z.string() })),
  /** The documents (PDFs) of fields shown to jurors; none unless the admin chose to show them. */
  documents: z.array(z.object({ url: z.string(), label: z.string() })).optional(),
  /** A ranking round's work is looked at, then placed on the ballot: no criteria, no scores. */
  kind: z.enum(ROUND_KINDS),
  criteria: z.array(CriterionSchema),
  /** This juror's own scores, by criterion id; never another juror's. */
  scores: z.record(z.string(), z.number().int()),
  /** Private: read by the jury and the admins only. */
  comment: z.string(),
  /** For the artist: they read it only if the admin releases feedback at Publish. */
  feedback: z.string(),
  roundOpen: z.boolean(),
});
export type Work = z.infer<typeof WorkSchema>;

export const ScoreSheetSchema = z.object({
  scores: z.record(id, z.number().int()),
  comment: text(2000).default(''),
  feedback: z.string().trim().max(FEEDBACK_MAX, FEEDBACK_TOO_LONG).default(''),
});
export type ScoreSheet = z.input<typeof ScoreSheetSchema>;

export const ConflictDeclarationSchema = z.object({
  reason: text(500).min(1, 'Say briefly why, for the admin'),
});

export const ROUND_END_MESSAGES = {
  endsAt: 'Enter a date and time, such as 2026-12-20T18:00',
  inPast: 'The end must be later than now',
  closed: 'The round is closed: its end can no longer change.',
} as const;

/** A round's end, an instant with its offset; null takes it away. */
export const RoundEndSchema = z.object({
  endsAt: z.iso.datetime({ offset: true, message: ROUND_END_MESSAGES.endsAt }).nullable(),
});
export type RoundEnd = z.infer<typeof RoundEndSchema>;
