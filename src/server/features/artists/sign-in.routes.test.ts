import { beforeEach, describe, expect, it } from 'vitest';
import {
  addArtistEntry,
  artistCookie,
  asArtist,
  latestSignInEmail,
  ME_URL,
  postSignIn,
  requestSignIn,
  signInArtist,
} from '../../../../tests/setup/artist-session.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { ARTIST_SIGN_IN_MESSAGES } from '../../../shared/schemas/artist.ts';

/*
 * The artist's sign-in over HTTP: a request e-mails a link and a code to an address with entries,
 * either signs in once, and the session opens /api/me.
 */

const t = useTestApp();
const db = () => t.app.deps.db;
const ASHA = 'asha.rao@example.com';

beforeEach(async () => {
  for (const table of [
    'artist_sessions',
    'artist_sign_in_codes',
    'artists',
    'submissions',
    'email_outbox',
    'rate_limit_hits',
    'audit_log',
  ] as const) {
    await db().deleteFrom(table).execute();
  }
});

describe(`an artist signs in by e-mail on ${TEST_ENGINE}`, () => {
  it('e-mails an address with entries a link and a code; the code signs in, /api/me says who', async () => {
    await addArtistEntry(t, 'Asha.Rao@Example.com');
    const asked = await requestSignIn(t, { email: ` ${ASHA.toUpperCase()} ` });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: ARTIST_SIGN_IN_MESSAGES.sent });
    const { code, token, text } = await latestSignInEmail(t, ASHA);
    expect(text).toContain(`/me/sign-in#${token}`);

    const signedIn = await postSignIn(t, { email: ASHA, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({ email: ASHA });
    const cookie = artistCookie(signedIn);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const me = await asArtist(t, cookie.value, 'GET', ME_URL);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ email: ASHA });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('refuses /api/me without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: ME_URL });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' },
    });
  });

  it('signs in through the test helper', async () => {
    await addArtistEntry(t, ASHA);
    const token = await signInArtist(t, ASHA);
    expect((await asArtist(t, token, 'GET', ME_URL)).json()).toEqual({ email: ASHA });
  });
});
