import { METHODS } from 'node:http';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, beforeEach, expect } from 'vitest';
import type { DB } from '../../src/server/db/schema.ts';
import { DEFAULT_SECURITY_SETTINGS } from '../../src/shared/schemas/security-settings.ts';
import { OUR_CLIENT_HEADERS, type TestApp, useTestApp } from './test-app.ts';
import { createRunningClock } from './test-clock.ts';

/*
 * Signing in and acting as an admin over HTTP, for the tests of the admin area. Every helper takes
 * the app explicitly: a TestApp, or a bare FastifyInstance a test has built itself.
 */

/** The seeded admin's password in the apps useAdminTestApp builds. */
export const ADMIN_PASSWORD = 'correct horse battery staple';

/** Where an admin turns their own two-factor sign-in on and off. */
export const TWO_FACTOR_URL = '/api/admin/account/two-factor';

/** The length of one TOTP step. */
export const STEP_MS = 30_000;

/** A test app, or a Fastify instance a test has built itself. */
export type Target = TestApp | FastifyInstance;

/** What a test may set on a sign-in request: the client's address, its headers, its cookies. */
export type LoginOptions = Pick<InjectOptions, 'remoteAddress' | 'headers' | 'cookies'>;

/** The Fastify instance to inject into. */
export const fastifyOf = (target: Target): FastifyInstance =>
  'inject' in target ? target : target.app;

/** inject()'s payload option, left out when there is no body. */
const payloadOf = (payload: unknown) =>
  payload === undefined ? {} : { payload: payload as Record<string, unknown> };

/**
 * The clock of the apps of the admin tests (one per test file): real time, moved ahead to the next
 * TOTP step by clearOfStepBoundary instead of waiting for it. An app a test builds itself for
 * two-factor sign-ins takes it too (`buildApp(config, { clock: adminClock })`).
 */
export const adminClock = createRunningClock();

/** The file's test app, built once; before each test only the seeded admin is left, as set up. */
export function useAdminTestApp(): TestApp {
  // Test files may share this module (vitest's isolate: false): each starts at real time.
  beforeAll(() => adminClock.set(new Date()));
  const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD }, clock: adminClock });
  beforeEach(() => resetAdminState(t));
  return t;
}

/** No other admins, sessions, failures, audit rows or two-factor; the default security settings. */
async function resetAdminState(t: TestApp): Promise<void> {
  const db = t.app.deps.db;
  await db.deleteFrom('admin_users').where('username', '!=', 'admin').execute();
  for (const table of ['sessions', 'login_failures', 'audit_log', 'recovery_codes'] as const) {
    await db.deleteFrom(table).execute();
  }
  await db
    .updateTable('admin_users')
    .set({ totp_secret: null, totp_enabled: 0, totp_last_step: null })
    .execute();
  await t.app.deps.settings.updateSettings({ security: { ...DEFAULT_SECURITY_SETTINGS } });
}

/** Vitest numbers each test file's worker: as the second octet it keeps files' addresses apart. */
const FILE_OCTET = Number(process.env.VITEST_WORKER_ID ?? 0) % 256;
let addressesGiven = 0;

/** A client address no request has come from yet, so per-address limits never carry over. */
export function freshAddress(): string {
  addressesGiven++;
  const high = Math.floor(addressesGiven / 250) % 256;
  return `10.${FILE_OCTET}.${high}.${(addressesGiven % 250) + 1}`;
}

/** POST /api/auth/login as our client from a fresh address; options replace any of those. */
export function login(
  target: Target,
  body: Record<string, unknown>,
  options: LoginOptions = {},
): Promise<LightMyRequestResponse> {
  return fastifyOf(target).inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: OUR_CLIENT_HEADERS,
    payload: body,
    remoteAddress: freshAddress(),
    ...options,
  });
}

