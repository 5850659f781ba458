import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { queueEmail, renderTemplate } from '../mail/mail.service.ts';
import {
  type RateLimit,
  takeRateLimitHit,
  tooManyMessage,
} from '../rate-limits/rate-limits.service.ts';
import {
  consumeOneTimeCode,
  deleteOneTimeCodesBefore,
  matchOneTimeCode,
  newOneTimeCode,
  type OneTimeCodePolicy,
  spendOneTimeCodeTry,
} from '../../one-time-codes.ts';
import { findAdminForSignIn } from './admins.repository.ts';
import { isLockedOnUnknownDevices } from './login-limit.ts';
import { countSignInCodesSince, insertSignInCode } from './sign-in-codes.repository.ts';

/*
 * A way in past a lock (docs/decisions/014, extended): while failures from elsewhere lock an
 * account on unknown devices, anyone may ask for a one-time code to be e-mailed to the account's
 * address (the answer never says whether one was sent); the password with that code signs in
 * from a new browser. The code is checked before the password, so the lock still lets nobody
 * without the mailbox try a password. A code is 8 digits, lives 15 minutes, is used once and dies
 * after 5 wrong tries; an account is sent at most 3 in 15 minutes. Only the code's SHA-256 is
 * stored (server/one-time-codes.ts, the mechanism every e-mailed code shares).
 */

export const SIGN_IN_CODE_KIND = 'sign-in-code';
export const SIGN_IN_CODE_LIFETIME_MS = 15 * 60 * 1000;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
export const SIGN_IN_CODES_PER_WINDOW = 3;
const ADMIN_CODES: OneTimeCodePolicy<'sign_in_codes'> = {
  table: 'sign_in_codes',
  owner: 'admin_user_id',
  digits: 8,
  lifetimeMs: SIGN_IN_CODE_LIFETIME_MS,
  maxAttempts: SIGN_IN_CODE_MAX_ATTEMPTS,
};

export const INVALID_EMAIL_CODE =
  'This code is not right, has expired or has been used. Check it and the password, or ask for a new code.';

const TEMPLATE = {
  subject: 'Your sign-in code for {siteTitle}',
  body: `Hello {name},

Your account {username} on {siteTitle} is locked on new browsers after too many failed sign-ins, and a sign-in code was asked for.

If that was you, enter this code with your password on the sign-in page:

{code}

It works once, within 15 minutes.

If it was not you, you need do nothing: the code is no use without your password.`,
};

export interface CodeAccount {
  id: string;
  username: string;
  email: string | null;
  display_name: string | null;
}

/**
 * E-mails the locked account a new code, unless it has no address or was sent enough codes
 * lately. Written with its audit entry in one transaction; true when sent.
 */
export async function sendSignInCode(
  db: Kysely<DB>,
  account: CodeAccount,
  siteTitle: string,
  now: Date,
): Promise<boolean> {
  const email = account.email;
  if (!email) return false;
  const since = new Date(now.getTime() - SIGN_IN_CODE_LIFETIME_MS);
  return db.transaction().execute(async (trx) => {
    await deleteOneTimeCodesBefore(trx, ADMIN_CODES, since);
    const sent = await countSignInCodesSince(trx, account.id, since.toISOString());
    if (sent >= SIGN_IN_CODES_PER_WINDOW) return false;
    const { code, row } = newOneTimeCode(ADMIN_CODES, now);
    await insertSignInCode(trx, { ...row, admin_user_id: account.id });
    const values = {
      name: account.display_name ?? account.username,
      username: account.username,
      siteTitle,
      code,
    };
    const message = renderTemplate(TEMPLATE, values);
    await queueEmail(
      trx,
      { kind: SIGN_IN_CODE_KIND, submissionId: null, to: email, ...message },
      now,
    );
    await recordAudit(
      trx,
      {
        adminUserId: account.id,
        actor: account.username,
        action: 'auth.sign-in-code-sent',
        entityType: 'admin_user',
        entityId: account.id,
      },
      now,
    );
    return true;
  });
}

/**
 * The id of the account's live code that `typed` is, or undefined: then every live code of the
 * account has one try fewer.
 */
export async function matchSignInCode(
  db: Kysely<DB>,
  adminUserId: string,
  typed: string,
  now: Date,
): Promise<string | undefined> {
  return matchOneTimeCode(db, ADMIN_CODES, adminUserId, typed, now);
}

/** The right code with a wrong password: every live code of the account has one try fewer. */
export async function spendSignInCodeTry(db: Kysely<DB>, adminUserId: string, now: Date) {
  await spendOneTimeCodeTry(db, ADMIN_CODES, adminUserId, now);
}

/** Uses the matched code up, in the sign-in's transaction; refused when another request did. */
export async function useSignInCode(db: Kysely<DB>, id: string, now: Date): Promise<void> {
  if (!(await consumeOneTimeCode(db, ADMIN_CODES, id, now))) throw invalidEmailCode();
}

/** Asking for codes from one address: plenty for a person, few for a script. */
export const SIGN_IN_CODE_REQUEST_LIMIT: RateLimit = {
  scope: 'sign-in-code',
  max: 10,
  windowMs: SIGN_IN_CODE_LIFETIME_MS,
  message: tooManyMessage('requests for sign-in codes'),
};

/** The one answer to a request for a code, so it tells nobody about the account. */
export const SIGN_IN_CODE_REQUESTED =
  'If this account is locked and has an e-mail address, a sign-in code is on its way there. Enter it with your password.';

/**
 * Someone asks for a code for `username`: sent when the account exists, has an e-mail address
 * and is locked on unknown devices now. The answer is the same in every case.
 */
export async function requestSignInCode(
  deps: Pick<Deps, 'db' | 'clock' | 'settings' | 'outbox'>,
  username: string,
  address: string,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  await takeRateLimitHit(db, SIGN_IN_CODE_REQUEST_LIMIT, address, undefined, now);
  const account = await findAdminForSignIn(db, username);
  if (!account || !(await isLockedOnUnknownDevices(db, account.username, now))) return;
  const { title } = await deps.settings.getSettings();
  if (await sendSignInCode(db, account, title, now)) deps.outbox.wake();
}

export const invalidEmailCode = () => new AppError(401, 'INVALID_EMAIL_CODE', INVALID_EMAIL_CODE);
