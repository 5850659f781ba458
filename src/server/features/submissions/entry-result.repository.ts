import { sql } from 'kysely';
import type { SubmissionsDb } from './submissions.tables.ts';

/**
 * An entry's certificates while its competition's results are published: the result its artist
 * sees on their entry page, one per awarded work (the highest award first, in the awards'
 * order) or the entry's one. Read here rather than through the results feature, which itself
 * uses submissions (no import cycle); the certificate rows are written by Publish.
 */
export async function findPublishedCertificates(db: SubmissionsDb, submissionId: string) {
  return (
    db
      .selectFrom('certificates as cert')
      .innerJoin('results_publications as pub', 'pub.competition_id', 'cert.competition_id')
      .leftJoin('awards as a', (join) =>
        join
          .onRef('a.competition_id', '=', 'cert.competition_id')
          .onRef('a.work_id', '=', 'cert.work_id'),
      )
      .select(['cert.code', 'cert.outcome', 'cert.award', 'cert.competition_id', 'cert.work_id'])
      .where('cert.submission_id', '=', submissionId)
      .where('pub.published_at', 'is not', null)
      // Nulls last on both engines: a certificate without an award after the awarded ones.
      .orderBy(sql`case when a.position is null then 1 else 0 end`)
      .orderBy('a.position')
      .orderBy('cert.code')
      .execute()
  );
}

/**
 * The jury's feedback on the entry's works, once Publish released it and while the results are
 * published: the texts the admin did not hide, by work; never the juror who wrote them.
 */
export async function findReleasedFeedback(db: SubmissionsDb, submissionId: string) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .innerJoin('results_publications as pub', 'pub.competition_id', 's.competition_id')
    .innerJoin('jury_round_entries as e', (join) =>
      join.onRef('e.round_id', '=', 'a.round_id').onRef('e.work_id', '=', 'a.work_id'),
    )
    .select(['a.work_id', 'a.feedback'])
    .where('a.submission_id', '=', submissionId)
    .where('pub.published_at', 'is not', null)
    .where('pub.feedback_released', '=', 1)
    .where('a.conflict_at', 'is', null)
    .where('a.feedback_hidden', '=', 0)
    .where('a.feedback', '!=', '')
    .orderBy('a.round_id')
    .orderBy('e.alias')
    .execute();
}

/** What Publish made public for the entry's artist: its certificates and released feedback. */
export async function findPublishedResult(db: SubmissionsDb, submissionId: string) {
  const [certificates, feedback] = await Promise.all([
    findPublishedCertificates(db, submissionId),
    findReleasedFeedback(db, submissionId),
  ]);
  return { certificates, feedback };
}
