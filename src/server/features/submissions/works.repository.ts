import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { FeatureDb } from '../../db/feature-db.ts';
import { decodeWorkValues, type EntryLog, type StoredFieldValues } from './stored-entry.ts';
import type { EntryWorksTable, SubmissionsDb } from './submissions.tables.ts';

/*
 * The works of entries: each work's answers (the fields asked per work), in the entry's order.
 * Other features read them through worksOf, or firstWorkValues where an entry is shown as one work.
 */

/** What reading works needs: any feature's database view that declares entry_works. */
export type WorksDb = FeatureDb<'entry_works'>;

/** One work of an entry with its decoded answers. */
export interface StoredWork {
  id: string;
  submissionId: string;
  /** 1-based. */
  position: number;
  values: StoredFieldValues;
}

/** Ids per query: well under either engine's limit on bound values. */
const IDS_PER_QUERY = 500;

/** The works of these entries, decoded, by submission id, each entry's in order (none: absent). */
export async function worksOf(
  db: WorksDb,
  submissionIds: readonly string[],
  log: EntryLog,
): Promise<Map<string, StoredWork[]>> {
  const works = new Map<string, StoredWork[]>();
  const unique = [...new Set(submissionIds)];
  for (let start = 0; start < unique.length; start += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('entry_works')
      .select(['id', 'submission_id', 'position', 'field_values'])
      .where('submission_id', 'in', unique.slice(start, start + IDS_PER_QUERY))
      .orderBy('submission_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const work: StoredWork = {
        id: row.id,
        submissionId: row.submission_id,
        position: row.position,
        values: decodeWorkValues(row, log),
      };
      const list = works.get(row.submission_id);
      if (list) list.push(work);
      else works.set(row.submission_id, [work]);
    }
  }
  return works;
}

/**
 * The stored answers of the entry's first work, as a column of a query on submissions (`table`
 * is its name or alias there): null for an entry without works. Read it with decodeEntry.
 */
export function firstWorkValues(table = 'submissions'): RawBuilder<string | null> {
  return sql<
    string | null
  >`(select ew.field_values from entry_works ew where ew.submission_id = ${sql.ref(`${table}.id`)} and ew.position = 1)`;
}

/** An entry's works, as registration and the demo seed write them. */
export async function insertWorks(
  trx: SubmissionsDb,
  rows: readonly Insertable<EntryWorksTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('entry_works')
    .values([...rows])
    .execute();
}
