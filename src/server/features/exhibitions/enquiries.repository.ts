import type { Insertable } from 'kysely';
import type { ExhibitionEnquiriesTable, ExhibitionsDb } from './exhibitions.tables.ts';

/* Visitors' enquiries about works for sale, and the admin's answers. */

export async function insertEnquiry(db: ExhibitionsDb, row: Insertable<ExhibitionEnquiriesTable>) {
  await db.insertInto('exhibition_enquiries').values(row).execute();
}

export async function findEnquiries(db: ExhibitionsDb) {
  return db
    .selectFrom('exhibition_enquiries')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(500)
    .execute();
}

export async function findEnquiry(db: ExhibitionsDb, id: string) {
  return db.selectFrom('exhibition_enquiries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Answers the enquiry unless it is answered already; false when another answer came first. */
export async function recordEnquiryAnswer(
  db: ExhibitionsDb,
  id: string,
  answer: { answer: string; answered_at: string; answered_by: string },
): Promise<boolean> {
  const result = await db
    .updateTable('exhibition_enquiries')
    .set(answer)
    .where('id', '=', id)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
