import type {
  MyExhibitedWork,
  WorkSale,
  WorkSaleInput,
} from '../../../shared/schemas/exhibition.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { exhibitedWorkOf } from './exhibited-work.ts';
import {
  deleteSale,
  findExhibitedWorksOfEmail,
  findWorkOfEmail,
  upsertSale,
} from './work-sales.repository.ts';

/*
 * The artist's own mark on a work of theirs: for sale at a price, or not. Only a work of an entry
 * made with the signed-in artist's address; any other is a 404, as if it did not exist.
 */

export const WORK_NOT_YOURS = 'Work not found';

/** The artist's works on show in opened exhibitions, each with its price or none. */
export async function listMyWorkSales(
  deps: Pick<Deps, 'db' | 'log'>,
  email: string,
): Promise<MyExhibitedWork[]> {
  const rows = await findExhibitedWorksOfEmail(deps.db, email);
  return rows.flatMap((row) => {
    const work = exhibitedWorkOf(row, deps.log);
    if (work.consent === 'none') return [];
    return [
      {
        workId: row.work_id,
        title: work.title,
        competitionId: row.competition_id,
        exhibitionTitle: row.exhibition_title,
        price: row.price === null ? null : Number(row.price),
      },
    ];
  });
}

export async function markWorkForSale(
  deps: Pick<Deps, 'db' | 'clock' | 'contentCache'>,
  email: string,
  workId: string,
  input: WorkSaleInput,
): Promise<WorkSale> {
  const work = await findWorkOfEmail(deps.db, workId, email);
  if (!work) throw notFound(WORK_NOT_YOURS);
  if (input.price === null) await deleteSale(deps.db, workId);
  else {
    const row = { work_id: workId, submission_id: work.submission_id, price: input.price };
    await upsertSale(deps.db, row, deps.clock.now().toISOString());
  }
  deps.contentCache.invalidate();
  return { workId, price: input.price };
}
