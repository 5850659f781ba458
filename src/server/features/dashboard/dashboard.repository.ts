import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  PAYMENT_STATE_COLUMNS,
  paymentStateIs,
  submissionStatusIs,
} from '../submissions/submissions.service.ts';
import type { DashboardDb } from './dashboard.tables.ts';

/** The rows `query` selects, counted: a number on both engines (PostgreSQL's count is a bigint). */
async function countOf<TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>) {
  const { n } = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function countRowsOf(
  db: DashboardDb,
  table: 'competitions' | 'categories',
): Promise<number> {
  return countOf(db.selectFrom(table));
}

/** Competitions whose last day is `date` (YYYY-MM-DD) or later. */
export async function countCompetitionsEndingFrom(db: DashboardDb, date: string): Promise<number> {
  return countOf(db.selectFrom('competitions').where('end_date', '>=', date));
}

/**
 * Every submission counted, the ones pending review (a withdrawn one is not), and the fees
 * received (paymentStateIs: not free, paid, not refunded). `pending` and
 * `revenue` are null without submissions and may come back as strings (PostgreSQL sums).
 */
export async function sumSubmissions(db: DashboardDb) {
  return db
    .selectFrom('submissions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when(submissionStatusIs('pending')).then(1).else(0).end())
        .as('pending'),
      eb.fn
        .sum<number>(
          eb.case().when(paymentStateIs('received')).then(eb.ref('entry_fee')).else(0).end(),
        )
        .as('revenue'),
    ])
    .executeTakeFirstOrThrow();
}

/** Submissions created at or after `from` and before `to` (instants). */
export async function countSubmissionsCreatedBetween(
  db: DashboardDb,
  from: string,
  to: string,
): Promise<number> {
  return countOf(
    db.selectFrom('submissions').where('created_at', '>=', from).where('created_at', '<', to),
  );
}

export async function findNewestCompetitions(db: DashboardDb, limit: number) {
  return db
    .selectFrom('competitions')
    .select(['id', 'title', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Competitions starting after `date` (YYYY-MM-DD), soonest first. */
export async function findCompetitionsStartingAfter(db: DashboardDb, date: string, limit: number) {
  return db
    .selectFrom('competitions')
    .select(['id', 'title', 'start_date'])
    .where('start_date', '>', date)
    .orderBy('start_date')
    .limit(limit)
    .execute();
}

/** The newest entries, with what their payment state is made of. */
export async function findNewestSubmissions(db: DashboardDb, limit: number) {
  return db
    .selectFrom('submissions')
    .select([
      'id',
      'reference',
      'created_at',
      'full_name',
      'competition_title',
      ...PAYMENT_STATE_COLUMNS,
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Entries with more than one payment captured and not refunded: a refund is owed. */
export async function findEntriesPaidTwice(db: DashboardDb, limit: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('submissions as s', 's.id', 'p.submission_id')
    .select(['s.id', 's.reference', 's.full_name', 's.competition_title'])
    .where('p.status', '=', 'captured')
    .groupBy(['s.id', 's.reference', 's.full_name', 's.competition_title'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .orderBy('s.reference')
    .limit(limit)
    .execute();
}
