import type { EntryExtensionsTable } from '../../db/schema.ts';
import type { CompetitionsDb } from './competitions.tables.ts';

/* Artists' extensions past the close, and what an entry's payment window is decided from. */

export async function insertExtension(
  db: CompetitionsDb,
  row: EntryExtensionsTable,
): Promise<void> {
  await db.insertInto('entry_extensions').values(row).execute();
}

export async function findExtensionByTokenHash(db: CompetitionsDb, tokenHash: string) {
  return db
    .selectFrom('entry_extensions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findExtensionById(db: CompetitionsDb, id: string) {
  return db.selectFrom('entry_extensions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A competition's extensions, newest first, with how many entries each let in. */
export async function findExtensionsOf(db: CompetitionsDb, competitionId: string) {
  return db
    .selectFrom('entry_extensions as x')
    .select((eb) => [
      'x.id',
      'x.email',
      'x.valid_until',
      'x.created_by',
      'x.created_at',
      eb
        .selectFrom('submissions as s')
        .select((sb) => sb.fn.countAll<number>().as('n'))
        .whereRef('s.extension_id', '=', 'x.id')
        .as('used'),
    ])
    .where('x.competition_id', '=', competitionId)
    .orderBy('x.created_at', 'desc')
    .execute();
}

/** The extension an entry was registered with after the close, if any. */
export async function findExtensionOfEntry(db: CompetitionsDb, submissionId: string) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('entry_extensions as x', 'x.id', 's.extension_id')
    .select(['x.valid_until', 'x.created_by'])
    .where('s.id', '=', submissionId)
    .executeTakeFirst();
}

/** The competition and extension an entry was registered with. */
export async function findEntryWindowRow(db: CompetitionsDb, submissionId: string) {
  return db
    .selectFrom('submissions as s')
    .leftJoin('entry_extensions as x', 'x.id', 's.extension_id')
    .select(['s.competition_id', 'x.valid_until as extended_until'])
    .where('s.id', '=', submissionId)
    .executeTakeFirst();
}
