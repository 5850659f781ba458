import { type Kysely, sql } from 'kysely';

/*
 * Fees the way art calls charge them: a fee for each further work, early-bird and late prices
 * (each optional; a missing one falls back to the standard fee), and codes. Every new column is
 * nullable or has a default, so a competition that sets nothing prices as before and a server of
 * the previous release keeps working. An entry keeps what it was priced at: gross, discount, the
 * code and the tier; `entry_fee` stays the amount charged (gross, for the entries made before).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('further_work_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of [
    'early_bird_fee',
    'early_bird_further_fee',
    'late_fee',
    'late_further_fee',
  ]) {
    await db.schema.alterTable('competitions').addColumn(column, 'integer').execute();
  }
  for (const column of ['early_bird_until', 'late_from']) {
    await db.schema.alterTable('competitions').addColumn(column, 'text').execute();
  }
  for (const column of ['gross_fee', 'discount']) {
    await db.schema
      .alterTable('submissions')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('submissions').addColumn('code_id', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('price_tier', 'text').execute();
  await db
    .updateTable('submissions')
    .set((eb) => ({ gross_fee: eb.ref('entry_fee') }))
    .execute();
  await createCodeTables(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function createCodeTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Upper-cased by the server, so 'welcome20' and 'WELCOME20' are one code.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sqlKind()))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('competition_id', 'text', (c) => c.references('competitions.id').onDelete('cascade'))
    .addColumn('max_uses', 'integer')
    .addColumn('expires_at', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('code_uses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_id', 'text', (c) =>
      c.notNull().references('discount_codes.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('competition_id', 'text')
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One use per artist: the database refuses a second, whichever server tries.
    .addUniqueConstraint('code_uses_code_email', ['code_id', 'email'])
    .execute();
  await db.schema
    .createIndex('code_uses_submission_id')
    .on('code_uses')
    .column('submission_id')
    .execute();
}

function sqlKind() {
  return sql`kind in ('percent', 'fixed', 'waiver')`;
}
