import type { ArtistsDb } from './artists.tables.ts';

/** An erased artist: their row (and with it their sessions) and their sign-ins are deleted. */
export async function deleteArtistOfEmail(trx: ArtistsDb, email: string): Promise<void> {
  const key = email.trim().toLowerCase();
  await trx.deleteFrom('artist_sign_in_codes').where('email', '=', key).execute();
  const artist = await trx
    .selectFrom('artists')
    .select('id')
    .where('email', '=', key)
    .executeTakeFirst();
  if (!artist) return;
  // SQLite enforces the cascade only with its foreign-key pragma on: deleted by hand.
  await trx.deleteFrom('artist_sessions').where('artist_id', '=', artist.id).execute();
  await trx.deleteFrom('artists').where('id', '=', artist.id).execute();
}
