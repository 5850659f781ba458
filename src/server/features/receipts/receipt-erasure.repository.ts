import { NAME_WITHHELD } from '../../../shared/schemas/publication-consent.ts';
import type { ReceiptsDb } from './receipts.tables.ts';

/**
 * An erased artist's receipts and credit notes: kept, numbered and summed as the tax law wants
 * them, but without the name and address they were issued to.
 */
export async function anonymiseReceiptsOf(
  trx: ReceiptsDb,
  submissionIds: readonly string[],
): Promise<void> {
  if (submissionIds.length === 0) return;
  await trx
    .updateTable('receipts')
    .set({ artist_name: NAME_WITHHELD, artist_email: '' })
    .where('submission_id', 'in', submissionIds)
    .execute();
}
