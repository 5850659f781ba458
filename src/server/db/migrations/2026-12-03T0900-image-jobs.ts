import type { Kysely } from 'kysely';

/*
 * Picture jobs, so a registration answers fast: a registration keeps each picture as sent and answers; making the
 * stored copies (re-encoded, metadata stripped, the display copy) is a job any server's worker
 * claims from here. A row exists while its picture is not ready: pending (waiting, or claimed by
 * a worker until claimed_until) or failed for good; it is deleted once the copies are stored.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('image_jobs')
    // The key of the file the job makes: the picture as the submission names it.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    // 'photo' or 'artwork': what is made of it.
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'pending', 'working' (claimed until claimed_until) or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('image_jobs_due')
    .on('image_jobs')
    .columns(['status', 'run_after'])
    .execute();
  await db.schema
    .createIndex('image_jobs_submission_id')
    .on('image_jobs')
    .column('submission_id')
    .execute();
}
