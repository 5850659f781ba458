import { type Kysely, sql } from 'kysely';

/*
 * Registration and the e-mail outbox.
 * - submissions: the request fingerprint behind an idempotency key (the same key with another
 *   body is refused), the artist's consent and, for a minor, the guardian's, each with its time.
 * - reference_counters: one row per series ('WS-2026'), so references are short, in order and
 *   unique under concurrency on both engines (an upsert that returns the new value).
 * - unclaimed_files: a private file written for a submission that is not committed yet; the
 *   submission's transaction deletes its rows, and the sweeper removes the files still listed
 *   after an hour, so a crash between file and row leaves nothing behind for long.
 * - rate_limit_hits: requests counted per scope and address, shared by every server process.
 * - email_outbox is made anew: nothing wrote to it before this release, and its states, its
 *   claim on a row and its link to a submission are new.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('idempotency_hash', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('consent_at', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('guardian_name', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('guardian_consent_at', 'text').execute();

  await db.schema
    .createTable('reference_counters')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('unclaimed_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unclaimed_files_created_at')
    .on('unclaimed_files')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('hit_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_scope_key_at')
    .on('rate_limit_hits')
    .columns(['scope', 'client_key', 'hit_at'])
    .execute();

  await db.schema.dropTable('email_outbox').execute();
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // What the message is for ('registration-confirmation', ...), for the admin's list.
    .addColumn('kind', 'text', (c) => c.notNull())
    // The message stays readable when its submission is deleted.
    .addColumn('submission_id', 'text', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    // pending: waiting for its turn (again, after a failed attempt); sending: claimed by a
    // worker until claimed_until; sent; failed: gave up after the last attempt; not_sent: no
    // SMTP server is configured, so it is kept here to be read.
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'failed', 'not_sent')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('send_after', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_outbox_status_send_after')
    .on('email_outbox')
    .columns(['status', 'send_after'])
    .execute();
  await db.schema
    .createIndex('email_outbox_created_at')
    .on('email_outbox')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('email_outbox_submission_id')
    .on('email_outbox')
    .column('submission_id')
    .execute();
}
