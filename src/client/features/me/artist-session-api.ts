/*
 * Whether this browser has signed in as an artist. The session's cookie is out of a script's
 * reach, so the registration form asks for the artist's details only when this says so: a
 * visitor who never signed in sends no request that would only be refused.
 */

const KEY = 'ws:artist';

export function rememberArtist(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Storage refused: the form is simply not filled in.
  }
}

export function forgetArtist(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

export function mayBeArtist(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
