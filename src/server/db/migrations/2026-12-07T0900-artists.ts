import { type Kysely, sql } from 'kysely';

/*
 * The artist's side: an artist, known by their e-mail address alone (created at their first
 * sign-in), their sessions (only each token's hash), and the sign-in e-mails' codes and links
 * (only hashes), so a copy of the database signs nobody in. An artist's entries are those made
 * with their address in any case: an index on that expression finds them in one probe.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('artists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('artist_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('artist_id', 'text', (c) => c.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('artist_sessions_artist_id')
    .on('artist_sessions')
    .column('artist_id')
    .execute();
  await db.schema
    .createTable('artist_sign_in_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('artist_sign_in_codes_email')
    .on('artist_sign_in_codes')
    .column('email')
    .execute();
  await sql`create index submissions_email_key on submissions (lower(trim(email)))`.execute(db);
}
