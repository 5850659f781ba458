import { type Insertable, sql } from 'kysely';
import type { CertificatesTable } from '../../db/schema.ts';
import {
  notWithdrawn,
  receivedForReview,
  submissionStatusIs,
} from '../submissions/submissions.service.ts';
import type { ResultsDb } from './results.tables.ts';

/** Whether the competition's results are public now (published_at set) and since when. */
export async function findPublication(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('results_publications')
    .select(['published_at', 'first_published_at', 'feedback_released'])
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
}

/**
 * Marks the results published unless they already are; answers whether this call did it. On
 * PostgreSQL a second caller waits on the row (or the key) until the first commits, then finds it
 * published: of two Publishes at once, exactly one goes on.
 */
export async function claimPublication(
  db: ResultsDb,
  competitionId: string,
  stamp: string,
  feedbackReleased: boolean,
): Promise<boolean> {
  const released = feedbackReleased ? 1 : 0;
  const row = await db
    .insertInto('results_publications')
    .values({
      competition_id: competitionId,
      published_at: stamp,
      first_published_at: stamp,
      updated_at: stamp,
      feedback_released: released,
    })
    .onConflict((oc) =>
      oc
        .column('competition_id')
        .doUpdateSet({ published_at: stamp, updated_at: stamp, feedback_released: released })
        .where('results_publications.published_at', 'is', null),
    )
    .returning('competition_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the results page down; answers whether it was up. */
export async function unpublish(db: ResultsDb, competitionId: string, stamp: string) {
  const result = await db
    .updateTable('results_publications')
    .set({ published_at: null, updated_at: stamp })
    .where('competition_id', '=', competitionId)
    .where('published_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The competition's entries by review status: what the Publish dialog counts. */
export async function countEntriesByStatus(db: ResultsDb, competitionId: string) {
  const rows = await db
    .selectFrom('submissions')
    .select(['status', sql<string>`count(*)`.as('n')])
    .where('competition_id', '=', competitionId)
    // An entry whose fee is still due was never received for review (a free one owes nothing,
    // whatever its stored entry type says); a withdrawn one, even paid, takes no part.
    .where(receivedForReview())
    .where(notWithdrawn())
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * The approved entries still standing: each one's artist hears the results once and gets a
 * certificate (a withdrawn one takes no part).
 */
export async function findParticipants(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('submissions')
    .select(['id', 'reference', 'full_name', 'email', 'competition_title'])
    .where('competition_id', '=', competitionId)
    .where(submissionStatusIs('approved'))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The competition's shortlist: the entries of its last round of judging, when there was more than
 * one (a single round's entries are every approved entry, not a shortlist).
 */
export async function findShortlist(db: ResultsDb, competitionId: string): Promise<string[]> {
  const last = await db
    .selectFrom('jury_rounds')
    .select(['id', 'number'])
    .where('competition_id', '=', competitionId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last || last.number < 2) return [];
  const rows = await db
    .selectFrom('jury_round_entries')
    .select('submission_id')
    .where('round_id', '=', last.id)
    .execute();
  return rows.map((r) => r.submission_id);
}

/** The competition's certificates, each with its entry: who was already written to. */
export async function findCertificates(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('certificates')
    .select(['id', 'submission_id', 'work_id', 'code', 'kind', 'award', 'outcome'])
    .where('competition_id', '=', competitionId)
    .execute();
}

/** Rows in chunks, so that 10,000 entrants stay within each engine's limit on parameters. */
export async function insertCertificates(
  db: ResultsDb,
  rows: readonly Insertable<CertificatesTable>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('certificates')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Certificates no award stands behind any longer (inside the publication's transaction). */
export async function deleteCertificates(db: ResultsDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('certificates').where('id', 'in', ids).execute();
}

/** A published certificate's award changed (the admin edited the awards and published again). */
export async function updateCertificate(
  db: ResultsDb,
  id: string,
  change: Pick<CertificatesTable, 'kind' | 'award' | 'work_id' | 'outcome' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('certificates').set(change).where('id', '=', id).execute();
}

/** Competitions with results up now, newest first. */
/** Published results, newest first; all of them without a limit. */
export async function findLatestPublications(db: ResultsDb, limit?: number) {
  let query = db
    .selectFrom('results_publications as p')
    .innerJoin('competitions as c', 'c.id', 'p.competition_id')
    .select(['c.id', 'c.title', 'p.published_at'])
    .where('p.published_at', 'is not', null)
    // The id settles a tie, so both engines list two results published at once alike.
    .orderBy('p.published_at', 'desc')
    .orderBy('c.id');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}
