import { beforeEach, describe, expect, it } from 'vitest';
import { freshAddress } from '../../../../tests/setup/admin-session.ts';
import {
  addArtistEntry,
  clearArtists,
  latestSignInEmail,
  postSignIn,
  requestSignIn,
  SIGN_IN_REQUESTS_URL,
  SIGN_IN_URL,
} from '../../../../tests/setup/artist-session.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { ARTIST_SIGN_IN_MESSAGES } from '../../../shared/schemas/artist.ts';
import { FIELDS_INVALID_MESSAGE } from '../../errors.ts';
import {
  SIGN_IN_ATTEMPTS_PER_ADDRESS,
  SIGN_IN_REQUESTS_PER_ADDRESS,
  SIGN_IN_REQUESTS_PER_EMAIL,
} from './sign-in.ts';

/*
 * What the artist's sign-in refuses: bad input (400 with the fields, nothing written), requests
 * and attempts in bulk (429 with Retry-After), and a request that is not our client's (403).
 */

const t = useTestApp();
const db = () => t.app.deps.db;
const ASHA = 'asha.rao@example.com';

beforeEach(async () => {
  await clearArtists(t);
  await addArtistEntry(t, ASHA);
});

const count = async (table: 'email_outbox' | 'artist_sign_in_codes' | 'artist_sessions') =>
  (await db().selectFrom(table).select('id').execute()).length;

function expectRateLimited(
  response: Awaited<ReturnType<typeof postSignIn>>,
  message: string,
  windowS: number,
) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: { code: 'RATE_LIMITED', message } });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(windowS - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowS);
}

describe(`bad input to the artist's sign-in on ${TEST_ENGINE}`, () => {
  it('answers 400 with the envelope and its fields, and writes nothing', async () => {
    for (const body of [
      { email: 'not-an-address' },
      { email: '' },
      {},
      { email: ASHA, extra: 1 },
      { email: 'a@example.com, b@example.com' },
    ]) {
      const response = await requestSignIn(t, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.json().error.message).toBe(FIELDS_INVALID_MESSAGE);
    }
    const invalid = await requestSignIn(t, { email: 'not-an-address' });
    expect(invalid.json().error.fields).toEqual({ email: expect.any(String) });
    expect(await count('email_outbox')).toBe(0);
    expect(await count('artist_sign_in_codes')).toBe(0);
  });

  it('refuses a malformed code, token or mix of both with 400, and signs nobody in', async () => {
    const asked = await requestSignIn(t, { email: ASHA });
    expect(asked.statusCode).toBe(202);
    const { code, token } = await latestSignInEmail(t, ASHA);
    const badCode = await postSignIn(t, { email: ASHA, code: '12ab56' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.code).toBe('VALIDATION_ERROR');
    for (const body of [
      { email: ASHA },
      { email: ASHA, code: '' },
      { email: ASHA, code: '1234567' },
      { email: 'not-an-address', code },
      { token: 'short' },
      { token, email: ASHA, code },
      {},
    ]) {
      const response = await postSignIn(t, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await count('artist_sessions')).toBe(0);
    // None of them cost the sign-in a try: the code still works.
    expect((await postSignIn(t, { email: ASHA, code })).statusCode).toBe(200);
  });

  it('refuses both routes without our CSRF header', async () => {
    for (const url of [SIGN_IN_REQUESTS_URL, SIGN_IN_URL]) {
      const response = await t.app.inject({ method: 'POST', url, payload: { email: ASHA } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('CSRF_REJECTED');
    }
    expect(await count('email_outbox')).toBe(0);
  });
});

describe(`requests and attempts in bulk on ${TEST_ENGINE}`, () => {
  it('refuses requests from one IP address past its limit, whatever the e-mail', async () => {
    const address = freshAddress();
    for (let n = 0; n < SIGN_IN_REQUESTS_PER_ADDRESS.max; n++) {
      const response = await requestSignIn(t, { email: `someone${n}@example.com` }, address);
      expect(response.statusCode, `request ${n}`).toBe(202);
    }
    const refused = await requestSignIn(t, { email: ASHA }, address);
    expectRateLimited(refused, SIGN_IN_REQUESTS_PER_ADDRESS.message(60), 3600);
    expect(await count('email_outbox')).toBe(0);
    // Another address is not held back.
    expect((await requestSignIn(t, { email: ASHA })).statusCode).toBe(202);
  });

  it('refuses requests for one e-mail past its limit, the same with entries or without', async () => {
    for (const email of [ASHA, 'nobody@example.com']) {
      for (let n = 0; n < SIGN_IN_REQUESTS_PER_EMAIL.max; n++) {
        expect((await requestSignIn(t, { email: email.toUpperCase() })).statusCode).toBe(202);
      }
      const refused = await requestSignIn(t, { email });
      expectRateLimited(refused, SIGN_IN_REQUESTS_PER_EMAIL.message(60), 3600);
    }
    expect(await count('email_outbox')).toBe(SIGN_IN_REQUESTS_PER_EMAIL.max);
  });

  it('refuses sign-in attempts from one IP address in bulk, even the right code', async () => {
    await requestSignIn(t, { email: ASHA });
    const { code } = await latestSignInEmail(t, ASHA);
    const address = freshAddress();
    for (let n = 0; n < SIGN_IN_ATTEMPTS_PER_ADDRESS.max; n++) {
      const guess = await postSignIn(
        t,
        { email: `guess${n}@example.com`, code: String(n).padStart(6, '0') },
        { remoteAddress: address },
      );
      expect(guess.statusCode, `guess ${n}`).toBe(401);
      expect(guess.json().error.message).toBe(ARTIST_SIGN_IN_MESSAGES.rejected);
    }
    const refused = await postSignIn(t, { email: ASHA, code }, { remoteAddress: address });
    expectRateLimited(refused, SIGN_IN_ATTEMPTS_PER_ADDRESS.message(15), 900);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The refusal spent nothing of Asha's sign-in: from elsewhere, her code works.
    expect((await postSignIn(t, { email: ASHA, code })).statusCode).toBe(200);
  });
});
