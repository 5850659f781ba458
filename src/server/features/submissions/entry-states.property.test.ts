import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeSubmissionRow,
} from '../../../../tests/factories/rows.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  PAYMENT_STATES,
  paymentStateOf,
  REVIEW_STATUSES,
  SUBMISSION_STATUSES,
  submissionStatusOf,
} from '../../../shared/domain/entry-state.ts';
import { sumSubmissions } from '../dashboard/dashboard.repository.ts';
import { findApprovedEntryIds } from '../jury/rounds.repository.ts';
import { countEntriesByStatus, findParticipants } from '../results/publication.repository.ts';
import { countReviewFacets } from '../review/review.repository.ts';

/*
 * Random entries (free or paid, any fee, paid or not, refunded, withdrawn, any review status) on
 * the real database: the dashboard, the review's counts, the publication and the jury all read
 * each entry's state as the shared domain functions do, because they all use submissions' rules.
 */

const t = useTestApp();
const db = () => t.app.deps.db;

/** A seeded generator (mulberry32): the same cases on every run and engine. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const ROUNDS = 12;
const STAMP = '2026-11-15T06:30:00.000Z';

beforeEach(async () => {
  await db().deleteFrom('submissions').execute();
  await db().deleteFrom('competitions').execute();
  await db().deleteFrom('categories').execute();
});

describe('every screen and count reads an entry as the shared rules do', () => {
  it(`agrees on ${ROUNDS} rounds of random entries`, async () => {
    const random = randomFrom(20261115);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    for (let round = 0; round < ROUNDS; round += 1) {
      await db().deleteFrom('submissions').execute();
      const category = makeCategoryRow({ name: `Painting ${round}` });
      await db().insertInto('categories').values(category).execute();
      const competition = makeCompetitionRow(category.id, { title: `Round ${round}` });
      await db().insertInto('competitions').values(competition).execute();
      const rows = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
        const paid = pick(['pending', 'paid'] as const);
        return makeSubmissionRow({
          competition_id: competition.id,
          category_id: category.id,
          entry_type: pick(['free', 'paid'] as const),
          entry_fee: pick([0, 1, 250]),
          status: pick(REVIEW_STATUSES),
          payment_status: paid,
          paid_at: paid === 'paid' ? STAMP : null,
          refunded_at: paid === 'paid' && random() < 0.3 ? STAMP : null,
          withdrawn_at: random() < 0.2 ? STAMP : null,
        });
      });
      await db().insertInto('submissions').values(rows).execute();

      const entries = rows.map((row) => ({
        id: row.id as string,
        status: row.status,
        submission: submissionStatusOf({
          status: row.status,
          withdrawnAt: row.withdrawn_at ?? null,
        }),
        payment: paymentStateOf({
          entryType: row.entry_type,
          entryFee: row.entry_fee,
          paymentStatus: row.payment_status,
          refunded: row.refunded_at != null,
        }),
        fee: row.entry_fee,
      }));
      const count = (test: (e: (typeof entries)[number]) => boolean) => entries.filter(test).length;

      const dashboard = await sumSubmissions(db());
      expect(Number(dashboard.total)).toBe(entries.length);
      expect(Number(dashboard.pending ?? 0)).toBe(count((e) => e.submission === 'pending'));
      const revenue = entries
        .filter((e) => e.payment === 'received')
        .reduce((a, e) => a + e.fee, 0);
      expect(Number(dashboard.revenue ?? 0)).toBe(revenue);

      const facets = await countReviewFacets(db(), {
        pattern: undefined,
        status: 'all',
        payment: 'all',
        hideWithdrawn: false,
        competitionId: competition.id,
      });
      for (const status of SUBMISSION_STATUSES) {
        expect(facets.status[status]).toBe(count((e) => e.submission === status));
      }
      const labels = { free: 'free', received: 'paid', pending: 'pending', refunded: 'refunded' };
      for (const state of PAYMENT_STATES) {
        expect(facets.payment[labels[state] as keyof typeof facets.payment]).toBe(
          count((e) => e.payment === state),
        );
      }

      // Publish counts the entries received for review that still stand.
      const received = entries.filter(
        (e) => e.payment !== 'pending' && e.submission !== 'withdrawn',
      );
      const byStatus = await countEntriesByStatus(db(), competition.id);
      for (const status of REVIEW_STATUSES) {
        expect(byStatus.get(status) ?? 0).toBe(received.filter((e) => e.status === status).length);
      }

      // Judged and written to: the approved entries still standing.
      const approved = entries
        .filter((e) => e.status === 'approved' && e.submission !== 'withdrawn')
        .map((e) => e.id);
      const participants = await findParticipants(db(), competition.id);
      expect(participants.map((p) => p.id).sort()).toEqual([...approved].sort());
      expect((await findApprovedEntryIds(db(), competition.id)).sort()).toEqual(
        [...approved].sort(),
      );
    }
  });
});
