import { sql } from 'kysely';
import type { ResultsDb } from './results.tables.ts';
import { entryFormFields, firstWorkValues } from '../submissions/submissions.service.ts';

/** A published certificate by code; undefined when none (or its results were taken down). */
export async function findCertificate(db: ResultsDb, code: string) {
  return db
    .selectFrom('certificates as c')
    .innerJoin('submissions as s', 's.id', 'c.submission_id')
    .innerJoin('competitions as k', 'k.id', 'c.competition_id')
    .innerJoin('results_publications as p', 'p.competition_id', 'c.competition_id')
    .leftJoin('categories as cat', 'cat.id', 's.category_id')
    .select([
      'c.id',
      'c.code',
      'c.competition_id',
      'c.kind',
      'c.award',
      'c.issued_on',
      'c.file_key',
      'c.file_inputs',
      's.full_name',
      // What the PDF names the work by: the entry's title answer (artworkTitleOf).
      's.id as submission_id',
      's.reference',
      's.field_values',
      // A merit certificate names its award's work; else the entry's first.
      sql<
        string | null
      >`coalesce((select ew.field_values from entry_works ew where ew.id = c.work_id), ${firstWorkValues('s')})`.as(
        'work_values',
      ),
      entryFormFields('s', 'cat'),
      'k.title as competition_title',
    ])
    .where('c.code', '=', code)
    .where('p.published_at', 'is not', null)
    .executeTakeFirst();
}

/** The stored PDF of a certificate and a hash of what it was made from. */
export async function setCertificateFile(
  db: ResultsDb,
  id: string,
  key: string,
  inputs: string,
): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ file_key: key, file_inputs: inputs })
    .where('id', '=', id)
    .execute();
}
