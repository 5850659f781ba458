import { z } from 'zod';
import { PAYMENT_STATES, SUBMISSION_STATUSES } from '../domain/entry-state.ts';
import { FORM_FIELD_TYPES } from './form-field.ts';

/*
 * The submissions review (seed §2 "Submissions", §5 "Submission filters"), searched,
 * filtered and paged on the server.
 */

export const STATUS_FILTERS = ['all', ...SUBMISSION_STATUSES] as const;
/** Seed §5: free is a fee of 0; paid and pending are the payment status (free entries are paid). */
export const PAYMENT_FILTERS = ['all', 'free', 'paid', 'pending'] as const;
/**
 * Withdrawn entries (an unpaid entry its artist replaced by a new attempt) are hidden unless
 * asked for: they are not for review, and shown they read as a second entry of the artist. The
 * status filter 'withdrawn' shows them whatever this says.
 */
export const WITHDRAWN_FILTERS = ['hide', 'show'] as const;
export const REVIEW_SORTS = ['newest', 'oldest'] as const;
export const REVIEW_PAGE_SIZE = 25;
export const REVIEW_PAGE_SIZE_MAX = 100;
export const REVIEW_SEARCH_MAX = 200;

export const ReviewQuerySchema = z.object({
  q: z.string().max(REVIEW_SEARCH_MAX).optional(),
  status: z.enum(STATUS_FILTERS).default('all'),
  payment: z.enum(PAYMENT_FILTERS).default('all'),
  withdrawn: z.enum(WITHDRAWN_FILTERS).default('hide'),
  competition: z.uuid().optional(),
  /** `only`: the likely duplicates alone. */
  duplicates: z.enum(['only']).optional(),
  sort: z.enum(REVIEW_SORTS).default('newest'),
  /** Where the page starts: the `nextCursor` of the page before. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(REVIEW_PAGE_SIZE_MAX).default(REVIEW_PAGE_SIZE),
});
export type ReviewQuery = z.infer<typeof ReviewQuerySchema>;

export const ReviewFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  /** Text as given; for an image, the admin URL of its display copy. */
  value: z.string(),
});

export const PICTURE_STATES = ['ready', 'processing', 'failed'] as const;
export type PictureState = (typeof PICTURE_STATES)[number];

export const ReviewItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  age: z.number(),
  ageCategory: z.string(),
  gender: z.string(),
  address: z.string(),
  pincode: z.string(),
  createdAt: z.string(),
  /** The title as registered; the id is null once the competition is deleted. */
  competition: z.object({ id: z.string().nullable(), title: z.string() }),
  /** Names are null when the category or subcategory is gone: the table shows the id. */
  category: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  subcategory: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  status: z.enum(SUBMISSION_STATUSES),
  paymentState: z.enum(PAYMENT_STATES),
  entryFee: z.number(),
  /** The admin URL of the artist's photo. */
  photoUrl: z.string(),
  /**
   * Whether the stored copies of the entry's pictures are made (they are made just after the
   * registration): 'processing' until then, 'failed' when one could not be read.
   */
  pictures: z.enum(PICTURE_STATES),
  fields: z.array(ReviewFieldSchema),
  /**
   * The entry's works, each with its own answers, in order (the admin's entry page only); `fields`
   * holds the entry's own answers with its first work's.
   */
  works: z
    .array(z.object({ number: z.number().int(), fields: z.array(ReviewFieldSchema) }))
    .optional(),
  /**
   * Another entry of this competition has the same e-mail (trimmed, any case), and one of the two
   * is unpaid: likely a second try at paying, one of them to delete.
   */
  possibleDuplicate: z.boolean(),
  /** When the artist last changed the entry after it was approved or rejected; null if never. */
  changedAfterReview: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const ReviewPageSchema = z.object({
  items: z.array(ReviewItemSchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** The counts describe the filters, not a page: asked once per view, not with every page. */
export const ReviewCountsQuerySchema = ReviewQuerySchema.omit({
  cursor: true,
  limit: true,
  sort: true,
});

/**
 * By status (the status filter left out, and withdrawn entries counted even while hidden), and by
 * payment state (the payment filter left out): the states the badges show, each entry once;
 * `paid` is a fee received and not refunded, never a free entry.
 */
export const ReviewCountsSchema = z.object({
  status: z.object({
    pending: z.number(),
    approved: z.number(),
    rejected: z.number(),
    withdrawn: z.number(),
  }),
  payment: z.object({
    free: z.number(),
    paid: z.number(),
    pending: z.number(),
    refunded: z.number(),
  }),
});
export type ReviewCounts = z.infer<typeof ReviewCountsSchema>;

/**
 * The decisions an admin makes; no way back to pending (seed §4), except by undoing the decision
 * that left it while its e-mail still waits.
 */
export const DECISIONS = ['approved', 'rejected'] as const;
export const BULK_DECISION_MAX = 500;

export const DecisionSchema = z.strictObject({ status: z.enum(DECISIONS) });

export const BulkDecisionSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(BULK_DECISION_MAX),
  status: z.enum(DECISIONS),
});

/**
 * How long a decision's e-mail waits in the outbox before it goes, so that meanwhile the
 * decision can be undone, and a change of mind sends only the final decision.
 */
export const DECISION_EMAIL_DELAY_MS = 5 * 60_000;

export const DecisionResultSchema = z.object({
  /** The submissions whose status changed. */
  changed: z.array(z.string()),
  /** Those already in that status: nothing sent. */
  unchanged: z.array(z.string()),
  /**
   * Of the changed, those whose e-mail now waits DECISION_EMAIL_DELAY_MS before it goes, and can
   * be undone until then. A changed one not listed went back to the status it had before its
   * waiting decision: its e-mail was withdrawn and nothing is sent.
   */
  waiting: z.array(z.string()),
});
export type DecisionResult = z.infer<typeof DecisionResultSchema>;

/** Undoing decisions whose e-mail still waits: each entry goes back to its earlier status. */
export const BulkUndoSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(BULK_DECISION_MAX),
});

export const UndoResultSchema = z.object({
  /** The entries put back, their waiting e-mail withdrawn. */
  undone: z.array(z.string()),
  /** Those with no decision e-mail waiting (none made, or it has gone): left as they are. */
  notUndone: z.array(z.string()),
});
export type UndoResult = z.infer<typeof UndoResultSchema>;

export const NOTHING_TO_UNDO =
  'Nothing to undo: no decision e-mail is waiting (it may have gone already).';
