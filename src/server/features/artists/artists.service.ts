/*
 * The artists feature's front door: the artist's session, for the guard of the /api/me scope
 * (plugins/artist-guard.ts), which the other features' artist routes sit behind.
 */

export {
  ARTIST_ABSOLUTE_MS,
  type ArtistSessionUser,
  endArtistSession,
  findArtistSession,
} from './artist-sessions.ts';
export { deleteArtistOfEmail } from './artist-erasure.repository.ts';
