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
