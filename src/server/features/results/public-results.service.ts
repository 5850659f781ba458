import { publicApiPaths } from '../../../shared/api-paths.ts';
import type { Kysely } from 'kysely';
import { RESULTS_NOT_PUBLISHED } from '../../../shared/messages.ts';
import type { LatestResults, PublicResults } from '../../../shared/schemas/publication.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { displayKeyOf } from '../media/media.service.ts';
import { decodeEntry, imagesOf, publicationOf } from '../submissions/submissions.service.ts';
import { artworkTitleOf } from './artwork-title.ts';
import { findLatestPublications, findPublication } from './publication.repository.ts';
import { findAwards } from './awards.repository.ts';
import { findAwardEntry, findCompetitionTitle } from './public-results.repository.ts';
import { recordLineOf } from './judging-record.service.ts';

/*
 * What anyone may see of published results: each award with the work's display copy, its title
 * and the artist's name where the artist consented; a work whose artist asked to be left out is
 * not listed, and one whose artist withheld the name is shown without it.
 */

export { RESULTS_NOT_PUBLISHED };

async function requirePublished(db: Kysely<DB>, competitionId: string): Promise<string> {
  const publication = await findPublication(db, competitionId);
  if (!publication?.published_at) {
    throw new AppError(404, 'RESULTS_NOT_PUBLISHED', RESULTS_NOT_PUBLISHED);
  }
  return publication.published_at;
}

export const awardImagePathOf = publicApiPaths.awardImage;

export async function getPublicResults(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
): Promise<PublicResults> {
  const { db } = deps;
  const publishedAt = await requirePublished(db, competitionId);
  const competition = await findCompetitionTitle(db, competitionId);
  const rows = await findAwards(db, competitionId);
  return {
    competition,
    publishedAt,
    record: await recordLineOf(db, competitionId),
    awards: rows.flatMap((row) => {
      const shown = publicationOf(row.publication_consent);
      if (row.status !== 'approved' || shown === 'none') return [];
      const entry = decodeEntry(row, deps.log);
      return [
        {
          id: row.award_id,
          award: row.title,
          prize: row.prize,
          artworkTitle: artworkTitleOf(row, deps.log),
          artist: shown === 'name' ? row.full_name : null,
          imageUrl:
            imagesOf(entry).length > 0 ? awardImagePathOf(competitionId, row.award_id) : null,
        },
      ];
    }),
  };
}

/** The display copy of an award's work, while the results are up and the artist allows it. */
export async function awardImage(
  deps: Pick<Deps, 'db' | 'log' | 'storage'>,
  competitionId: string,
  awardId: string,
) {
  await requirePublished(deps.db, competitionId);
  const row = await findAwardEntry(deps.db, competitionId, awardId);
  if (!row || row.status !== 'approved' || publicationOf(row.publication_consent) === 'none') {
    throw notFound('Image not found');
  }
  const image = imagesOf(decodeEntry(row, deps.log))[0];
  // Only the display copy: the original stays private.
  const file = image && (await deps.storage.get(displayKeyOf(image.key)));
  if (!file) throw notFound('Image not found');
  return file;
}

async function publishedResults(db: Kysely<DB>, limit?: number): Promise<LatestResults> {
  const rows = await findLatestPublications(db, limit);
  return rows.map((r) => ({
    competitionId: r.id,
    title: r.title,
    publishedAt: r.published_at ?? '',
  }));
}

/** The latest published results, newest first, for the home page. */
export function latestResults(db: Kysely<DB>, limit = 3): Promise<LatestResults> {
  return publishedResults(db, limit);
}

/** Every published result, newest first (the Results page). */
export function allPublishedResults(db: Kysely<DB>): Promise<LatestResults> {
  return publishedResults(db);
}
