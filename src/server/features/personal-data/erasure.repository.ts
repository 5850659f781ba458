import type { Insertable } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import type { ErasureRequestsTable, PersonalDataDb } from './personal-data.tables.ts';

/* Erasure requests: every query of the personal-data feature. */

const COLUMNS = ['id', 'email', 'requested_at', 'due_at', 'completed_at', 'entries'] as const;

/** Inserts the request unless one waits for its address already; true when it was inserted. */
export async function insertErasureRequest(
  db: PersonalDataDb,
  row: Insertable<ErasureRequestsTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('erasure_requests')
    .values(row)
    .onConflict((oc) => oc.column('pending_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The request waiting for `email` (lower-case), if any. */
export async function findPendingErasure(db: PersonalDataDb, email: string) {
  return db
    .selectFrom('erasure_requests')
    .select(COLUMNS)
    .where('pending_key', '=', email)
    .executeTakeFirst();
}

/** Every request: those waiting first, the soonest due first; then the completed, newest first. */
export async function findErasureRequests(db: PersonalDataDb) {
  return (
    db
      .selectFrom('erasure_requests')
      .select(COLUMNS)
      .orderBy((eb) => eb.case().when('completed_at', 'is', null).then(0).else(1).end())
      // The due date orders only those waiting: the completed, by when they were completed.
      .orderBy((eb) => eb.case().when('completed_at', 'is', null).then(eb.ref('due_at')).end())
      .orderBy('completed_at', 'desc')
      .limit(500)
      .execute()
  );
}

/** One request by its id. */
export async function findErasureRequest(db: PersonalDataDb, id: string) {
  return db.selectFrom('erasure_requests').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The request, its row locked on PostgreSQL until the transaction ends. */
export async function lockErasureRequest(db: PersonalDataDb, id: string) {
  let query = db.selectFrom('erasure_requests').select(COLUMNS).where('id', '=', id);
  if (isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Marks it completed and forgets its address; false when another completed it first. */
export async function markErasureCompleted(
  db: PersonalDataDb,
  id: string,
  done: { at: string; by: string | null; entries: number },
): Promise<boolean> {
  const result = await db
    .updateTable('erasure_requests')
    .set({
      email: '',
      pending_key: null,
      completed_at: done.at,
      completed_by: done.by,
      entries: done.entries,
    })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
