import { type RawBuilder, sql } from 'kysely';
import {
  notWithdrawn,
  paymentStateIs,
  receivedForReview,
} from '../submissions/submissions.service.ts';
import type { DashboardDb } from './dashboard.tables.ts';

/*
 * The dashboard's money: entries and payments counted per competition and per part-hour in SQL,
 * so 100,000 entries come back as a few rows a day. An hour is split at `splitMinute`, the
 * minute past the hour a day begins in the site's time zone (30 in India): every bucket then lies
 * within one local day, which the service reads in the time zone (portable: no zone in SQL).
 */

/** 'YYYY-MM-DDTHH' of an ISO instant stored as text (decision 002). */
const hourOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;

/** 1 when the instant is at or after `splitMinute` past its hour, else 0. */
function laterPartOf(column: string, splitMinute: number): RawBuilder<number> {
  const minute = sql.lit(String(splitMinute).padStart(2, '0'));
  return sql<number>`(case when substr(${sql.ref(column)}, 15, 2) >= ${minute} then 1 else 0 end)`;
}

/** The competitions shown, newest closing date first (one when `competitionId` is given). */
export async function findMoneyCompetitions(db: DashboardDb, competitionId?: string) {
  let query = db
    .selectFrom('competitions')
    .select(['id', 'title', 'start_date', 'end_date'])
    .orderBy('end_date', 'desc')
    .orderBy('title')
    .orderBy('id');
  if (competitionId !== undefined) query = query.where('id', '=', competitionId);
  return query.execute();
}

/**
 * Entries that stand (not withdrawn) per competition and part-hour of their creation: received
 * (free, or paid for) and still owing their fee, by the entry rules of submissions; and the
 * discounts of those a code waived.
 */
export async function countEntriesByHour(
  db: DashboardDb,
  splitMinute: number,
  competitionId?: string,
) {
  const hour = hourOf('created_at');
  const later = laterPartOf('created_at', splitMinute);
  let query = db
    .selectFrom('submissions')
    .select((eb) => [
      'competition_id',
      hour.as('hour'),
      later.as('later'),
      eb.fn.sum<number>(eb.case().when(receivedForReview()).then(1).else(0).end()).as('received'),
      eb.fn
        .sum<number>(eb.case().when(paymentStateIs('pending')).then(1).else(0).end())
        .as('awaiting'),
      // A code that took the whole fee off: received without a payment, all of it discount.
      eb.fn
        .sum<number>(eb.case().when('entry_fee', '=', 0).then(eb.ref('discount')).else(0).end())
        .as('waived'),
    ])
    .where(notWithdrawn())
    .where('competition_id', 'is not', null)
    .groupBy(['competition_id', hour, later]);
  if (competitionId !== undefined) query = query.where('competition_id', '=', competitionId);
  return query.execute();
}

/**
 * The ledger's payments of a competition's entries, in paise, per part-hour of `column`: with
 * `captured` and `refunded`, the money taken (a refunded payment was taken first; the ledger's
 * wasCaptured), by when the ledger first recorded it; with `refunded` alone, the money given back,
 * by when it recorded the refund (a refunded payment changes no more). With each, the discount
 * its entry was given.
 */
export async function sumPaymentsByHour(
  db: DashboardDb,
  splitMinute: number,
  which: { statuses: ('captured' | 'refunded')[]; column: 'created_at' | 'updated_at' },
  competitionId?: string,
) {
  const hour = hourOf(`p.${which.column}`);
  const later = laterPartOf(`p.${which.column}`, splitMinute);
  let query = db
    .selectFrom('payments as p')
    .innerJoin('submissions as s', 's.id', 'p.submission_id')
    .select((eb) => [
      's.competition_id',
      hour.as('hour'),
      later.as('later'),
      eb.fn.sum<number>('p.amount_paise').as('paise'),
      // The codes' discounts (rupees) on the entries these payments paid for.
      eb.fn.sum<number>('s.discount').as('discount'),
    ])
    .where('p.status', 'in', which.statuses)
    .where('s.competition_id', 'is not', null)
    .groupBy(['s.competition_id', hour, later]);
  if (competitionId !== undefined) query = query.where('s.competition_id', '=', competitionId);
  return query.execute();
}
