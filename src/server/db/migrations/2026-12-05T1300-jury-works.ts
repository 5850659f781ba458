import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/*
 * The jury judges works, not entries: each work of an entry sits in a round under its own alias,
 * is assigned, scored and ranked on its own. The round's, assignments' and scores' tables are
 * rebuilt keyed by work (SQLite cannot change a primary key in place); what was recorded about an
 * entry moves onto its first work, which for an entry made before works kept the entry's id. A
 * redaction names the work whose answer it hides (null: an answer asked once per entry). An award
 * goes to a work (an entry may win with two), and a merit certificate names its work.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type Builder = CreateTableBuilder<any, any>;

/** The entry's first work, in a select from a table aliased `old` with `submission_id`. */
const FIRST_WORK = sql`(select ew.id from entry_works ew where ew.submission_id = old.submission_id and ew.position = 1)`;

/** The columns every rebuilt table starts with: the round, the entry, and now the work. */
function roundAndWork(table: Builder): Builder {
  return table
    .addColumn('round_id', 'text', (c) =>
      c.notNull().references('jury_rounds.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('work_id', 'text', (c) =>
      c.notNull().references('entry_works.id').onDelete('cascade'),
    );
}

/** Builds `<name>_by_work`, copies `<name>` into it with each row's first work, swaps them. */
async function rebuild(
  db: AnyDb,
  name: string,
  build: (table: Builder) => Builder,
  columns: string[],
): Promise<void> {
  const next = `${name}_by_work`;
  await build(roundAndWork(db.schema.createTable(next))).execute();
  const list = sql.raw(columns.join(', '));
  const fromOld = sql.raw(columns.map((c) => `old.${c}`).join(', '));
  await sql`
    insert into ${sql.table(next)} (round_id, submission_id, work_id, ${list})
    select old.round_id, old.submission_id, ${FIRST_WORK}, ${fromOld}
    from ${sql.table(name)} old
  `.execute(db);
  await db.schema.dropTable(name).execute();
  await db.schema.alterTable(next).renameTo(name).execute();
}

async function rebuildJuryTables(db: AnyDb): Promise<void> {
  await rebuild(
    db,
    'jury_round_entries',
    (t) =>
      t
        .addColumn('alias', 'text', (c) => c.notNull())
        .addColumn('jurors_missing', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('jury_round_works_pk', ['round_id', 'work_id'])
        .addUniqueConstraint('jury_round_works_alias', ['round_id', 'alias']),
    ['alias', 'jurors_missing'],
  );
  await rebuild(
    db,
    'jury_assignments',
    (t) =>
      t
        .addColumn('juror_id', 'text', (c) =>
          c.notNull().references('admin_users.id').onDelete('cascade'),
        )
        .addColumn('order_key', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('scored_at', 'text')
        .addColumn('conflict_reason', 'text')
        .addColumn('conflict_at', 'text')
        .addColumn('assigned_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('jury_work_assignments_pk', ['round_id', 'work_id', 'juror_id']),
    [
      'juror_id',
      'order_key',
      'comment',
      'scored_at',
      'conflict_reason',
      'conflict_at',
      'assigned_at',
    ],
  );
  // The index of the table dropped went with it; each juror's order is read by it.
  await db.schema
    .createIndex('jury_work_assignments_juror')
    .on('jury_assignments')
    .columns(['round_id', 'juror_id', 'order_key'])
    .execute();
  await rebuild(
    db,
    'jury_scores',
    (t) =>
      t
        .addColumn('juror_id', 'text', (c) =>
          c.notNull().references('admin_users.id').onDelete('cascade'),
        )
        .addColumn('criterion_id', 'text', (c) =>
          c.notNull().references('jury_criteria.id').onDelete('cascade'),
        )
        .addColumn('score', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('jury_work_scores_pk', [
          'round_id',
          'work_id',
          'juror_id',
          'criterion_id',
        ]),
    ['juror_id', 'criterion_id', 'score'],
  );
}

/** An award names its work; one award per work, so an entry may win with two works. */
async function rebuildAwards(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('awards_by_work')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('work_id', 'text', (c) =>
      c.notNull().references('entry_works.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('prize', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('awards_competition_work', ['competition_id', 'work_id'])
    .execute();
  await sql`
    insert into awards_by_work
      (id, competition_id, submission_id, work_id, title, prize, position, created_at, updated_at)
    select old.id, old.competition_id, old.submission_id, ${FIRST_WORK}, old.title, old.prize,
      old.position, old.created_at, old.updated_at
    from awards old
  `.execute(db);
  await db.schema.dropTable('awards').execute();
  await db.schema.alterTable('awards_by_work').renameTo('awards').execute();
  // Deleting an entry looks its awards up by submission.
  await db.schema
    .createIndex('awards_by_work_submission_id')
    .on('awards')
    .column('submission_id')
    .execute();
}

export async function up(db: AnyDb): Promise<void> {
  await rebuildJuryTables(db);
  await rebuildAwards(db);
  // The work a merit certificate names: its entry's award's work (null: participation).
  await db.schema
    .alterTable('certificates')
    .addColumn('work_id', 'text', (c) => c.references('entry_works.id').onDelete('set null'))
    .execute();
  await sql`
    update certificates set work_id = (
      select a.work_id from awards a where a.submission_id = certificates.submission_id
      order by a.position limit 1
    ) where kind = 'merit'
  `.execute(db);
}
