import { describe, expect, it } from 'vitest';
import type { ReviewDb } from '../features/review/review.tables.ts';
import type { SubmissionsDb } from '../features/submissions/submissions.tables.ts';

/*
 * A feature's repositories see only the tables it owns or declares it reads (db/feature-db.ts).
 * `tsc --noEmit` checks this file: each @ts-expect-error must meet its error, or the check fails.
 */

function declaredRead(db: ReviewDb) {
  return db.selectFrom('submissions').select('id').where('status', '=', 'pending');
}

function undeclaredRead(db: ReviewDb) {
  // @ts-expect-error review does not declare payments among its reads
  return db.selectFrom('payments').select('payment_id');
}

function undeclaredJoin(db: SubmissionsDb) {
  return (
    db
      .selectFrom('submissions')
      // @ts-expect-error submissions does not declare the jury's scores
      .innerJoin('jury_scores', 'jury_scores.submission_id', 'submissions.id')
      .select('submissions.id')
  );
}

describe('a feature queries only the tables it declares', () => {
  it('types each query against the feature, not the whole database', () => {
    expect([declaredRead, undeclaredRead, undeclaredJoin]).toHaveLength(3);
  });
});
