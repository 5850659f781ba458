import type { Insertable } from 'kysely';
import type { AuditLogTable } from '../../db/schema.ts';
import type { AuditDb } from './audit.tables.ts';

export async function insertAuditEntry(db: AuditDb, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Newest first; entries of the same instant in id order, so pages never overlap. */
export async function findAuditEntries(db: AuditDb, limit: number, offset: number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAuditEntries(db: AuditDb): Promise<number> {
  const { n } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
