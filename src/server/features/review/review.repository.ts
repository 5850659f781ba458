import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type Kysely,
  sql,
} from 'kysely';
import type { DB } from '../../db/schema.ts';
import { LIKE_ESCAPE } from './search-text.ts';

/** Every query of the submissions review (issue 14). */

export interface ReviewFilters {
  /** A LIKE pattern over `search_text` (see searchPattern). */
  pattern: string | undefined;
  status: 'all' | 'pending' | 'approved' | 'rejected';
  payment: 'all' | 'free' | 'paid' | 'pending';
  competitionId: string | undefined;
  /** Only the likely duplicates (issue 20 item 2). */
  duplicates?: boolean;
}

/** Where a page starts: after this row, in the page's order. */
export interface ReviewPosition {
  createdAt: string;
  id: string;
}

type SubmissionsEb = ExpressionBuilder<DB, 'submissions'>;

/** An e-mail as duplicates compare them: the expression of the index, spelt the same everywhere. */
const emailKey = (email: Expression<string>) => sql<string>`lower(trim(${email}))`;

/** An entry still waiting for its fee: pending on a paid competition. */
function unpaid(eb: SubmissionsEb) {
  return eb.and([
    eb('submissions.payment_status', '=', 'pending'),
    eb('submissions.entry_fee', '>', 0),
  ]);
}

/*
 * Likely duplicates (issue 20 item 2): entries of one competition with the same e-mail (trimmed,
 * any case), at least one of them unpaid; every entry of such a group is one, the paid one too, so
 * the admin sees what to keep. `lower(trim(email))` is the expression the index
 * (competition_id, lower(trim(email))) holds: finding the others of an entry is one index probe.
 */

/** Whether this entry is one: another of its pair exists, this one or that one unpaid. */
function likelyDuplicate(eb: SubmissionsEb) {
  return eb.exists(
    eb
      .selectFrom('submissions as other')
      .select(sql<number>`1`.as('one'))
      .whereRef('other.competition_id', '=', 'submissions.competition_id')
      .where(
        (inner) =>
          sql<boolean>`${emailKey(inner.ref('other.email'))} = ${emailKey(inner.ref('submissions.email'))}`,
      )
      .whereRef('other.id', '!=', 'submissions.id')
      .where((inner) =>
        inner.or([
          unpaid(eb),
          inner.and([
            inner('other.payment_status', '=', 'pending'),
            inner('other.entry_fee', '>', 0),
          ]),
        ]),
      ),
  );
}

/**
 * The pairs (competition, e-mail) of the groups, worked out from the unpaid entries (a few in a
 * hundred), each with one probe for another entry of its pair: at 100,000 entries, grouping every
 * entry by its e-mail took 0.3 to 0.5 s, a probe from every entry as long on PostgreSQL.
 */
function unpaidWithAnother() {
  return expressionBuilder<DB>()
    .selectFrom('submissions as unpaid')
    .where('unpaid.payment_status', '=', 'pending')
    .where('unpaid.entry_fee', '>', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('submissions as other')
          .select(sql<number>`1`.as('one'))
          .whereRef('other.competition_id', '=', 'unpaid.competition_id')
          .where(
            (inner) =>
              sql<boolean>`${emailKey(inner.ref('other.email'))} = ${emailKey(inner.ref('unpaid.email'))}`,
          )
          .whereRef('other.id', '!=', 'unpaid.id'),
      ),
    );
}

/** The review's filter: this entry's pair is one of the groups' (worked out once a query). */
function inDuplicateGroup(eb: SubmissionsEb) {
  const pairs = unpaidWithAnother().select((inner) => [
    'unpaid.competition_id',
    emailKey(inner.ref('unpaid.email')).as('email_key'),
  ]);
  return sql<boolean>`(${eb.ref('submissions.competition_id')}, ${emailKey(eb.ref('submissions.email'))}) in ${pairs}`;
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
  if (omit !== 'status' && filters.status !== 'all') {
    conditions.push(eb('submissions.status', '=', filters.status));
  }
  if (omit !== 'payment') {
    if (filters.payment === 'free') conditions.push(eb('submissions.entry_fee', '=', 0));
    if (filters.payment === 'paid') conditions.push(eb('submissions.payment_status', '=', 'paid'));
    if (filters.payment === 'pending') {
      conditions.push(eb('submissions.payment_status', '=', 'pending'));
    }
  }
  if (filters.duplicates) conditions.push(inDuplicateGroup(eb));
  return eb.and(conditions);
}

/** The submissions with what a row of the review shows: its category's name and fields. */
function reviewRows(db: Kysely<DB>) {
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
      'submissions.entry_fee',
      'submissions.photo_key',
      'submissions.field_values',
      'categories.name as category_name',
      'categories.form_fields',
      'subcategories.name as subcategory_name',
    ]);
}

