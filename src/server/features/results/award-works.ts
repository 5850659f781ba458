import type { AwardWork } from '../../../shared/schemas/results.ts';
import type { Deps } from '../../deps.ts';
import { displayKeyOf, privateFileUrl } from '../media/media.service.ts';
import { decodeEntry, imagesOf } from '../submissions/submissions.service.ts';
import { artworkTitleOf } from './artwork-title.ts';
import { findEntryWorks } from './awards.repository.ts';

/*
 * The works of awarded (or proposed) entries, for the awards screen's chooser: each work's
 * number, title, alias in the last round that judged it, and a thumbnail.
 */

/** The works of each entry among `submissionIds`, in order, by entry. */
export async function worksOfAwardedEntries(
  deps: Pick<Deps, 'db' | 'log'>,
  submissionIds: readonly string[],
): Promise<Map<string, AwardWork[]>> {
  const works = new Map<string, AwardWork[]>();
  const ids = [...new Set(submissionIds)];
  if (ids.length === 0) return works;
  for (const row of await findEntryWorks(deps.db, ids)) {
    const image = imagesOf(decodeEntry(row, deps.log))[0];
    const work: AwardWork = {
      id: row.work_id,
      number: row.position,
      title: artworkTitleOf(row, deps.log),
      alias: row.alias ?? null,
      thumbnailUrl: image ? privateFileUrl(displayKeyOf(image.key)) : null,
    };
    works.set(row.id, [...(works.get(row.id) ?? []), work]);
  }
  return works;
}
