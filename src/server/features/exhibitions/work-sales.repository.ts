import { entryFormFields } from '../submissions/submissions.service.ts';
import type { ExhibitionsDb } from './exhibitions.tables.ts';

/* The works their artists marked for sale, and whose a work is. */

export async function findSalePrices(db: ExhibitionsDb, workIds: readonly string[]) {
  if (workIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('exhibition_sales')
    .select(['work_id', 'price'])
    .where('work_id', 'in', [...workIds])
    .execute();
  return new Map(rows.map((r) => [r.work_id, Number(r.price)]));
}

/** The work, if an entry made with `email` holds it. */
export async function findWorkOfEmail(db: ExhibitionsDb, workId: string, email: string) {
  return db
    .selectFrom('entry_works as w')
    .innerJoin('submissions as s', 's.id', 'w.submission_id')
    .select(['w.id', 'w.submission_id'])
    .where('w.id', '=', workId)
    .where((eb) => eb(eb.fn('lower', ['s.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** The artist's works in opened exhibitions, with their answers and any price. */
export async function findExhibitedWorksOfEmail(db: ExhibitionsDb, email: string) {
  return db
    .selectFrom('exhibition_works as x')
    .innerJoin('exhibitions as e', 'e.id', 'x.exhibition_id')
    .innerJoin('entry_works as w', 'w.id', 'x.work_id')
    .innerJoin('submissions as s', 's.id', 'w.submission_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .leftJoin('exhibition_sales as p', 'p.work_id', 'w.id')
    .select([
      'w.id as work_id',
      'w.field_values as work_values',
      'e.title as exhibition_title',
      'e.competition_id',
      'p.price',
      's.id',
      's.full_name',
      's.publication_consent',
      's.field_values',
      entryFormFields('s', 'c'),
    ])
    .where('e.opened_at', 'is not', null)
    .where((eb) => eb(eb.fn('lower', ['s.email']), '=', email.toLowerCase()))
    .orderBy('e.opened_at', 'desc')
    .orderBy('x.position')
    .execute();
}

export async function upsertSale(
  db: ExhibitionsDb,
  row: { work_id: string; submission_id: string; price: number },
  stamp: string,
) {
  await db
    .insertInto('exhibition_sales')
    .values({ ...row, created_at: stamp, updated_at: stamp })
    .onConflict((oc) => oc.column('work_id').doUpdateSet({ price: row.price, updated_at: stamp }))
    .execute();
}

export async function deleteSale(db: ExhibitionsDb, workId: string) {
  await db.deleteFrom('exhibition_sales').where('work_id', '=', workId).execute();
}