/** One page of matching submissions, newest (or oldest) first, after `after`. */
export async function findReviewPage(
  db: Kysely<DB>,
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
export async function findReviewRow(db: Kysely<DB>, id: string) {
  return reviewRows(db).where('submissions.id', '=', id).executeTakeFirst();
}

/**
 * How many match by status (the status filter left out), and by payment state (the payment filter
 * left out). The payment counts are the states the rows' badges show, each entry counted once: a
 * free entry is stored paid, but is counted free, never paid (issue 20).
 */
export async function countReviewFacets(db: Kysely<DB>, filters: ReviewFilters) {
  const [byStatus, byPayment] = await Promise.all([
    db
      .selectFrom('submissions')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where((eb) => matching(eb, filters, 'status'))
      .groupBy('status')
      .execute(),
    db
      .selectFrom('submissions')
      .select((eb) => {
        const countWhen = (condition: ReturnType<typeof eb.and>) =>
          eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
        const charged = eb('entry_fee', '>', 0);
        return [
          countWhen(eb.and([eb('entry_fee', '=', 0)])).as('free'),
          countWhen(
            eb.and([charged, eb('payment_status', '=', 'paid'), eb('refunded_at', 'is', null)]),
          ).as('paid'),
          countWhen(eb.and([charged, eb('payment_status', '=', 'pending')])).as('pending'),
          countWhen(eb.and([charged, eb('refunded_at', 'is not', null)])).as('refunded'),
        ];
      })
      .where((eb) => matching(eb, filters, 'payment'))
      .executeTakeFirstOrThrow(),
  ]);
  const status = { pending: 0, approved: 0, rejected: 0 };
  for (const row of byStatus) status[row.status] = Number(row.n);
  return {
    status,
    payment: {
      free: Number(byPayment.free ?? 0),
      paid: Number(byPayment.paid ?? 0),
      pending: Number(byPayment.pending ?? 0),
      refunded: Number(byPayment.refunded ?? 0),
    },
  };
}

/** Which of `ids` (a page's rows) are likely duplicates: one index probe each. */
export async function findLikelyDuplicateIds(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('submissions')
    .select('submissions.id')
    .where('submissions.id', 'in', ids)
    .where((eb) => likelyDuplicate(eb))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * The groups of likely duplicates, the largest first, and how many there are: the same
 * competition and e-mail, more than one entry, at least one unpaid.
 */
export async function findLikelyDuplicateGroups(db: Kysely<DB>, limit: number) {
  const groups = unpaidWithAnother()
    .select((eb) => [
      'unpaid.competition_id',
      emailKey(eb.ref('unpaid.email')).as('email_key'),
      eb.fn.max('unpaid.competition_title').as('competition_title'),
      eb.fn.countAll<number>().as('unpaid'),
    ])
    .groupBy((eb) => ['unpaid.competition_id', emailKey(eb.ref('unpaid.email'))])
    .$narrowType<{ competition_id: string }>();
  const rows = await db
    .selectFrom(groups.as('g'))
    .select((eb) => [
      'g.competition_id',
      'g.email_key',
      'g.competition_title',
      'g.unpaid',
      eb
        .selectFrom('submissions as member')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('member.competition_id', '=', 'g.competition_id')
        .where(
          (inner) =>
            sql<boolean>`${emailKey(inner.ref('member.email'))} = ${inner.ref('g.email_key')}`,
        )
        .as('entries'),
      eb.fn.countAll<number>().over().as('total'),
    ])
    .orderBy('entries', 'desc')
    .orderBy('g.email_key')
    .limit(limit)
    .execute();
  return {
    list: rows.map((row) => ({ ...row, entries: Number(row.entries), unpaid: Number(row.unpaid) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** Which of `ids` exist, with what deciding about them needs. */
export async function findDecisionTargets(trx: Kysely<DB>, ids: readonly string[]) {
  return trx
    .selectFrom('submissions')
    .select(['id', 'reference', 'full_name', 'email', 'competition_title', 'status'])
    .where('id', 'in', ids)
    .execute();
}

/** Sets the status of those of `ids` not in it yet; answers the ids it changed. */
export async function setStatus(
  trx: Kysely<DB>,
  ids: readonly string[],
  status: 'approved' | 'rejected',
  stamp: string,
) {
  const changed = await trx
    .updateTable('submissions')
    .set({ status, updated_at: stamp })
    .where('id', 'in', ids)
    .where('status', '!=', status)
    .returning('id')
    .execute();
  return changed.map((row) => row.id);
}

/** What deleting a submission needs: the files it names, and what the audit says of it. */
export async function findSubmissionFiles(trx: Kysely<DB>, id: string) {
  return trx
    .selectFrom('submissions')
    .select(['reference', 'full_name', 'photo_key', 'field_values'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deleteSubmissionRow(trx: Kysely<DB>, id: string): Promise<void> {
  await trx.deleteFrom('submissions').where('id', '=', id).execute();
}

/** A submission's files and the labels of its category's fields, for a named download. */
export async function findDownloadSource(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('submissions')
    .leftJoin('categories', 'categories.id', 'submissions.category_id')
    .select([
      'submissions.reference',
      'submissions.full_name',
      'submissions.photo_key',
      'submissions.field_values',
      'categories.form_fields',
    ])
    .where('submissions.id', '=', id)
    .executeTakeFirst();
}

/** The categories of the matching submissions, with their form fields: the export's columns. */
export async function findCategoriesInView(db: Kysely<DB>, filters: ReviewFilters) {
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
