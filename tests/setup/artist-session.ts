import type { Insertable } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SubmissionsTable } from '../../src/server/db/schema.ts';
import { SIGN_IN_REQUESTS_PER_EMAIL } from '../../src/server/features/artists/sign-in.ts';
import { makeSubmissionRow } from '../factories/rows.ts';
import { codeInMail } from './mailed-code.ts';
import { fastifyOf, freshAddress, type Target } from './admin-session.ts';
import { OUR_CLIENT_HEADERS } from './test-app.ts';

/*
 * Signing in as an artist over HTTP, as the artist's pages do: ask for the e-mail, read it from
 * the outbox, post its code. The address must have an entry (addArtistEntry makes one).
 */

export const SIGN_IN_REQUESTS_URL = '/api/artist/sign-in/requests';
export const SIGN_IN_URL = '/api/artist/sign-in';
export const ME_URL = '/api/me';

/** The cookies of a request in the artist's session `token`. */
export const artistCookies = (token: string) => ({ ws_artist: token });

/**
 * No artists, sessions, sign-ins, entries, e-mails, rate-limit hits or audit rows: each test
 * starts as if no artist had ever signed in.
 */
export async function clearArtists(target: Target): Promise<void> {
  const { db } = fastifyOf(target).deps;
  for (const table of [
    'artist_sessions',
    'artist_sign_in_codes',
    'artists',
    'submissions',
    'email_outbox',
    'rate_limit_hits',
    'audit_log',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

/** An entry made with `email` (a row as registration stores it), so the address may sign in. */
export async function addArtistEntry(
  target: Target,
  email: string,
  overrides: Partial<Insertable<SubmissionsTable>> = {},
) {
  const row = makeSubmissionRow({ email, ...overrides });
  await fastifyOf(target).deps.db.insertInto('submissions').values(row).execute();
  return row;
}

/** POST /api/artist/sign-in/requests as our client from a fresh address unless one is given. */
export function requestSignIn(
  target: Target,
  body: unknown,
  remoteAddress = freshAddress(),
): Promise<LightMyRequestResponse> {
  return fastifyOf(target).inject({
    method: 'POST',
    url: SIGN_IN_REQUESTS_URL,
    headers: OUR_CLIENT_HEADERS,
    payload: body as Record<string, unknown>,
    remoteAddress,
  });
}

/** POST /api/artist/sign-in as our client from a fresh address unless one is given. */
export function postSignIn(
  target: Target,
  body: unknown,
  options: { remoteAddress?: string; cookies?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return fastifyOf(target).inject({
    method: 'POST',
    url: SIGN_IN_URL,
    headers: OUR_CLIENT_HEADERS,
    payload: body as Record<string, unknown>,
    remoteAddress: options.remoteAddress ?? freshAddress(),
    ...(options.cookies ? { cookies: options.cookies } : {}),
  });
}

/** The code and the link's token of the latest sign-in e-mail queued to `email`. */
export async function latestSignInEmail(target: Target, email: string) {
  const row = await fastifyOf(target)
    .deps.db.selectFrom('email_outbox')
    .select(['body_text', 'subject', 'body_html', 'to_address'])
    .where('kind', '=', 'artist-sign-in')
    .where('to_address', '=', email.trim().toLowerCase())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) throw new Error(`no sign-in e-mail queued to ${email}`);
  const link = /\S*\/me\/sign-in#([A-Za-z0-9_-]{43})/.exec(row.body_text);
  const token = link?.[1];
  const code = codeInMail(row.body_text, 6);
  if (!code || !token) throw new Error(`no code or link in: ${row.body_text}`);
  return { code, token, text: row.body_text, html: row.body_html, subject: row.subject };
}

/** The artist session cookie a response sets (`__Host-ws_artist` behind HTTPS). */
export function artistCookie(response: LightMyRequestResponse, name = 'ws_artist') {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${String(response.headers['set-cookie'])}`);
  return cookie;
}

/**
 * Signs `email` in through the real routes and returns the session cookie's value. The address
 * must have an entry. The per-address request limit is emptied first, so that a file signing the
 * same artist in many times never meets it (its own test checks it).
 */
export async function signInArtist(target: Target, email: string): Promise<string> {
  await fastifyOf(target)
    .deps.db.deleteFrom('rate_limit_hits')
    .where('scope', '=', SIGN_IN_REQUESTS_PER_EMAIL.scope)
    .execute();
  const asked = await requestSignIn(target, { email });
  expect(asked.statusCode, asked.body).toBe(202);
  const { code } = await latestSignInEmail(target, email);
  const response = await postSignIn(target, { email, code });
  expect(response.statusCode, response.body).toBe(200);
  return artistCookie(response).value;
}

/** A request in the artist's session `token` as our client (the CSRF header passes). */
export function asArtist(
  target: Target,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return fastifyOf(target).inject({
    method,
    url,
    headers: OUR_CLIENT_HEADERS,
    cookies: artistCookies(token),
    remoteAddress: freshAddress(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
