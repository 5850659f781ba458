import { type Kysely, sql } from 'kysely';

/*
 * A merit certificate for each awarded work: an entry whose works 1 and 3 won holds two, each
 * naming its work. The certificate no longer stands alone for its entry, so the table is rebuilt
 * without the entry's unique key (SQLite cannot drop a column's constraint in place), keyed by
 * entry and work instead; every certificate so far keeps its code, its work and its file.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

const COLUMNS = [
  'id',
  'code',
  'submission_id',
  'competition_id',
  'kind',
  'award',
  'work_id',
  'outcome',
  'issued_on',
  'file_key',
  'file_inputs',
  'created_at',
  'updated_at',
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('certificates_by_work')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('award', 'text')
    // The work a merit certificate names; null for participation (one per entry).
    .addColumn('work_id', 'text', (c) => c.references('entry_works.id').onDelete('set null'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text')
    .addColumn('file_inputs', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('certificates_submission_work', ['submission_id', 'work_id'])
    .execute();
  const list = sql.raw(COLUMNS.join(', '));
  await sql`insert into certificates_by_work (${list}) select ${list} from certificates`.execute(
    db,
  );
  await db.schema.dropTable('certificates').execute();
  await db.schema.alterTable('certificates_by_work').renameTo('certificates').execute();
  await db.schema
    .createIndex('certificates_competition_id')
    .on('certificates')
    .column('competition_id')
    .execute();
}
