import type { Insertable } from 'kysely';
import type { ArtistsDb, ArtistSignInCodesTable } from './artists.tables.ts';

/*
 * The sign-in e-mails' codes and links (sign-in.ts): only their hashes. Finding, trying, using
 * and deleting them is the one mechanism of server/one-time-codes.ts, over this table.
 */

export async function insertArtistSignInCode(
  db: ArtistsDb,
  row: Insertable<ArtistSignInCodesTable>,
): Promise<void> {
  await db.insertInto('artist_sign_in_codes').values(row).execute();
}
