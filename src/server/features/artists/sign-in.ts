import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ARTIST_SIGN_IN_MESSAGES, type ArtistSignIn } from '../../../shared/schemas/artist.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ARTIST_SIGN_IN_KIND, queueEmail, writeEmail } from '../mail/mail.service.ts';
import { type RateLimit, takeRateLimitHit } from '../rate-limits/rate-limits.service.ts';
import { ensureArtist, hasEntriesFor } from './artists.repository.ts';
import {
  createArtistSession,
  deleteStaleArtistSessionsAt,
  hashArtistToken,
  newArtistToken,
} from './artist-sessions.ts';
import {
  countWrongCode,
  deleteArtistCodesBefore,
  findLiveCodeByToken,
  findLiveCodesOf,
  insertArtistSignInCode,
  markArtistCodeUsed,
} from './sign-in-codes.repository.ts';

/*
 * An artist signs in with their address alone (docs/decisions/025): they ask, and an address that
 * made an entry is e-mailed a one-time link and, for another device, a 6-digit code of the same
 * sign-in. It lives 15 minutes, is used once (the link or the code: using one uses both) and dies
 * after 5 wrong codes. The answer to a request is the same whether or not anything was sent.
 * Only hashes are stored; 6 random digits behind these limits need no slow hash.
 */

export const ARTIST_CODE_LIFETIME_MS = 15 * 60 * 1000;
export const ARTIST_CODE_MAX_ATTEMPTS = 5;
const HOUR_MS = 60 * 60 * 1000;

const tryAgain = (what: string) => (minutes: number) =>
  `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** Requests from one IP address: a family on one connection, not a script trying addresses. */
export const SIGN_IN_REQUESTS_PER_ADDRESS: RateLimit = {
  scope: 'artist-sign-in-ip',
  max: 20,
  windowMs: HOUR_MS,
  message: tryAgain('sign-in requests'),
};

/**
 * Requests for one e-mail address, counted whether or not it has entries (so the 429 tells
 * nothing either): a mailbox is not flooded.
 */
export const SIGN_IN_REQUESTS_PER_EMAIL: RateLimit = {
  scope: 'artist-sign-in-email',
  max: 5,
  windowMs: HOUR_MS,
  message: tryAgain('sign-in requests for this address'),
};

/** Sign-in attempts from one IP address: a few typos, not codes guessed in bulk. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS: RateLimit = {
  scope: 'artist-sign-in-attempt',
  max: 30,
  windowMs: ARTIST_CODE_LIFETIME_MS,
  message: tryAgain('sign-in attempts'),
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
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = newArtistToken();
  await db.transaction().execute(async (trx) => {
    await deleteArtistCodesBefore(trx, now.toISOString());
    await insertArtistSignInCode(trx, {
      id: randomUUID(),
      email,
      code_hash: sha256(code),
      token_hash: hashArtistToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ARTIST_CODE_LIFETIME_MS).toISOString(),
    });
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
async function matchSignIn(db: Kysely<DB>, input: ArtistSignIn, now: Date) {
  const at = now.toISOString();
  if ('token' in input) {
    return findLiveCodeByToken(db, hashArtistToken(input.token), at, ARTIST_CODE_MAX_ATTEMPTS);
  }
  const email = normalEmail(input.email);
  const typed = Buffer.from(sha256(input.code.trim()), 'hex');
  const live = await findLiveCodesOf(db, email, at, ARTIST_CODE_MAX_ATTEMPTS);
  const match = live.find((row) => timingSafeEqual(Buffer.from(row.code_hash, 'hex'), typed));
  if (!match) await countWrongCode(db, email, at);
  return match;
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
    if (!(await markArtistCodeUsed(trx, match.id, now.toISOString()))) throw signInRejected();
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
