/**
 * The voters of `npm run load:votes`: each from an address of its own, with an e-mail address of
 * its own (most on one common provider's domain); it asks for a code, reads it from the outbox
 * in the site's database, confirms it (a cookie) and votes.
 */
import { Agent, setGlobalDispatcher } from 'undici';
import type { Database } from '../../src/server/db/database.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/csrf.ts';

export interface Answer {
  status: number;
  ms: number;
  body: string;
  setCookie: string;
}

export interface Voter {
  n: number;
  email: string;
  ip: string;
  workId: string;
  /** Through the cluster: the connection from the voter's own loopback address. */
  dispatcher: Agent | undefined;
  /** `name=value` of the voter's cookie, once confirmed. */
  cookie?: string;
}

/**
 * A real public's addresses: most on one big shared provider (its domain is never limited, only
 * counted as a cluster signal), one voter in 20 on other providers or an organisation's own
 * domain (limited at 300 an hour, which these few stay under).
 */
export const COMMON_DOMAIN = 'gmail.com';
export const OTHER_DOMAINS = [
  'yahoo.co.in',
  'outlook.com',
  'rediffmail.com',
  'hotmail.com',
  'artschool.load.example',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Through the cluster (CLUSTER_URL): nginx's certificate is its own, and nginx tells the servers
 * the address a request came from, whatever the request says; so each voter connects from an
 * address of its own on the loopback network (127.2.x.y), as `npm run load` does.
 */
export function clusterMode(): boolean {
  if (!process.env.CLUSTER_URL) return false;
  setGlobalDispatcher(new Agent({ connect: { rejectUnauthorized: false } }));
  return true;
}

const domainOf = (n: number) =>
  n % 20 === 0 ? (OTHER_DOMAINS[(n / 20) % OTHER_DOMAINS.length] ?? COMMON_DOMAIN) : COMMON_DOMAIN;

export function makeVoter(
  n: number,
  stamp: string,
  workIds: readonly string[],
  cluster: boolean,
): Voter {
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return {
    n,
    // The run's stamp in the local part: a second run's voters are new voters.
    email: `voter${n}.${stamp}@${domainOf(n)}`,
    ip,
    workId: workIds[n % workIds.length] ?? '',
    dispatcher: cluster
      ? new Agent({
          connections: 1,
          // A browser keeps its connection to the site between the code, the confirmation and
          // the vote (nginx closes an idle one after 75 s); undici's own default is 4 s.
          keepAliveTimeout: 70_000,
          localAddress: `127.2.${(n >> 8) & 255}.${n & 255}`,
          connect: { rejectUnauthorized: false },
        })
      : undefined,
  };
}

/** A public POST (CSRF header, JSON) as the voter: its address, its cookie once confirmed. */
export async function post(base: string, path: string, voter: Voter, body: unknown) {
  const headers: Record<string, string> = {
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    'content-type': 'application/json',
    'x-forwarded-for': voter.ip,
  };
  if (voter.cookie) headers.cookie = voter.cookie;
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      ...(voter.dispatcher ? { dispatcher: voter.dispatcher } : {}),
    } as RequestInit);
    const text = await response.text();
    return {
      status: response.status,
      ms: performance.now() - started,
      body: text,
      setCookie: response.headers.get('set-cookie') ?? '',
    } satisfies Answer;
  } catch (error) {
    return {
      status: 0,
      ms: performance.now() - started,
      body: (error as Error).message,
      setCookie: '',
    } satisfies Answer;
  }
}

/** A refusal the vote may give: 409 or 429, with the API's envelope. */
export function isFairRefusal(answer: Answer): boolean {
  if (answer.status !== 409 && answer.status !== 429) return false;
  try {
    const { error } = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
    return typeof error?.code === 'string' && typeof error.message === 'string';
  } catch {
    return false;
  }
}

/** The code e-mailed to `email`, from the outbox (the row is written with the 202's answer). */
export async function readCode(database: Database, email: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const row = await database.db
      .selectFrom('email_outbox')
      .select('body_text')
      .where('kind', '=', 'vote-code')
      .where('to_address', '=', email)
      .executeTakeFirst();
    const code = row ? /(?<![\w-])(\d{6})(?![\w-])/.exec(row.body_text)?.[1] : undefined;
    if (code) return code;
    await sleep(250);
  }
  return undefined;
}

/** Steps of the confirmation as tallied: the code request and the confirmation. */
export interface Confirming {
  asked: (answer: Answer) => void;
  confirmed: (answer: Answer) => void;
  problem: (message: string) => void;
}

/** Asks for a code, reads it, confirms it; true when the voter holds its cookie. */
export async function confirmVoter(
  base: string,
  database: Database,
  competitionId: string,
  voter: Voter,
  on: Confirming,
): Promise<boolean> {
  const asked = await post(base, '/api/votes/codes', voter, {
    competitionId,
    email: voter.email,
  });
  on.asked(asked);
  if (asked.status !== 202) {
    if (!isFairRefusal(asked))
      on.problem(`code request ${asked.status}: ${asked.body.slice(0, 160)}`);
    return false;
  }
  const code = await readCode(database, voter.email);
  if (!code) {
    on.problem(`no code e-mailed to ${voter.email}`);
    return false;
  }
  const confirmed = await post(base, '/api/votes/confirm', voter, { email: voter.email, code });
  on.confirmed(confirmed);
  // Behind HTTPS (the cluster) the cookie is `__Host-ws_voter`.
  voter.cookie = /(?:__Host-)?ws_voter=[^;]+/.exec(confirmed.setCookie)?.[0];
  if (confirmed.status !== 200 || !voter.cookie) {
    if (!isFairRefusal(confirmed))
      on.problem(`confirmation ${confirmed.status}: ${confirmed.body.slice(0, 160)}`);
    return false;
  }
  return true;
}
