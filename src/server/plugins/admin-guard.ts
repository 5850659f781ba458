import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../shared/csrf.ts';
import { envelope, signInRequired } from '../errors.ts';
import { findSessionUser, type SessionUser } from '../features/auth/sessions.ts';
import { sessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin; set for every /api/admin/* request that reaches its handler. */
    admin: SessionUser | null;
    /** The signed-in juror; set for every /api/jury/* request that reaches its handler. */
    juror: SessionUser | null;
  }
}

export const ADMIN_API_PREFIX = '/api/admin';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const ADMIN_COOKIE = sessionCookie('ws_session');
export const sessionCookieName = ADMIN_COOKIE.name;
export const sessionCookieOptions = ADMIN_COOKIE.options;
export const sessionToken = ADMIN_COOKIE.read;

/** The routes an admin may use before turning on two-factor when the setting requires it. */
const TWO_FACTOR_SETUP_PREFIX = `${ADMIN_API_PREFIX}/account/two-factor`;

/** The signed-in admin of an /api/admin/* request; the guard has already refused any other. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  if (!request.admin) throw signInRequired();
  return request.admin;
}

function isTwoFactorSetupRoute(route: string | undefined): boolean {
  return (
    route === TWO_FACTOR_SETUP_PREFIX || route?.startsWith(`${TWO_FACTOR_SETUP_PREFIX}/`) === true
  );
}

/**
 * A state-changing request must come from our own pages: it carries the custom header (which a
 * cross-site form cannot set, and a cross-site fetch cannot send without a CORS preflight we never
 * answer), and the browser's own Sec-Fetch-Site and Origin must not name another site.
 */
function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) return true;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== `${request.protocol}://${request.host}`;
}

/** 403 CSRF_REJECTED for a state-changing request that did not come from our pages. */
export async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method) || !isCrossSite(request)) return;
  return reply
    .status(403)
    .send(envelope('CSRF_REJECTED', 'This request did not come from this site.'));
}

/**
 * The admin scope's guard: a live session (and two-factor when the settings require it) for every
 * route registered in the scope.
 */
export function guardAdminSession(deps: Pick<Deps, 'db' | 'settings' | 'clock'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { security } = await deps.settings.getSettings();
    const admin = await findSessionUser(deps.db, sessionToken(request), security, deps.clock.now());
    if (!admin) {
      return reply.status(401).send(envelope('UNAUTHENTICATED', 'Please sign in.'));
    }
    if (admin.role !== 'admin') return refuseRole(reply, 'admin');
    if (
      security.requireTwoFactor &&
      !admin.twoFactorEnabled &&
      // The matched route decides: a crafted raw URL cannot pass for a set-up route.
      !isTwoFactorSetupRoute(request.routeOptions.url)
    ) {
      return reply
        .status(403)
        .send(
          envelope(
            'TWO_FACTOR_SETUP_REQUIRED',
            'Turn on two-factor sign-in for your account to continue.',
          ),
        );
    }
    request.admin = admin;
  };
}

/** 403 for a signed-in account of the other role: a juror in the admin area, or the reverse. */
function refuseRole(reply: FastifyReply, needed: 'admin' | 'juror') {
  return reply
    .status(403)
    .send(
      needed === 'admin'
        ? envelope('ADMINS_ONLY', 'Only the art space’s admins can do this.')
        : envelope('JURORS_ONLY', 'Only jurors can do this.'),
    );
}

/**
 * The jury scope's guard: a live session of a juror. Which rounds and works exist for that juror
 * is decided inside the scope, by the juror's own assignments.
 */
export function guardJurySession(deps: Pick<Deps, 'db' | 'settings' | 'clock'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { security } = await deps.settings.getSettings();
    const account = await findSessionUser(
      deps.db,
      sessionToken(request),
      security,
      deps.clock.now(),
    );
    if (!account) {
      return reply.status(401).send(envelope('UNAUTHENTICATED', 'Please sign in.'));
    }
    if (account.role !== 'juror') return refuseRole(reply, 'juror');
    request.juror = account;
  };
}

/** The signed-in juror of an /api/jury/* request; the guard has already refused any other. */
export function requireJuror(request: FastifyRequest): SessionUser {
  if (!request.juror) throw signInRequired();
  return request.juror;
}

/**
 * The signed-in account of the scope the request is in: the admin of an /api/admin/* request, the
 * juror of an /api/jury/* one. For routes registered in both scopes, acting on one's own account.
 */
export function requireAccount(request: FastifyRequest): SessionUser {
  const account = request.admin ?? request.juror;
  if (!account) throw signInRequired();
  return account;
}

/**
 * Admin answers are one admin's business: never kept by a browser or a proxy. On send, so that
 * every answer of the scope has it, the refusals of the /api scope's own hooks included.
 */
export async function forbidStoring(_request: FastifyRequest, reply: FastifyReply) {
  // A route's own stricter value (a private file's 'private, no-store') stays.
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}
