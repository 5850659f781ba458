import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import type { Kysely } from 'kysely';
import type { AuditLogPage } from '../../../shared/schemas/admin.ts';
import type { DB } from '../../db/schema.ts';
import { countAuditEntries, findAuditEntries, insertAuditEntry } from './audit.repository.ts';

export interface AuditEntry {
  /** The admin who acted; null for a failed sign-in, whose claimed name goes in `actor`. */
  adminUserId: string | null;
  actor: string;
  /** What happened, as a dotted verb: 'auth.sign-in', 'competition.delete'. */
  action: string;
  entityType?: string;
  entityId?: string;
  /** A few words of context; never a password, code or session token. */
  details?: Record<string, unknown>;
}

/** The one way every admin write is recorded: who, what, which record, when. */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry, now: Date) {
  await insertAuditEntry(db, {
    id: randomUUID(),
    admin_user_id: entry.adminUserId,
    actor: entry.actor.slice(0, 120),
    action: entry.action,
    entity_type: entry.entityType ?? null,
    entity_id: entry.entityId ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    created_at: now.toISOString(),
  });
}

/** The signed-in admin who acts (what requireAdmin gives); no id for the site itself (the demo). */
export interface AuditActor {
  adminUserId: string | null;
  username: string;
}

/**
 * The audit entries about one kind of record, each naming the admin who acted:
 * `const audit = auditEntriesOf('banner')`, then `audit(admin, 'banner.delete', id, { title })`.
 */
export function auditEntriesOf(entityType: string) {
  return (
    admin: AuditActor,
    action: string,
    entityId: string | undefined,
    details: Record<string, unknown>,
  ): AuditEntry => ({
    adminUserId: admin.adminUserId,
    actor: admin.username,
    action,
    entityType,
    entityId,
    details,
  });
}

/** What an admin's change to public content needs of the app. */
export type ContentWriteContext = Pick<Deps, 'db' | 'contentCache'>;

/**
 * An admin's change to what the public site shows: `write` runs in one transaction, recording its
 * audit entry there too, so both are kept or neither is; once committed, the public copy held in
 * memory is dropped so the site shows the change at once. A write that throws changes nothing.
 */
export async function writePublicContent<T>(
  deps: ContentWriteContext,
  write: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction().execute(write);
  deps.contentCache.invalidate();
  return result;
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of the log, newest first. */
export async function listAuditLog(db: Kysely<DB>, page: number): Promise<AuditLogPage> {
  const [rows, total] = await Promise.all([
    findAuditEntries(db, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE),
    countAuditEntries(db),
  ]);
  return {
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total,
    entries: rows.map((r) => ({
      id: r.id,
      actor: r.actor,
      action: r.action,
      entityType: r.entity_type,
      entityId: r.entity_id,
      details: r.details ? (JSON.parse(r.details) as unknown) : null,
      createdAt: r.created_at,
    })),
  };
}
