import type { SubmissionsDb } from './submissions.tables.ts';

/**
 * An entry's certificate while its competition's results are published: the result its artist
 * sees on their entry page. Read here rather than through the results feature, which
 * itself uses submissions (no import cycle); the certificate row is written by Publish.
 */
export async function findPublishedCertificate(db: SubmissionsDb, submissionId: string) {
  return db
    .selectFrom('certificates as cert')
    .innerJoin('results_publications as pub', 'pub.competition_id', 'cert.competition_id')
    .select(['cert.code', 'cert.outcome', 'cert.award', 'cert.competition_id'])
    .where('cert.submission_id', '=', submissionId)
    .where('pub.published_at', 'is not', null)
    .executeTakeFirst();
}
