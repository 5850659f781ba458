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
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { ARTIST_SIGN_IN_MESSAGES } from '../../../shared/schemas/artist.ts';
import { ARTIST_CODE_LIFETIME_MS } from './sign-in.ts';

/*
 * The artist's sign-in over HTTP: a request e-mails a link and a code to an address with entries
 * (and answers the same for any other), either signs in once within 15 minutes, 5 wrong codes
 * kill it, and the session opens /api/me.
 */

const clock = createRunningClock();
const t = useTestApp({ clock });
const db = () => t.app.deps.db;
const ASHA = 'asha.rao@example.com';
const REJECTED = { error: { code: 'SIGN_IN_REJECTED', message: ARTIST_SIGN_IN_MESSAGES.rejected } };

beforeEach(async () => {
  await clearArtists(t);
  await addArtistEntry(t, 'Asha.Rao@Example.com');
});

/** Asks for a sign-in e-mail to `email` and returns its code and token. */
async function emailed(email = ASHA) {
  const asked = await requestSignIn(t, { email });
  expect(asked.statusCode, asked.body).toBe(202);
  return latestSignInEmail(t, email);
}

const codeRows = () => db().selectFrom('artist_sign_in_codes').selectAll().execute();

describe(`an artist signs in by e-mail on ${TEST_ENGINE}`, () => {
  it('e-mails an address with entries a link and a code; the code signs in, /api/me says who', async () => {
    const asked = await requestSignIn(t, { email: ` ${ASHA.toUpperCase()} ` });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: ARTIST_SIGN_IN_MESSAGES.sent });
    const { code, token, text, html } = await latestSignInEmail(t, ASHA);
    expect(text).toContain(`/me/sign-in#${token}`);
    expect(html).toContain(`/me/sign-in#${token}</a>`);

    const signedIn = await postSignIn(t, { email: ASHA.toUpperCase(), code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({ email: ASHA });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const cookie = artistCookie(signedIn);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBe(24 * 60 * 60);

    const me = await asArtist(t, cookie.value, 'GET', ME_URL);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ email: ASHA });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it("signs in by the link's token alone", async () => {
    const { token } = await emailed();
    const signedIn = await postSignIn(t, { token });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({ email: ASHA });
    const me = await asArtist(t, artistCookie(signedIn).value, 'GET', ME_URL);
    expect(me.json()).toEqual({ email: ASHA });
  });

  it('makes the artist at the first sign-in, once, and audits each sign-in', async () => {
    expect(await db().selectFrom('artists').selectAll().execute()).toEqual([]);
    await signInArtist(t, ASHA);
    const { token } = await emailed();
    expect((await postSignIn(t, { token })).statusCode).toBe(200);
    const artists = await db().selectFrom('artists').selectAll().execute();
    expect(artists).toEqual([
      { id: expect.any(String), email: ASHA, created_at: expect.any(String) },
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor', 'admin_user_id', 'entity_id', 'details'])
      .where('action', '=', 'artist.sign-in')
      .execute();
    expect(
      audit.map((row) => JSON.parse(row.details ?? '{}')).sort((a, b) => (a.by < b.by ? -1 : 1)),
    ).toEqual([{ by: 'code' }, { by: 'link' }]);
    for (const row of audit) {
      expect(row).toMatchObject({
        actor: 'artist',
        admin_user_id: null,
        entity_id: artists[0]!.id,
      });
    }
  });

  it('keeps only hashes: neither the code, the link nor the session is in the database', async () => {
    const { code, token } = await emailed();
    const signedIn = await postSignIn(t, { email: ASHA, code });
    const session = artistCookie(signedIn).value;
    const hits = JSON.stringify(await db().selectFrom('rate_limit_hits').selectAll().execute());
    const stored = JSON.stringify([
      await codeRows(),
      await db().selectFrom('artist_sessions').selectAll().execute(),
      hits,
    ]);
    for (const secret of [code, token, session]) expect(stored).not.toContain(secret);
    // The per-address counter keeps a hash of the address, not the address.
    expect(hits).not.toContain(ASHA);
  });
});

describe(`no account enumeration on ${TEST_ENGINE}`, () => {
  it('answers an address without entries the very same, and e-mails it nothing', async () => {
    const withEntries = await requestSignIn(t, { email: ASHA });
    const without = await requestSignIn(t, { email: 'nobody@example.com' });
    expect(without.statusCode).toBe(withEntries.statusCode);
    expect(without.body).toBe(withEntries.body);
    expect(without.headers['content-type']).toBe(withEntries.headers['content-type']);
    const outbox = await db().selectFrom('email_outbox').select(['to_address', 'kind']).execute();
    expect(outbox).toEqual([{ to_address: ASHA, kind: 'artist-sign-in' }]);
    expect((await codeRows()).map((row) => row.email)).toEqual([ASHA]);
  });

  it('refuses a code for an address without entries like a wrong one, and makes no artist', async () => {
    const response = await postSignIn(t, { email: 'nobody@example.com', code: '123456' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(REJECTED);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await db().selectFrom('artists').selectAll().execute()).toEqual([]);
  });
});

describe(`a sign-in works once, within 15 minutes, for 5 wrong tries on ${TEST_ENGINE}`, () => {
  it('refuses the code once used, and the link of the same e-mail too', async () => {
    const { code, token } = await emailed();
    expect((await postSignIn(t, { email: ASHA, code })).statusCode).toBe(200);
    for (const body of [{ email: ASHA, code }, { token }]) {
      const again = await postSignIn(t, body);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual(REJECTED);
      expect(again.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses the link once used, and the code of the same e-mail too', async () => {
    const { code, token } = await emailed();
    expect((await postSignIn(t, { token })).statusCode).toBe(200);
    expect((await postSignIn(t, { token })).json()).toEqual(REJECTED);
    expect((await postSignIn(t, { email: ASHA, code })).json()).toEqual(REJECTED);
  });

  it('signs in once when the code and the link are sent at the same moment', async () => {
    const { code, token } = await emailed();
    const answers = await Promise.all([
      postSignIn(t, { email: ASHA, code }),
      postSignIn(t, { token }),
      postSignIn(t, { email: ASHA, code }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
    expect(await db().selectFrom('artist_sessions').selectAll().execute()).toHaveLength(1);
  });

  it('refuses the code and the link after 15 minutes', async () => {
    const { code, token } = await emailed();
    clock.advance(ARTIST_CODE_LIFETIME_MS);
    expect((await postSignIn(t, { email: ASHA, code })).json()).toEqual(REJECTED);
    expect((await postSignIn(t, { token })).json()).toEqual(REJECTED);
  });

  it('works just before the 15 minutes are up', async () => {
    const { code } = await emailed();
    clock.advance(ARTIST_CODE_LIFETIME_MS - 5_000);
    expect((await postSignIn(t, { email: ASHA, code })).statusCode).toBe(200);
  });

  it('dies after 5 wrong codes: the right code and the link are refused at the 6th try', async () => {
    const { code, token } = await emailed();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let n = 1; n <= 5; n++) {
      const response = await postSignIn(t, { email: ASHA, code: wrong });
      expect(response.statusCode, `try ${n}`).toBe(401);
      expect(response.json()).toEqual(REJECTED);
    }
    expect((await postSignIn(t, { email: ASHA, code })).json()).toEqual(REJECTED);
    expect((await postSignIn(t, { token })).json()).toEqual(REJECTED);
    // A new e-mail brings a new sign-in.
    const next = await emailed();
    expect((await postSignIn(t, { email: ASHA, code: next.code })).statusCode).toBe(200);
  });

  it('counts a wrong code against that address alone', async () => {
    await addArtistEntry(t, 'farhan@example.com');
    const farhan = await emailed('farhan@example.com');
    const { code } = await emailed();
    const wrong = farhan.code === '000000' ? '000001' : '000000';
    for (let n = 1; n <= 5; n++) await postSignIn(t, { email: 'farhan@example.com', code: wrong });
    expect((await postSignIn(t, { email: ASHA, code })).statusCode).toBe(200);
  });

  it('deletes expired sign-ins at the next request', async () => {
    await emailed();
    clock.advance(ARTIST_CODE_LIFETIME_MS + 1_000);
    await emailed();
    expect(await codeRows()).toHaveLength(1);
  });
});
