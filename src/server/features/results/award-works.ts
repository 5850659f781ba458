import type { AwardWork } from '../../../shared/schemas/results.ts';
import type { Deps } from '../../deps.ts';
import { displayKeyOf, privateFileUrl } from '../media/media.service.ts';
import { decodeEntry, entryFormFields, imagesOf } from '../submissions/submissions.service.ts';
import { artworkTitleOf } from './artwork-title.ts';
import type { ResultsDb } from './results.tables.ts';

/*
 * The works of awarded (or proposed) entries, for the awards screen's chooser: each work's
 * number, title, alias in the last round that judged it, and a thumbnail.
 */

function findEntryWorks(db: ResultsDb, submissionIds: readonly string[]) {
  return db
    .selectFrom('entry_works as w')
    .innerJoin('submissions as s', 's.id', 'w.submission_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select((eb) => [
      'w.id as work_id',
      'w.position',
      's.id',
      's.reference',
      's.field_values',
      'w.field_values as work_values',
      entryFormFields('s', 'c'),
      eb
        .selectFrom('jury_round_entries as e')
        .innerJoin('jury_rounds as r', 'r.id', 'e.round_id')
        .select('e.alias')
        .whereRef('e.work_id', '=', 'w.id')
        .orderBy('r.number', 'desc')
        .limit(1)
        .as('alias'),
    ])
    .where('w.submission_id', 'in', submissionIds)
    .orderBy('w.submission_id')
    .orderBy('w.position')
    .execute();
}

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
