import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ARTIST_SIGN_IN_MESSAGES, type ArtistSignIn } from '../../../shared/schemas/artist.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ARTIST_SIGN_IN_KIND, queueEmail, writeEmail } from '../mail/mail.service.ts';
import {
  type RateLimit,
  takeRateLimitHit,
  tooManyMessage,
} from '../rate-limits/rate-limits.service.ts';
import { ensureArtist, hasEntriesFor } from './artists.repository.ts';
import {
  createArtistSession,
  deleteStaleArtistSessionsAt,
  hashArtistToken,
  newArtistToken,
} from './artist-sessions.ts';
import {
  consumeOneTimeCode,
  deleteOneTimeCodesBefore,
  findLiveOneTimeCodeBy,
  matchOneTimeCode,
  newOneTimeCode,
  type OneTimeCodePolicy,
} from '../../one-time-codes.ts';
import { insertArtistSignInCode } from './sign-in-codes.repository.ts';

/*
 * An artist signs in with their address alone (docs/decisions/025): they ask, and an address that
 * made an entry is e-mailed a one-time link and, for another device, a 6-digit code of the same
 * sign-in. It lives 15 minutes, is used once (the link or the code: using one uses both) and dies
 * after 5 wrong codes. The answer to a request is the same whether or not anything was sent.
 * Only hashes are stored (server/one-time-codes.ts, the mechanism every e-mailed code shares).
 */

export const ARTIST_CODE_LIFETIME_MS = 15 * 60 * 1000;
export const ARTIST_CODE_MAX_ATTEMPTS = 5;
const ARTIST_CODES: OneTimeCodePolicy<'artist_sign_in_codes'> = {
  table: 'artist_sign_in_codes',
  owner: 'email',
  digits: 6,
  lifetimeMs: ARTIST_CODE_LIFETIME_MS,
  maxAttempts: ARTIST_CODE_MAX_ATTEMPTS,
};
const HOUR_MS = 60 * 60 * 1000;

/** Requests from one IP address: a family on one connection, not a script trying addresses. */
export const SIGN_IN_REQUESTS_PER_ADDRESS: RateLimit = {
  scope: 'artist-sign-in-ip',
  max: 20,
  windowMs: HOUR_MS,
  message: tooManyMessage('sign-in requests'),
};

/**
 * Requests for one e-mail address, counted whether or not it has entries (so the 429 tells
 * nothing either): a mailbox is not flooded.
 */
export const SIGN_IN_REQUESTS_PER_EMAIL: RateLimit = {
  scope: 'artist-sign-in-email',
  max: 5,
  windowMs: HOUR_MS,
  message: tooManyMessage('sign-in requests for this address'),
};

/** Sign-in attempts from one IP address: a few typos, not codes guessed in bulk. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS: RateLimit = {
  scope: 'artist-sign-in-attempt',
  max: 30,
  windowMs: ARTIST_CODE_LIFETIME_MS,
  message: tooManyMessage('sign-in attempts'),
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The address as stored and compared: trimmed, lower-case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
/** Where the link lands: the token after '#' never reaches a server's log or a Referer. */
export const signInLinkOf = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/me/sign-in#${token}`;

export const signInRejected = () =>
  new AppError(401, 'SIGN_IN_REJECTED', ARTIST_SIGN_IN_MESSAGES.rejected);

/** Asks for a sign-in e-mail; resolves the same (nothing to tell) whatever the address. */
export async function requestArtistSignIn(
  deps: Pick<Deps, 'db' | 'clock' | 'settings' | 'outbox' | 'config'>,
  typedEmail: string,
  clientAddress: string,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const email = normalEmail(typedEmail);
  await takeRateLimitHit(db, SIGN_IN_REQUESTS_PER_ADDRESS, clientAddress, undefined, now);
  // Its hash, so the counters keep no address.
  await takeRateLimitHit(db, SIGN_IN_REQUESTS_PER_EMAIL, sha256(email), undefined, now, 'each');
  if (!(await hasEntriesFor(db, email))) return;
  const { title } = await deps.settings.getSettings();
  const { code, row } = newOneTimeCode(ARTIST_CODES, now);
  const token = newArtistToken();
  await db.transaction().execute(async (trx) => {
    await deleteOneTimeCodesBefore(trx, ARTIST_CODES, now);
    await insertArtistSignInCode(trx, { ...row, email, token_hash: hashArtistToken(token) });
    const message = await writeEmail(trx, 'artist-sign-in', {
      signInLink: signInLinkOf(deps.config.publicUrl, token),
      code,
      siteTitle: title,
    });
    await queueEmail(
      trx,
      { kind: ARTIST_SIGN_IN_KIND, submissionId: null, to: email, ...message },
      now,
    );
  });
  deps.outbox.wake();
}

/** The live sign-in the code or link names, or undefined (a wrong code is counted). */
async function matchSignIn(
  db: Kysely<DB>,
  input: ArtistSignIn,
  now: Date,
): Promise<{ id: string; email: string } | undefined> {
  if ('token' in input) {
    const hash = hashArtistToken(input.token);
    const found = await findLiveOneTimeCodeBy(db, ARTIST_CODES, 'token_hash', hash, now);
    return found && { id: found.id, email: found.owner };
  }
  const email = normalEmail(input.email);
  const id = await matchOneTimeCode(db, ARTIST_CODES, email, input.code, now);
  return id === undefined ? undefined : { id, email };
}

/**
 * Signs an artist in by the code typed with the address, or by the link's token: the sign-in is
 * used up, the artist made at their first, a session opened; its token, for the cookie.
 */
export async function signInArtist(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: ArtistSignIn,
  request: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; email: string }> {
  const { db } = deps;
  const now = deps.clock.now();
  await takeRateLimitHit(db, SIGN_IN_ATTEMPTS_PER_ADDRESS, request.ip, undefined, now, 'each');
  const match = await matchSignIn(db, input, now);
  if (!match) throw signInRejected();
  return db.transaction().execute(async (trx) => {
    // Another request with the same code or link may have won: only one signs in.
    if (!(await consumeOneTimeCode(trx, ARTIST_CODES, match.id, now))) throw signInRejected();
    const artistId = await ensureArtist(trx, {
      id: randomUUID(),
      email: match.email,
      created_at: now.toISOString(),
    });
    await deleteStaleArtistSessionsAt(trx, now);
    const token = await createArtistSession(trx, artistId, request.userAgent, now);
    await recordAudit(
      trx,
      {
        // An artist, known by their address alone: no admin account acts.
        adminUserId: null,
        actor: 'artist',
        action: 'artist.sign-in',
        entityType: 'artist',
        entityId: artistId,
        details: { by: 'token' in input ? 'link' : 'code' },
      },
      now,
    );
    return { token, email: match.email };
  });
}
