import type { ResultsDb } from './results.tables.ts';

/**
 * An erased artist's certificates: the PDFs stored of them print the name, so they are forgotten
 * (made again, with the name withheld, when next asked for). Answers the stored files' keys, for
 * the caller to delete.
 */
export async function forgetCertificateFilesOf(
  trx: ResultsDb,
  submissionIds: readonly string[],
): Promise<string[]> {
  if (submissionIds.length === 0) return [];
  const rows = await trx
    .selectFrom('certificates')
    .select('file_key')
    .where('submission_id', 'in', submissionIds)
    .where('file_key', 'is not', null)
    .execute();
  await trx
    .updateTable('certificates')
    .set({ file_key: null, file_inputs: null })
    .where('submission_id', 'in', submissionIds)
    .execute();
  return rows.flatMap((row) => (row.file_key === null ? [] : [row.file_key]));
}
