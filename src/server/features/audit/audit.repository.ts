import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, DB } from '../../db/schema.ts';

export async function insertAuditEntry(
  db: Kysely<DB>,
  row: Insertable<AuditLogTable>,
): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Newest first; entries of the same instant in id order, so pages never overlap. */
export async function findAuditEntries(db: Kysely<DB>, limit: number, offset: number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAuditEntries(db: Kysely<DB>): Promise<number> {
  const { n } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
