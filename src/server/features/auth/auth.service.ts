import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SecuritySettings } from '../../../shared/schemas/security-settings.ts';
import type { DB } from '../../db/schema.ts';
import {
  sessionCookieName,
  sessionCookieOptions,
  sessionToken,
} from '../../plugins/admin-guard.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentedDeviceId, rememberDevice, setDeviceCookie } from './known-devices.ts';
import { absoluteMs, createSession, deleteStaleSessions, endSession } from './sessions.ts';

/** The auth feature's front door: accounts other features create, and signing a browser in. */
export { type Actor, createAccount, setPassword } from './accounts.service.ts';

/*
 * Signing a person in without the sign-in form, for another feature: a juror who has just chosen
 * their password from the invitation is signed in by it, and that browser becomes a known device
 * (docs/decisions/014), so failures elsewhere never lock them out of it.
 */

/**
 * Opens a session for the account in `request`'s browser: the session and device cookies are set
 * on `reply`, a session the browser had ends, and the sign-in is audited (`via` says how).
 */
export async function signInBrowser(
  db: Kysely<DB>,
  account: { id: string; username: string },
  request: FastifyRequest,
  reply: FastifyReply,
  options: { security: SecuritySettings; now: Date; via: string },
): Promise<void> {
  const { security, now } = options;
  const { token, deviceToken } = await db.transaction().execute(async (trx) => {
    await deleteStaleSessions(trx, security, now);
    const created = await createSession(
      trx,
      account.id,
      request.headers['user-agent'],
      security,
      now,
    );
    const device = await rememberDevice(trx, account.id, presentedDeviceId(request), now);
    await recordAudit(
      trx,
      {
        adminUserId: account.id,
        actor: account.username,
        action: 'auth.sign-in',
        details: { via: options.via },
      },
      now,
    );
    return { token: created, deviceToken: device };
  });
  await endSession(db, sessionToken(request));
  reply.setCookie(sessionCookieName(request), token, {
    ...sessionCookieOptions(request),
    maxAge: absoluteMs(security) / 1000,
  });
  setDeviceCookie(request, reply, deviceToken);
}

/** The jury deletes a juror's account through here. */
export { deleteJurorById } from './admins.repository.ts';
