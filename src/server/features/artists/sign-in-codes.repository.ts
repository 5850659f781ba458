import type { Insertable } from 'kysely';
import type { ArtistsDb, ArtistSignInCodesTable } from './artists.tables.ts';

/* The sign-in e-mails' codes and links (sign-in.ts): only their hashes. */

export async function insertArtistSignInCode(
  db: ArtistsDb,
  row: Insertable<ArtistSignInCodesTable>,
): Promise<void> {
  await db.insertInto('artist_sign_in_codes').values(row).execute();
}

/** The address's sign-ins still usable at `now`: unused, unexpired, with tries left. */
export async function findLiveCodesOf(
  db: ArtistsDb,
  email: string,
  now: string,
  maxAttempts: number,
) {
  return db
    .selectFrom('artist_sign_in_codes')
    .select(['id', 'email', 'code_hash'])
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .execute();
}

/** The sign-in a link's token belongs to, if still usable at `now`. */
export async function findLiveCodeByToken(
  db: ArtistsDb,
  tokenHash: string,
  now: string,
  maxAttempts: number,
) {
  return db
    .selectFrom('artist_sign_in_codes')
    .select(['id', 'email'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
}

/** A wrong code for `email`: each of its live sign-ins has one try fewer. */
export async function countWrongCode(db: ArtistsDb, email: string, now: string): Promise<void> {
  await db
    .updateTable('artist_sign_in_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/** Uses the sign-in up (its code and its link); false when another request used it first. */
export async function markArtistCodeUsed(db: ArtistsDb, id: string, now: string) {
  const result = await db
    .updateTable('artist_sign_in_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sign-ins expired before `before` (used or not) are of no use to anyone. */
export async function deleteArtistCodesBefore(db: ArtistsDb, before: string): Promise<void> {
  await db.deleteFrom('artist_sign_in_codes').where('expires_at', '<', before).execute();
}
