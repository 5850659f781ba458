import { z } from 'zod';
import { slugOf } from '../domain/file-name.ts';

/*
 * The artworks of one competition as one ZIP for the jury, each file named after
 * its entry, artist and field (as a single download is), streamed from storage.
 */

export const ARCHIVE_PATH = '/api/admin/submissions/archive.zip';

/** Every entry, or only those approved: what a jury is sent. */
export const ARCHIVE_STATUSES = ['all', 'approved'] as const;

export const ArchiveQuerySchema = z.object({
  competition: z.uuid(),
  status: z.enum(ARCHIVE_STATUSES).default('all'),
});
export type ArchiveQuery = z.infer<typeof ArchiveQuerySchema>;

/** The 404s the screen shows as they are (the server's envelope carries the same words). */
export const ARCHIVE_MESSAGES = {
  noArtworks: 'This competition has no artworks to download.',
  noApprovedArtworks: 'This competition has no approved artworks to download.',
} as const;

/** The entry listing the artworks an entry names but storage no longer holds. */
export const MISSING_LIST_NAME = 'missing.txt';

/**
 * What the archive is saved as, `monsoon-colours_artworks.zip`: the server's Content-Disposition,
 * and the name the browser suggests when it asks where to save before the answer comes.
 */
export function archiveFileName(competitionTitle: string, approvedOnly: boolean): string {
  const what = approvedOnly ? 'approved-artworks' : 'artworks';
  return `${slugOf(competitionTitle) || 'competition'}_${what}.zip`;
}

/** The archive's address for a competition; only approved entries when asked. */
export function archivePath(competition: string, approvedOnly: boolean): string {
  const query = new URLSearchParams({ competition });
  if (approvedOnly) query.set('status', 'approved');
  return `${ARCHIVE_PATH}?${query.toString()}`;
}
