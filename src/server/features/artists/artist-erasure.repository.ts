import type { ArtistsDb } from './artists.tables.ts';

/** An erased artist: their row (their sessions go with it) and their sign-ins are deleted. */
export async function deleteArtistOfEmail(trx: ArtistsDb, email: string): Promise<void> {
  const key = email.trim().toLowerCase();
  await trx.deleteFrom('artist_sign_in_codes').where('email', '=', key).execute();
  await trx.deleteFrom('artists').where('email', '=', key).execute();
}
