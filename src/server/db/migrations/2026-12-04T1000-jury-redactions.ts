import type { Kysely } from 'kysely';

/*
 * The jury's copy of an answer that named its artist: the admin's redacted text, kept beside the
 * artist's own answer (which stays as given), one per entry and field. Form fields' "shown to
 * jurors" flag needs no migration: a stored field without it reads as its type's default.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jury_redactions')
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('jury_text', 'text', (c) => c.notNull())
    .addColumn('redacted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('jury_redactions_pk', ['submission_id', 'field_id'])
    .execute();
}
