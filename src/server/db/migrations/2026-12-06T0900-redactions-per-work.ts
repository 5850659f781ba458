import type { Kysely } from 'kysely';

/*
 * A redaction hides one answer of one work: an entry of three works may name its artist in the
 * second work's description alone. The jury's copies are keyed by the work's number as well
 * (0: an answer the entry gives once, such as a statement), so the table is rebuilt (SQLite
 * cannot change a primary key in place). A redaction made before names the answer the entry's
 * first work holds, when it holds one; else the entry's own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

interface OldRow {
  submission_id: string;
  field_id: string;
  jury_text: string;
  redacted_at: string;
}

/** The fields the entry's first work answers, by entry. */
async function firstWorkFields(db: AnyDb, ids: string[]): Promise<Map<string, Set<string>>> {
  const fields = new Map<string, Set<string>>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = (await db
      .selectFrom('entry_works')
      .select(['submission_id', 'field_values'])
      .where('submission_id', 'in', ids.slice(start, start + 500))
      .where('position', '=', 1)
      .execute()) as { submission_id: string; field_values: string }[];
    for (const row of rows) {
      let values: unknown;
      try {
        values = JSON.parse(row.field_values);
      } catch {
        values = {};
      }
      const keys = values && typeof values === 'object' ? Object.keys(values) : [];
      fields.set(row.submission_id, new Set(keys));
    }
  }
  return fields;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('jury_redactions_by_work')
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    // The work's number from 1; 0 for an answer asked once per entry.
    .addColumn('work_position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('jury_text', 'text', (c) => c.notNull())
    .addColumn('redacted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('jury_redactions_work_pk', [
      'submission_id',
      'work_position',
      'field_id',
    ])
    .execute();
  const old = (await db.selectFrom('jury_redactions').selectAll().execute()) as OldRow[];
  const fields = await firstWorkFields(db, [...new Set(old.map((r) => r.submission_id))]);
  for (let start = 0; start < old.length; start += 200) {
    const rows = old.slice(start, start + 200).map((row) => ({
      ...row,
      work_position: fields.get(row.submission_id)?.has(row.field_id) ? 1 : 0,
    }));
    await db.insertInto('jury_redactions_by_work').values(rows).execute();
  }
  await db.schema.dropTable('jury_redactions').execute();
  await db.schema.alterTable('jury_redactions_by_work').renameTo('jury_redactions').execute();
}
