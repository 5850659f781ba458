import { NAME_WITHHELD } from '../../../shared/schemas/publication-consent.ts';
import { searchTextOf } from './search-text.ts';
import type { SubmissionsDb } from './submissions.tables.ts';

/*
 * An erased artist's entry: their name and contacts replaced, their photo forgotten, the result
 * shown without a name (as the consent "show my work without my name" shows it). The entry, its
 * answers about the work and its payment stay, so results and the ledger still add up.
 */

/** The address an erased entry keeps: one per entry, reserved (.invalid), matching nobody's. */
export const erasedAddressOf = (submissionId: string) => `erased-${submissionId}@erased.invalid`;

export async function anonymiseEntryRow(
  trx: SubmissionsDb,
  row: { id: string; reference: string; publication_consent: string | null },
  stamp: string,
): Promise<void> {
  const email = erasedAddressOf(row.id);
  await trx
    .updateTable('submissions')
    .set({
      full_name: NAME_WITHHELD,
      email,
      phone: '',
      address: '',
      pincode: '',
      photo_key: '',
      guardian_name: null,
      // Shown without a name; an artist who allowed no showing at all still is not shown.
      publication_consent: row.publication_consent === 'none' ? 'none' : 'anonymous',
      search_text: searchTextOf({ fullName: NAME_WITHHELD, email, reference: row.reference }),
      updated_at: stamp,
    })
    .where('id', '=', row.id)
    .execute();
}