/** The session cookie a response sets (its name is `__Host-ws_session` behind HTTPS). */
export function sessionCookie(response: LightMyRequestResponse, name = 'ws_session') {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in ${String(response.headers['set-cookie'])}`);
  return cookie;
}

/** Signs in, with the second-factor `code` when given, expects 200 and returns the session token. */
export async function signIn(
  target: Target,
  username: string,
  password: string,
  options: LoginOptions & { code?: string } = {},
): Promise<string> {
  const { code, ...request } = options;
  const body = { username, password, ...(code === undefined ? {} : { code }) };
  const response = await login(target, body, request);
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response).value;
}

/** GET /api/auth/session with `token` in the cookie `name`, or with no cookie at all. */
export function whoAmI(
  target: Target,
  token: string | undefined,
  name = 'ws_session',
): Promise<LightMyRequestResponse> {
  return fastifyOf(target).inject({
    method: 'GET',
    url: '/api/auth/session',
    ...(token === undefined ? {} : { cookies: { [name]: token } }),
  });
}

/** A request with the session `token` as our client, from a fresh address unless one is given. */
export function asAdmin(
  target: Target,
  token: string,
  method: HTTPMethods,
  url: string,
  payload?: unknown,
  options: { remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return fastifyOf(target).inject({
    method,
    url,
    headers: OUR_CLIENT_HEADERS,
    cookies: { ws_session: token },
    remoteAddress: options.remoteAddress ?? freshAddress(),
    ...payloadOf(payload),
  });
}

/** The audit log, oldest first (rows written in the same millisecond come in no set order). */
export function auditRows(db: Kysely<DB>) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'actor', 'admin_user_id', 'entity_id', 'details'])
    .orderBy('created_at')
    .execute();
}

/** The audit log's rows whose action starts with `prefix` ('banner.'), oldest first. */
export async function auditRowsOf(db: Kysely<DB>, prefix: string) {
  return (await auditRows(db)).filter((row) => row.action.startsWith(prefix));
}

/** The audit log's actions, sorted by name, since rows of one millisecond have no order. */
export async function auditActions(db: Kysely<DB>): Promise<string[]> {
  return (await auditRows(db)).map((r) => r.action).sort();
}

/** A request to try on an admin route: method, url and, for a write, its body. */
export type RouteCall = readonly [method: HTTPMethods, url: string, payload?: unknown];

/** Expects each route, called with `request`'s headers and cookies, to be refused as given. */
async function expectEachRefused(
  target: Target,
  routes: readonly RouteCall[],
  request: Pick<InjectOptions, 'headers' | 'cookies'>,
  status: number,
  code: string,
): Promise<void> {
  for (const [method, url, payload] of routes) {
    const response = await fastifyOf(target).inject({
      method,
      url,
      ...request,
      ...payloadOf(payload),
    });
    expect(response.statusCode, `${method} ${url}`).toBe(status);
    expect(response.json().error.code, `${method} ${url}`).toBe(code);
  }
}

/** Expects 401 UNAUTHENTICATED from each route without a session (our CSRF header is sent). */
export function expectSessionRequired(target: Target, routes: readonly RouteCall[]) {
  return expectEachRefused(target, routes, { headers: OUR_CLIENT_HEADERS }, 401, 'UNAUTHENTICATED');
}

/** Expects 403 CSRF_REJECTED from each route called with the session `token` but not our header. */
export function expectCsrfHeaderRequired(
  target: Target,
  token: string,
  routes: readonly RouteCall[],
) {
  return expectEachRefused(
    target,
    routes,
    { cookies: { ws_session: token } },
    403,
    'CSRF_REJECTED',
  );
}

/** Expects the sign-in limit's answer: 429 for 15 minutes, a Retry-After to match, no cookie. */
export function expectLockedOut(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: {
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(response.headers['set-cookie']).toBeUndefined();
}

/** The TOTP code of a base32 secret at the moment `at` (the admin apps' now by default). */
export function totpCode(secret: string, at = adminClock.now().getTime()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: at });
}

/** A well-formed 6-digit code that is none the server could accept around `at`. */
export function wrongCode(secret: string, at = adminClock.now().getTime()): string {
  const near = new Set([-2, -1, 0, 1, 2].map((d) => totpCode(secret, at + d * STEP_MS)));
  for (let n = 123456; ; n++) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/**
 * Moves the admin apps' clock to the next step when fewer than `marginMs` are left in this one
 * (instead of waiting for it); returns the clock's now.
 */
export async function clearOfStepBoundary(marginMs = 5_000): Promise<number> {
  const left = STEP_MS - (adminClock.now().getTime() % STEP_MS);
  if (left < marginMs) adminClock.advance(left + 50);
  return adminClock.now().getTime();
}

/** Sets two-factor up and on over HTTP with the previous step's code, leaving this step's free. */
export async function turnOnTwoFactor(
  target: Target,
  token: string,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[]; enableCode: string }> {
  const setup = await asAdmin(target, token, 'POST', `${TWO_FACTOR_URL}/setup`);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const at = await clearOfStepBoundary();
  const enableCode = totpCode(secret, at - STEP_MS);
  const payload = { code: enableCode, password };
  const enabled = await asAdmin(target, token, 'POST', `${TWO_FACTOR_URL}/enable`, payload);
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
  return { secret, recoveryCodes, enableCode };
}

/** One route of the router: a method and the path pattern it was registered with. */
export interface RouterRoute {
  method: string;
  url: string;
}

/*
 * A line of printRoutes()'s tree: the indent (four characters a level), the branch, the node's
 * path fragment and, when a route ends at the node, its methods. Anything else (a constraint
 * such as {"version":"1.2.0"}, meta data, a new format) is not understood and throws.
 */
const TREE_LINE = /^((?:│ {3}| {4})*)[└├]── (\S+)(?: \(([A-Z]+(?:, [A-Z]+)*)\))?$/;
const KNOWN_METHODS = new Set(METHODS);

/**
 * The routes of a tree printed by printRoutes() with its default common prefixes: each line is a
 * fragment of path, and a route's path is its line's fragment after those of its ancestors. Throws
 * on any non-empty line it cannot read, so that no route is ever skipped unnoticed.
 * (printRoutes({ commonPrefix: false }) is no good: it drops the path before a wildcard, printing
 * '/api/admin/export/*' as '/*' or not at all.)
 */
export function routesFromTree(tree: string): RouterRoute[] {
  const routes: RouterRoute[] = [];
  const stack: string[] = [];
  const cannotRead = (line: string, why: string) =>
    new Error(`routesFromTree cannot read the line ${JSON.stringify(line)}: ${why}`);
  for (const line of tree.split('\n')) {
    if (line.trim() === '') continue;
    const match = TREE_LINE.exec(line);
    if (!match) throw cannotRead(line, 'not a path fragment with its methods');
    const [, indent = '', fragment = '', methods] = match;
    const depth = indent.length / 4;
    if (depth > stack.length) throw cannotRead(line, 'it is indented below no parent');
    // Two parameter names at one place ('/:id' and '/:userId/x'): which route has which is lost.
    if (fragment.includes('|')) throw cannotRead(line, 'several parameter names at one place');
    stack.length = depth;
    stack.push(fragment);
    for (const method of methods?.split(', ') ?? []) {
      if (!KNOWN_METHODS.has(method)) throw cannotRead(line, `${method} is no HTTP method`);
      routes.push({ method, url: stack.join('') });
    }
  }
  return routes;
}

/**
 * Every route Fastify's router knows, read from its printed tree (onRoute would come too late:
 * the app is built before a test could add the hook). Each route read is checked against the
 * router, and a router without routes is an error too.
 */
export function routesFromRouter(target: Target): RouterRoute[] {
  const app = fastifyOf(target);
  const routes = routesFromTree(app.printRoutes());
  if (routes.length === 0) throw new Error('routesFromRouter found no routes at all');
  for (const route of routes) {
    if (!app.hasRoute({ method: route.method as HTTPMethods, url: route.url })) {
      throw new Error(`routesFromRouter read ${route.method} ${route.url}, which is no route`);
    }
  }
  return routes;
}
