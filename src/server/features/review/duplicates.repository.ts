import { type Expression, type ExpressionBuilder, expressionBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notWithdrawn, paymentStateIs } from '../submissions/submissions.service.ts';
import type { ReviewDb } from './review.tables.ts';

/** The queries of likely duplicates: the review's flag and filter, the dashboard's groups. */

/** Conditions on the submissions table of a query. */
export type SubmissionsEb = ExpressionBuilder<DB, 'submissions'>;

/** An e-mail as duplicates compare them: the expression of the index, spelt the same everywhere. */
const emailKey = (email: Expression<string>) => sql<string>`lower(trim(${email}))`;

/**
 * An entry (of `table`, a name or alias) still waiting for its fee, and not withdrawn: an entry
 * its artist withdrew is replaced, neither a duplicate nor one of another.
 */
const unpaid = (table: string) =>
  sql<boolean>`(${paymentStateIs('pending', table)} and ${notWithdrawn(table)})`;

/*
 * Likely duplicates: entries of one competition with the same e-mail (trimmed,
 * any case), at least one of them unpaid; every entry of such a group is one, the paid one too, so
 * the admin sees what to keep. `lower(trim(email))` is the expression the index
 * (competition_id, lower(trim(email))) holds: finding the others of an entry is one index probe.
 */

/** Whether this entry is one: another of its pair exists, this one or that one unpaid. */
function likelyDuplicate(eb: SubmissionsEb) {
  return eb
    .exists(
      eb
        .selectFrom('submissions as other')
        .select(sql<number>`1`.as('one'))
        .whereRef('other.competition_id', '=', 'submissions.competition_id')
        .where(
          (inner) =>
            sql<boolean>`${emailKey(inner.ref('other.email'))} = ${emailKey(inner.ref('submissions.email'))}`,
        )
        .whereRef('other.id', '!=', 'submissions.id')
        .where(notWithdrawn('other'))
        .where((inner) => inner.or([unpaid('submissions'), unpaid('other')])),
    )
    .and(notWithdrawn());
}

/**
 * The pairs (competition, e-mail) of the groups, worked out from the unpaid entries (a few in a
 * hundred), each with one probe for another entry of its pair: at 100,000 entries, grouping every
 * entry by its e-mail took 0.3 to 0.5 s, a probe from every entry as long on PostgreSQL.
 */
function unpaidWithAnother() {
  return expressionBuilder<DB>()
    .selectFrom('submissions as unpaid')
    .where(unpaid('unpaid'))
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
          .whereRef('other.id', '!=', 'unpaid.id')
          .where(notWithdrawn('other')),
      ),
    );
}

/** The review's filter: this entry's pair is one of the groups' (worked out once a query). */
export function inDuplicateGroup(eb: SubmissionsEb) {
  const pairs = unpaidWithAnother().select((inner) => [
    'unpaid.competition_id',
    emailKey(inner.ref('unpaid.email')).as('email_key'),
  ]);
  return sql<boolean>`(${eb.ref('submissions.competition_id')}, ${emailKey(eb.ref('submissions.email'))}) in ${pairs}`;
}

/** Which of `ids` (a page's rows) are likely duplicates: one index probe each. */
export async function findLikelyDuplicateIds(db: ReviewDb, ids: readonly string[]) {
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
export async function findLikelyDuplicateGroups(db: ReviewDb, limit: number) {
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
        .where(notWithdrawn('member'))
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
