import { type RawBuilder, sql } from 'kysely';
import {
  PAYMENT_STATES,
  type PaymentState,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../../shared/domain/entry-state.ts';
import {
  entryFormFields,
  LIKE_ESCAPE,
  notWithdrawn,
  paymentStateIs,
  receivedForReview,
  submissionStatusIs,
  firstWorkValues,
} from '../submissions/submissions.service.ts';
import { inDuplicateGroup, type SubmissionsEb } from './duplicates.repository.ts';
import type { ReviewDb } from './review.tables.ts';

/** The queries of the submissions review: its pages, counts, downloads and export columns. */

export interface ReviewFilters {
  /** A LIKE pattern over `search_text` (see searchPattern). */
  pattern: string | undefined;
  status: 'all' | SubmissionStatus;
  payment: 'all' | 'free' | 'paid' | 'pending';
  /** Whether withdrawn entries are left out (unless the status asked for is withdrawn). */
  hideWithdrawn: boolean;
  competitionId: string | undefined;
  /** Only the likely duplicates. */
  duplicates?: boolean;
}

/** Where a page starts: after this row, in the page's order. */
export interface ReviewPosition {
  createdAt: string;
  id: string;
}

/** The filters as one condition, leaving out `omit` (the counts of a filter ignore its own). */
function matching(eb: SubmissionsEb, filters: ReviewFilters, omit?: 'status' | 'payment') {
  const conditions = [];
  if (filters.pattern !== undefined) {
    conditions.push(
      sql<boolean>`${eb.ref('submissions.search_text')} like ${filters.pattern} escape ${LIKE_ESCAPE}`,
    );
  }
  if (filters.competitionId !== undefined) {
    conditions.push(eb('submissions.competition_id', '=', filters.competitionId));
  }
  if (omit !== 'status') {
    if (filters.status !== 'all') conditions.push(submissionStatusIs(filters.status));
    if (filters.hideWithdrawn && filters.status !== 'withdrawn') conditions.push(notWithdrawn());
  }
  if (omit !== 'payment') {
    // Seed §5: paid is the fee settled (free entries count as paid), pending the fee still due.
    if (filters.payment === 'free') conditions.push(paymentStateIs('free'));
    if (filters.payment === 'paid') conditions.push(receivedForReview());
    if (filters.payment === 'pending') conditions.push(paymentStateIs('pending'));
  }
  if (filters.duplicates) conditions.push(inDuplicateGroup(eb));
  return eb.and(conditions);
}

/** The submissions with what a row of the review shows: its category's name and fields. */
function reviewRows(db: ReviewDb) {
  return db
    .selectFrom('submissions')
    .leftJoin('categories', 'categories.id', 'submissions.category_id')
    .leftJoin('subcategories', 'subcategories.id', 'submissions.subcategory_id')
    .select([
      'submissions.id',
      'submissions.reference',
      'submissions.full_name',
      'submissions.email',
      'submissions.phone',
      'submissions.age',
      'submissions.age_category',
      'submissions.gender',
      'submissions.address',
      'submissions.pincode',
      'submissions.created_at',
      'submissions.competition_id',
      'submissions.competition_title',
      'submissions.category_id',
      'submissions.subcategory_id',
      'submissions.status',
      'submissions.payment_status',
      'submissions.refunded_at',
      'submissions.withdrawn_at',
      'submissions.changed_after_review_at',
      'submissions.entry_type',
      'submissions.entry_fee',
      'submissions.discount',
      'submissions.photo_key',
      'submissions.field_values',
      firstWorkValues('submissions').as('work_values'),
      'categories.name as category_name',
      entryFormFields('submissions', 'categories'),
      'subcategories.name as subcategory_name',
    ]);
}

/** One page of matching submissions, newest (or oldest) first, after `after`. */
export async function findReviewPage(
  db: ReviewDb,
  filters: ReviewFilters,
  order: 'newest' | 'oldest',
  after: ReviewPosition | undefined,
  limit: number,
) {
  const direction = order === 'newest' ? 'desc' : 'asc';
  const beyond = order === 'newest' ? '<' : '>';
  let query = reviewRows(db).where((eb) => matching(eb, filters));
  if (after) {
    // A row value, which both engines read as a range of the (created_at, id) index; the same
    // condition spelt with OR is a filter over every row before the cursor.
    query = query.where((eb) =>
      eb(
        eb.refTuple('submissions.created_at', 'submissions.id'),
        beyond,
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  return query
    .orderBy('submissions.created_at', direction)
    .orderBy('submissions.id', direction)
    .limit(limit)
    .execute();
}

export type ReviewRow = Awaited<ReturnType<typeof findReviewPage>>[number];

/** One submission as a row of the review shows it. */
export async function findReviewRow(db: ReviewDb, id: string) {
  return reviewRows(db).where('submissions.id', '=', id).executeTakeFirst();
}

/** When the artist changed the entry after its review (null if never); undefined for none. */
export async function findChangedAfterReview(db: ReviewDb, id: string) {
  const row = await db
    .selectFrom('submissions')
    .select('changed_after_review_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.changed_after_review_at;
}

/**
 * How many match by status (the status filter left out, withdrawn entries counted even while
 * hidden), and by payment state (the payment filter left out). Both are the states the rows'
 * badges show, each entry counted once: a free entry is stored paid, but is counted free.
 */
export async function countReviewFacets(db: ReviewDb, filters: ReviewFilters) {
  const countsOf = <K extends string>(
    conditions: Record<K, RawBuilder<boolean>>,
    omit: 'status' | 'payment',
  ) =>
    db
      .selectFrom('submissions')
      .select((eb) =>
        Object.entries<RawBuilder<boolean>>(conditions).map(([name, condition]) =>
          eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end()).as(name),
        ),
      )
      .where((eb) => matching(eb, filters, omit))
      .executeTakeFirstOrThrow() as Promise<Record<K, number | string | null>>;
  const [byStatus, byPayment] = await Promise.all([
    countsOf(
      Object.fromEntries(
        SUBMISSION_STATUSES.map((status) => [status, submissionStatusIs(status)]),
      ) as Record<SubmissionStatus, RawBuilder<boolean>>,
      'status',
    ),
    countsOf(
      Object.fromEntries(PAYMENT_STATES.map((state) => [state, paymentStateIs(state)])) as Record<
        PaymentState,
        RawBuilder<boolean>
      >,
      'payment',
    ),
  ]);
  const number = (value: number | string | null) => Number(value ?? 0);
  return {
    status: {
      pending: number(byStatus.pending),
      approved: number(byStatus.approved),
      rejected: number(byStatus.rejected),
      withdrawn: number(byStatus.withdrawn),
    },
    payment: {
      free: number(byPayment.free),
      paid: number(byPayment.received),
      pending: number(byPayment.pending),
      refunded: number(byPayment.refunded),
    },
  };
}

/**
 * A submission's files and its category's fields: what a named download and a delete need (the
 * audit of a delete names the reference and the artist).
 */
export async function findSubmissionFiles(db: ReviewDb, id: string) {
  return db
    .selectFrom('submissions')
    .leftJoin('categories', 'categories.id', 'submissions.category_id')
    .select([
      'submissions.id',
      'submissions.reference',
      'submissions.full_name',
      'submissions.photo_key',
      'submissions.field_values',
      firstWorkValues('submissions').as('work_values'),
      entryFormFields('submissions', 'categories'),
    ])
    .where('submissions.id', '=', id)
    .executeTakeFirst();
}

/** The categories of the matching submissions, with their form fields: the export's columns. */
export async function findCategoriesInView(db: ReviewDb, filters: ReviewFilters) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'form_fields'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('submissions')
        .select('submissions.category_id')
        .where((inner) => matching(inner, filters))
        .where('submissions.category_id', 'is not', null)
        .distinct()
        .$narrowType<{ category_id: string }>(),
    )
    .orderBy('name')
    .execute();
}
