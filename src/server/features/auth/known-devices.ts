import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { sessionCookieOptions } from '../../plugins/admin-guard.ts';
import {
  deleteReplacedDevices,
  insertKnownDevice,
  isKnownDevice,
} from './known-devices.repository.ts';
import { hashSessionToken } from './sessions.ts';

/*
 * OWASP's device cookies (docs/decisions/014): a browser that signed in to an account gets a
 * random token in a long-lived, HttpOnly, SameSite=Strict cookie; the database keeps only its
 * hash. Sign-ins that carry it are counted for that device alone, so failures from elsewhere
 * never lock the real admin out. Each successful sign-in replaces the token.
 */
export const DEVICE_LIFETIME_DAYS = 180;
const DEVICE_LIFETIME_MS = DEVICE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Behind HTTPS the cookie takes the __Host- prefix, as the session cookie does. */
export function deviceCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? '__Host-ws_device' : 'ws_device';
}

/** The device id (the hash of the cookie's token) the request carries, if well-formed. */
export function presentedDeviceId(request: FastifyRequest): string | undefined {
  const token = request.cookies[deviceCookieName(request)];
  return token && TOKEN_PATTERN.test(token) ? hashSessionToken(token) : undefined;
}

/** The presented device id when it is this account's and not expired. */
export async function knownDeviceOf(
  db: Kysely<DB>,
  deviceId: string | undefined,
  adminUserId: string,
  now: Date,
): Promise<string | undefined> {
  if (!deviceId) return undefined;
  const since = new Date(now.getTime() - DEVICE_LIFETIME_MS).toISOString();
  return (await isKnownDevice(db, deviceId, adminUserId, since)) ? deviceId : undefined;
}

/** After a successful sign-in: a new token for this browser; the one it had is forgotten. */
export async function rememberDevice(
  db: Kysely<DB>,
  adminUserId: string,
  replacedId: string | undefined,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expired = new Date(now.getTime() - DEVICE_LIFETIME_MS).toISOString();
  await deleteReplacedDevices(db, adminUserId, replacedId, expired);
  await insertKnownDevice(db, {
    id: hashSessionToken(token),
    admin_user_id: adminUserId,
    created_at: now.toISOString(),
  });
  return token;
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(deviceCookieName(request), token, {
    ...sessionCookieOptions(request),
    sameSite: 'strict',
    maxAge: DEVICE_LIFETIME_MS / 1000,
  });
}
