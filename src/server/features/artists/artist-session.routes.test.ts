import { beforeEach, describe, expect, it } from 'vitest';
import {
  addArtistEntry,
  artistCookie,
  asArtist,
  clearArtists,
  latestSignInEmail,
  ME_URL,
  postSignIn,
  requestSignIn,
  signInArtist,
} from '../../../../tests/setup/artist-session.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { buildTestApp, OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { ARTIST_ABSOLUTE_MS, ARTIST_IDLE_MS } from './artist-sessions.ts';

/*
 * The artist's session over HTTP: signing out, the idle and absolute timeouts, stale sessions
 * cleaned up, a new session at each sign-in, and the __Host- cookie behind HTTPS.
 */

const clock = createRunningClock();
const t = useTestApp({ clock });
const db = () => t.app.deps.db;
const ASHA = 'asha.rao@example.com';
const SIGN_OUT_URL = '/api/me/sign-out';
const HOUR_MS = 60 * 60 * 1000;

beforeEach(async () => {
  await clearArtists(t);
  await addArtistEntry(t, ASHA);
});

const me = (token: string) => asArtist(t, token, 'GET', ME_URL);
const sessions = () => db().selectFrom('artist_sessions').selectAll().execute();

describe(`signing out on ${TEST_ENGINE}`, () => {
  it('ends the session on the server, clears the cookie and audits it', async () => {
    const token = await signInArtist(t, ASHA);
    const other = await signInArtist(t, ASHA);
    const response = await asArtist(t, token, 'POST', SIGN_OUT_URL);
    expect(response.statusCode).toBe(204);
    const cleared = artistCookie(response);
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await me(token)).statusCode).toBe(401);
    // Only this browser's session ends.
    expect((await me(other)).statusCode).toBe(200);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('action', '=', 'artist.sign-out')
      .execute();
    expect(audit).toEqual([{ action: 'artist.sign-out', actor: 'artist' }]);
  });

  it('needs a session, and our CSRF header', async () => {
    const signedOut = await t.app.inject({
      method: 'POST',
      url: SIGN_OUT_URL,
      headers: OUR_CLIENT_HEADERS,
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
    const token = await signInArtist(t, ASHA);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: SIGN_OUT_URL,
      cookies: { ws_artist: token },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('CSRF_REJECTED');
    expect((await me(token)).statusCode).toBe(200);
  });

  it('opens a new session at each sign-in, ending the one the browser had', async () => {
    const old = await signInArtist(t, ASHA);
    await requestSignIn(t, { email: ASHA });
    const { code } = await latestSignInEmail(t, ASHA);
    const again = await postSignIn(t, { email: ASHA, code }, { cookies: { ws_artist: old } });
    expect(again.statusCode).toBe(200);
    const fresh = artistCookie(again).value;
    expect(fresh).not.toBe(old);
    expect((await me(old)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });
});

describe(`the session's timeouts on ${TEST_ENGINE}`, () => {
  it('ends after 2 hours idle; a request within them keeps it alive', async () => {
    const token = await signInArtist(t, ASHA);
    clock.advance(HOUR_MS);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(ARTIST_IDLE_MS - 60_000);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(ARTIST_IDLE_MS);
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect(await sessions()).toEqual([]);
  });

  it('ends after 24 hours however busy', async () => {
    const token = await signInArtist(t, ASHA);
    for (let elapsed = HOUR_MS; elapsed < ARTIST_ABSOLUTE_MS; elapsed += HOUR_MS) {
      clock.advance(HOUR_MS);
      expect((await me(token)).statusCode, `${elapsed / HOUR_MS} h`).toBe(200);
    }
    clock.advance(HOUR_MS);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('deletes stale sessions at the next sign-in', async () => {
    await signInArtist(t, ASHA);
    await signInArtist(t, ASHA);
    clock.advance(ARTIST_IDLE_MS + 1_000);
    const fresh = await signInArtist(t, ASHA);
    expect(await sessions()).toHaveLength(1);
    expect((await me(fresh)).statusCode).toBe(200);
  });
});

describe(`behind HTTPS on ${TEST_ENGINE}`, () => {
  it('the cookie is __Host-ws_artist, Secure, HttpOnly, Path=/, and opens /api/me', async () => {
    const proxied = await buildTestApp({ trustProxy: true });
    const https = { ...OUR_CLIENT_HEADERS, 'x-forwarded-proto': 'https' };
    try {
      await addArtistEntry(proxied, ASHA);
      await proxied.app.inject({
        method: 'POST',
        url: '/api/artist/sign-in/requests',
        headers: https,
        payload: { email: ASHA },
      });
      const { code } = await latestSignInEmail(proxied, ASHA);
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/artist/sign-in',
        headers: https,
        payload: { email: ASHA, code },
      });
      expect(response.statusCode, response.body).toBe(200);
      const raw = String(response.headers['set-cookie']);
      expect(raw).toMatch(/^__Host-ws_artist=[A-Za-z0-9_-]{43};/);
      expect(raw).toContain('Secure');
      expect(raw).toContain('HttpOnly');
      expect(raw).toContain('SameSite=Lax');
      expect(raw).not.toMatch(/Domain=/i);
      const token = artistCookie(response, '__Host-ws_artist').value;
      const session = await proxied.app.inject({
        method: 'GET',
        url: ME_URL,
        headers: https,
        cookies: { '__Host-ws_artist': token },
      });
      expect(session.json()).toEqual({ email: ASHA });
      // The plain cookie's name is not read behind HTTPS.
      const plain = await proxied.app.inject({
        method: 'GET',
        url: ME_URL,
        headers: https,
        cookies: { ws_artist: token },
      });
      expect(plain.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
