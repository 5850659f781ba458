import { createHmac, randomBytes } from 'node:crypto';
import { VOTE_MESSAGES } from '../../../shared/schemas/votes.ts';
import type { Deps } from '../../deps.ts';
import { serverKey } from '../submissions/submissions.service.ts';
import { AppError, invalidField } from '../../errors.ts';
import { queueEmail, renderTemplate } from '../mail/mail.service.ts';
import {
  type RateLimit,
  takeRateLimitHit,
  tooManyMessage,
} from '../rate-limits/rate-limits.service.ts';
import {
  consumeOneTimeCode,
  matchOneTimeCode,
  newOneTimeCode,
  type OneTimeCodePolicy,
} from '../../one-time-codes.ts';
import {
  deleteExpiredVoteCodes,
  findVoterSession,
  insertVoteCode,
  insertVoterSession,
} from './vote-codes.repository.ts';
import { requireVotingOpen } from './vote-rules.ts';
import {
  domainOf,
  isLastingAddress,
  isSharedProvider,
  normalEmail,
  sha256,
  VOTER_KEY,
  voterOf,
} from './voter-identity.ts';

/*
 * A visitor confirms their address before voting: they ask, a 6-digit code is e-mailed (through
 * the outbox), and the code typed back within 15 minutes (5 tries) gives the browser a voter
 * token for 2 hours, in an httpOnly cookie. Only hashes are stored (the codes' mechanism is
 * server/one-time-codes.ts, which every e-mailed code shares). Limits per client address,
 * per e-mail address and per e-mail domain keep a script from asking or guessing in bulk.
 */

export const VOTE_CODE_LIFETIME_MS = 15 * 60 * 1000;
export const VOTE_CODE_MAX_ATTEMPTS = 5;
const VOTE_CODES: OneTimeCodePolicy<'vote_codes'> = {
  table: 'vote_codes',
  owner: 'email',
  digits: 6,
  lifetimeMs: VOTE_CODE_LIFETIME_MS,
  maxAttempts: VOTE_CODE_MAX_ATTEMPTS,
};
export const VOTER_SESSION_MS = 2 * 60 * 60 * 1000;
export const VOTE_EMAIL_KIND = 'vote-code';
const HOUR_MS = 60 * 60 * 1000;

export const VOTE_CODES_PER_ADDRESS: RateLimit = {
  scope: 'vote-code-ip',
  max: 20,
  windowMs: HOUR_MS,
  message: tooManyMessage('code requests'),
};
export const VOTE_CODES_PER_EMAIL: RateLimit = {
  scope: 'vote-code-email',
  max: 5,
  windowMs: HOUR_MS,
  message: tooManyMessage('code requests for this address'),
};
/** An organisation's own domain: its mass sign-ups do not pass (shared providers: no limit). */
export const VOTE_CODES_PER_DOMAIN: RateLimit = {
  scope: 'vote-code-domain',
  max: 300,
  windowMs: HOUR_MS,
  message: tooManyMessage('code requests from this e-mail domain'),
};
/** Codes typed from one address: a few typos, not codes guessed in bulk. */
export const VOTE_CONFIRMS_PER_ADDRESS: RateLimit = {
  scope: 'vote-confirm-ip',
  max: 30,
  windowMs: VOTE_CODE_LIFETIME_MS,
  message: tooManyMessage('attempts'),
};

const VOTE_CODE_TEMPLATE = {
  subject: 'Your code to vote on {siteTitle}',
  body: `Hello,

Someone asked to vote in the people's choice of {siteTitle} with this address.

If that was you, enter this code on the page you asked from:

{code}

It works once, within 15 minutes. If it was not you, you need do nothing.

{siteTitle}`,
};

/** A 400 naming the code's field, so the dialog says it under the code. */
export const codeRejected = () =>
  new AppError(400, 'VOTE_CODE_REJECTED', VOTE_MESSAGES.codeRejected, {
    code: VOTE_MESSAGES.codeRejected,
  });

/** E-mails a code to `typedEmail` for voting in the competition (open for voting). */
export async function requestVoteCode(
  deps: Pick<Deps, 'db' | 'clock' | 'settings' | 'outbox'>,
  competitionId: string,
  typedEmail: string,
  clientAddress: string,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const email = normalEmail(typedEmail);
  if (!isLastingAddress(email)) throw invalidField('email', VOTE_MESSAGES.disposable);
  await requireVotingOpen(deps, competitionId);
  await takeRateLimitHit(db, VOTE_CODES_PER_ADDRESS, clientAddress, undefined, now);
  // Keyed hashes, so the counters keep no address (an unkeyed one is undone by hashing a list of
  // addresses); of the voter, so +tags share one count.
  const key = await serverKey(db, VOTER_KEY, now);
  const counted = createHmac('sha256', key)
    .update(`limit\n${voterOf(email)}`)
    .digest('hex');
  await takeRateLimitHit(db, VOTE_CODES_PER_EMAIL, counted, undefined, now);
  const domain = domainOf(email);
  if (!isSharedProvider(domain)) {
    await takeRateLimitHit(db, VOTE_CODES_PER_DOMAIN, sha256(domain), undefined, now);
  }
  const { title } = await deps.settings.getSettings();
  const { code, row } = newOneTimeCode(VOTE_CODES, now);
  await db.transaction().execute(async (trx) => {
    await deleteExpiredVoteCodes(trx, now.toISOString());
    await insertVoteCode(trx, { ...row, email });
    const message = renderTemplate(VOTE_CODE_TEMPLATE, { code, siteTitle: title });
    await queueEmail(
      trx,
      { kind: VOTE_EMAIL_KIND, submissionId: null, to: email, ...message },
      now,
    );
  });
  deps.outbox.wake();
}

/** Confirms the address by its code: the code is used up; a voter token, for the cookie. */
export async function confirmVoteCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { email: string; code: string },
  clientAddress: string,
): Promise<{ token: string; email: string }> {
  const { db } = deps;
  const now = deps.clock.now();
  const at = now.toISOString();
  await takeRateLimitHit(db, VOTE_CONFIRMS_PER_ADDRESS, clientAddress, undefined, now);
  const email = normalEmail(input.email);
  const match = await matchOneTimeCode(db, VOTE_CODES, email, input.code, now);
  if (!match) throw codeRejected();
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    // Another request with the same code may have won: only one confirms.
    if (!(await consumeOneTimeCode(trx, VOTE_CODES, match, now))) throw codeRejected();
    await insertVoterSession(trx, {
      token_hash: sha256(token),
      email,
      created_at: at,
      expires_at: new Date(now.getTime() + VOTER_SESSION_MS).toISOString(),
    });
  });
  return { token, email };
}

/** The confirmed address of the browser's voter token, or undefined. */
export async function confirmedEmailOf(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string | undefined,
): Promise<string | undefined> {
  if (!token) return undefined;
  return findVoterSession(deps.db, sha256(token), deps.clock.now().toISOString());
}
