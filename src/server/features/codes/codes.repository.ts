import type { Insertable } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import type { CodesDb, CodeUsesTable, DiscountCodesTable } from './codes.tables.ts';

/** Codes and their uses: every query of the codes feature. */

const CODE_COLUMNS = [
  'id',
  'code',
  'kind',
  'value',
  'competition_id',
  'max_uses',
  'expires_at',
  'active',
] as const;

/**
 * A code by its (upper-case) text. With `lock` on PostgreSQL the row is locked until the
 * transaction ends, so two registrations using the last use of a code are counted one at a time
 * (SQLite writes one transaction at a time).
 */
export async function findCodeByText(db: CodesDb, code: string, lock = false) {
  let query = db.selectFrom('discount_codes').select(CODE_COLUMNS).where('code', '=', code);
  if (lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}
export type CodeRow = NonNullable<Awaited<ReturnType<typeof findCodeByText>>>;

export async function countCodeUses(db: CodesDb, codeId: string): Promise<number> {
  const row = await db
    .selectFrom('code_uses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('code_id', '=', codeId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function codeUsedBy(db: CodesDb, codeId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('code_uses')
    .select('id')
    .where('code_id', '=', codeId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCodeUse(db: CodesDb, row: Insertable<CodeUsesTable>): Promise<void> {
  await db.insertInto('code_uses').values(row).execute();
}

/** What a competition's prices are made of, as stored; `draft` and the type decide the rest. */
export async function findCompetitionPriceColumns(db: CodesDb, competitionId: string) {
  return db
    .selectFrom('competitions')
    .select([
      'id',
      'draft',
      'entry_type',
      'entry_fee',
      'further_work_fee',
      'early_bird_fee',
      'early_bird_further_fee',
      'early_bird_until',
      'late_fee',
      'late_further_fee',
      'late_from',
    ])
    .where('id', '=', competitionId)
    .executeTakeFirst();
}

export async function competitionExists(db: CodesDb, competitionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('competitions')
    .select('id')
    .where('id', '=', competitionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts the code; false when the code is taken (two admins adding one code at once too). */
export async function insertCode(
  db: CodesDb,
  row: Insertable<DiscountCodesTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('discount_codes')
    .values(row)
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deactivateCodeRow(db: CodesDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('discount_codes')
    .set({ active: 0 })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every code, newest first, with its competition's title. */
export async function findAllCodes(db: CodesDb) {
  return db
    .selectFrom('discount_codes as d')
    .leftJoin('competitions as c', 'c.id', 'd.competition_id')
    .select([...CODE_COLUMNS.map((c) => `d.${c}` as const), 'd.created_by', 'd.created_at'])
    .select('c.title as competition_title')
    .orderBy('d.created_at', 'desc')
    .orderBy('d.code')
    .execute();
}

/** Every use, oldest first, with its entry's reference (null once the entry is gone). */
export async function findAllCodeUses(db: CodesDb) {
  return db
    .selectFrom('code_uses as u')
    .leftJoin('submissions as s', 's.id', 'u.submission_id')
    .select(['u.code_id', 'u.email', 'u.discount', 'u.created_at', 's.reference'])
    .orderBy('u.created_at')
    .execute();
}
