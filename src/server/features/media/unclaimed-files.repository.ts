import { sql } from 'kysely';
import type { MediaDb } from './media.tables.ts';

/** Private files written for a record not committed yet (unclaimed_files): see unclaimed-files.ts. */

/**
 * Lists a file; one listed already keeps the earlier of the two times (a file released for the
 * next sweep stays due, whoever lists it again meanwhile: a picture's job, see image-jobs.ts).
 */
export async function insertUnclaimedFile(
  db: MediaDb,
  key: string,
  createdAt: string,
): Promise<void> {
  await db
    .insertInto('unclaimed_files')
    .values({ key, created_at: createdAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        created_at: sql<string>`case when excluded.created_at < unclaimed_files.created_at then excluded.created_at else unclaimed_files.created_at end`,
      }),
    )
    .execute();
}

/** Removes the keys' rows; answers how many there were. */
export async function deleteUnclaimedFiles(db: MediaDb, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const result = await db.deleteFrom('unclaimed_files').where('key', 'in', keys).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Up to `limit` keys listed before `before`, oldest first. */
export async function findUnclaimedFilesBefore(
  db: MediaDb,
  before: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('unclaimed_files')
    .select('key')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.key);
}
