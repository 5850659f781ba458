import { type RawBuilder, sql } from 'kysely';
import {
  PAID_ENTRY_FEE_MIN,
  type PaymentState,
  type ReviewStatus,
  type SubmissionStatus,
} from '../../../shared/domain/entry-state.ts';

/*
 * paymentStateOf and submissionStatusOf (shared/domain/entry-state.ts) as SQL conditions, for the
 * queries that count or filter entries by them: every screen and count reads an entry's state by
 * this one rule. `table` is the submissions table's name or alias in the query.
 */

const column = (table: string, name: string) => sql.ref(`${table}.${name}`);

/** chargesFee in SQL: paid, with a fee of at least ₹1. */
function chargesFee(table: string): RawBuilder<boolean> {
  return sql<boolean>`(${column(table, 'entry_type')} = 'paid' and ${column(table, 'entry_fee')} >= ${sql.lit(PAID_ENTRY_FEE_MIN)})`;
}

/** The entry's payment state is `state`: one charging no fee is free; a refund outranks the rest. */
export function paymentStateIs(state: PaymentState, table = 'submissions'): RawBuilder<boolean> {
  const charged = chargesFee(table);
  const refunded = column(table, 'refunded_at');
  const status = column(table, 'payment_status');
  switch (state) {
    case 'free':
      return sql<boolean>`(not ${charged})`;
    case 'refunded':
      return sql<boolean>`(${charged} and ${refunded} is not null)`;
    case 'received':
      return sql<boolean>`(${charged} and ${refunded} is null and ${status} = 'paid')`;
    case 'pending':
      return sql<boolean>`(${charged} and ${refunded} is null and ${status} = 'pending')`;
  }
}

/** The entry's status as people see it is `status`: withdrawn outranks the review's status. */
export function submissionStatusIs(
  status: SubmissionStatus,
  table = 'submissions',
): RawBuilder<boolean> {
  const withdrawnAt = column(table, 'withdrawn_at');
  if (status === 'withdrawn') return sql<boolean>`(${withdrawnAt} is not null)`;
  return sql<boolean>`(${withdrawnAt} is null and ${column(table, 'status')} = ${status})`;
}

/** The entry stands: its artist has not withdrawn it. */
export function notWithdrawn(table = 'submissions'): RawBuilder<boolean> {
  return sql<boolean>`(${column(table, 'withdrawn_at')} is null)`;
}

/** The review's own status column is one of `statuses` (withdrawn or not). */
export function reviewStatusIn(
  statuses: readonly ReviewStatus[],
  table = 'submissions',
): RawBuilder<boolean> {
  const list = sql.join(statuses.map((status) => sql.lit(status)));
  return sql<boolean>`(${column(table, 'status')} in (${list}))`;
}

/** Received for review: free, or its fee paid (refunded ones included); not still owing it. */
export function receivedForReview(table = 'submissions'): RawBuilder<boolean> {
  return sql<boolean>`(not ${paymentStateIs('pending', table)})`;
}
