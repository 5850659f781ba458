import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../shared/csrf.ts';
import { envelope, signInRequired } from '../errors.ts';
import { findSessionUser, type SessionUser } from '../features/auth/sessions.ts';
import { RAZORPAY_WEBHOOK_PATH } from '../features/payments/razorpay-webhook.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin; set for every /api/admin/* request that reaches its handler. */
    admin: SessionUser | null;
  }
}

export const ADMIN_API_PREFIX = '/api/admin';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const PLAIN_COOKIE = 'ws_session';
/** Behind HTTPS the cookie takes the __Host- prefix: Secure, Path=/, no Domain, by the browser's rule. */
const HOST_COOKIE = '__Host-ws_session';

export function sessionCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? HOST_COOKIE : PLAIN_COOKIE;
}

/** One set of cookie options for setting and clearing: a __Host- cookie needs Secure for both. */
export function sessionCookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  } as const;
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request)];
}

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

function isUnder(url: string, prefix: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isAdminPath(url: string): boolean {
  return isUnder(url, ADMIN_API_PREFIX);
}

/** The API's description (Swagger UI and its JSON), which lists every admin route. */
export const API_DOCS_PREFIX = '/api/docs';

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
 * route registered in the scope, and answers no browser or proxy keeps.
 */
export function guardAdminSession(deps: Pick<Deps, 'db' | 'settings'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Admin answers are one admin's business: never kept by a browser or a proxy.
    reply.header('cache-control', 'no-store');
    const { security } = await deps.settings.getSettings();
    const admin = await findSessionUser(deps.db, sessionToken(request), security);
    if (!admin) {
      return reply.status(401).send(envelope('UNAUTHENTICATED', 'Please sign in.'));
    }
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

/**
 * The one place admin routes are guarded: every /api/admin/* request needs a live session, and
 * every state-changing /api/* request passes the CSRF check, whatever route it reaches. In
 * production the API's description is an admin's too; in development and tests it stays open.
 */
export function registerAdminGuard(app: FastifyInstance): void {
  const guardDocs = app.deps.config.nodeEnv === 'production';
  const guarded = (path: string) =>
    isAdminPath(path) || (guardDocs && isUnder(path, API_DOCS_PREFIX));
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request, reply) => {
    // The router decodes the path ('/%61pi/%61dmin/x' reaches '/api/admin/x'), so the route it
    // matched decides as well as the raw URL.
    const paths = [request.url, request.routeOptions.url ?? ''];
    if (!paths.some((p) => p.startsWith('/api/'))) return;
    const adminPath = paths.some(guarded);
    // Admin answers are one admin's business: never kept by a browser or a proxy.
    if (adminPath) reply.header('cache-control', 'no-store');
    // Razorpay's webhook comes from Razorpay, not our pages: its signature is its proof.
    const signedElsewhere = request.routeOptions.url === RAZORPAY_WEBHOOK_PATH;
    if (!SAFE_METHODS.has(request.method) && !signedElsewhere && isCrossSite(request)) {
      return reply
        .status(403)
        .send(envelope('CSRF_REJECTED', 'This request did not come from this site.'));
    }
    if (!adminPath) return;
    const { security } = await app.deps.settings.getSettings();
    const admin = await findSessionUser(app.deps.db, sessionToken(request), security);
    if (!admin) {
      return reply.status(401).send(envelope('UNAUTHENTICATED', 'Please sign in.'));
    }
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
  });
}
