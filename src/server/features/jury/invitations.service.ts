import { createHash } from 'node:crypto';
import { type Invitation, InvitationTokenSchema } from '../../../shared/schemas/jury.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { setPassword } from '../auth/auth.service.ts';
import {
  type RateLimit,
  takeRateLimitHit,
  tooManyMessage,
} from '../rate-limits/rate-limits.service.ts';
import { findInvitationWithJuror, markInvitationUsed } from './jurors.repository.ts';

/*
 * The juror's side of an invitation (jurors.service.ts writes it): opening the one-time link and
 * choosing a password with it. Only the SHA-256 of the link's token is stored.
 */

export const INVITATION_INVALID_MESSAGE =
  'This invitation link has expired or has already been used. Ask the art space for a new one.';

/** Opening and accepting invitations from one address: plenty for a person, few for a script. */
export const INVITATION_LIMIT: RateLimit = {
  scope: 'juror-invitation',
  max: 20,
  windowMs: 15 * 60 * 1000,
  message: tooManyMessage('attempts with invitation links'),
};

const invitationGone = () => new AppError(410, 'INVITATION_INVALID', INVITATION_INVALID_MESSAGE);
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The invitation a token opens now, or 410 for any other: unknown, malformed, used, expired. */
async function openInvitation(deps: Pick<Deps, 'db' | 'clock'>, token: string, ip: string) {
  const now = deps.clock.now();
  await takeRateLimitHit(deps.db, INVITATION_LIMIT, ip, undefined, now);
  if (!InvitationTokenSchema.safeParse(token).success) throw invitationGone();
  const row = await findInvitationWithJuror(deps.db, hashToken(token));
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) throw invitationGone();
  return { row, now };
}

export async function viewInvitation(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
  ip: string,
): Promise<Invitation> {
  const { row } = await openInvitation(deps, token, ip);
  return { name: row.display_name ?? row.username, username: row.username };
}

/**
 * Sets the juror's password (the admins' rules) and uses the invitation up in one transaction;
 * of two accepts at once, the second is 410 and changes nothing. Answers the juror's account, for
 * the route to sign them in.
 */
export async function acceptInvitation(
  deps: Pick<Deps, 'db' | 'clock'>,
  accept: { token: string; password: string },
  ip: string,
): Promise<{ id: string; username: string }> {
  const { row, now } = await openInvitation(deps, accept.token, ip);
  await setPassword(deps.db, row.username, accept.password, {
    actor: { adminUserId: row.juror_id, username: row.username },
    action: 'juror.invitation-accepted',
    now,
    alsoWrite: async (trx) => {
      if (!(await markInvitationUsed(trx, row.id, now.toISOString()))) throw invitationGone();
    },
  });
  return { id: row.juror_id, username: row.username };
}
