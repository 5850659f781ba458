import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Generated, Kysely } from 'kysely';
import type { DB } from './db/schema.ts';
import type { FeatureDb } from './db/feature-db.ts';

/*
 * A code e-mailed to prove a mailbox (an artist's sign-in, a voter's address, an admin's way past
 * a lock), written once (docs/decisions/027). Each feature keeps its own table of codes, which it
 * owns, and its own policy (lifetime, tries, digits) and messages; this holds the rules and their
 * SQL: a random code of so many digits, only its SHA-256 stored (random digits behind a lifetime
 * and a count of tries need no slow hash), a match in constant time among the owner's live codes,
 * a wrong one costing each of them a try, and a code used once by one conditional update, so of
 * two requests at once exactly one wins on either engine.
 */

/** The columns every table of codes has; its owner column (whose a code is) is named apart. */
export interface OneTimeCodeColumns {
  id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
}

/** The tables of DB that hold one-time codes. */
export type CodeTable = {
  [T in keyof DB]: DB[T] extends OneTimeCodeColumns ? T : never;
}[keyof DB];

/** The text columns of a table of codes (who a code is for, a link's token); of each, for several. */
type TextColumn<T extends CodeTable> = T extends CodeTable
  ? { [C in keyof DB[T]]: DB[T][C] extends string ? C : never }[keyof DB[T]] & string
  : never;

/** One feature's codes: its table and owner column, and its own numbers. */
export interface OneTimeCodePolicy<T extends CodeTable> {
  table: T;
  /** The column saying whose a code is: the address it was sent to, the account. */
  owner: TextColumn<T>;
  digits: number;
  lifetimeMs: number;
  /** Wrong tries after which the owner's live codes are refused. */
  maxAttempts: number;
}

/** The columns of a new code's row the mechanism decides. */
export interface NewOneTimeCodeRow {
  id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
}

/*
 * The queries see any table of codes as this one: the table's and the columns' names are the
 * policy's at run time, which the types above have checked at the caller.
 */
interface CodeRow extends OneTimeCodeColumns {
  owner: string;
  lookup: string;
}
type CodesDb = Kysely<{ codes: CodeRow }>;
const codesOf = <T extends CodeTable>(db: FeatureDb<T>) => db as unknown as CodesDb;
const tableOf = (policy: { table: string }) => policy.table as 'codes';
const ownerOf = (policy: { owner: string }) => policy.owner as 'owner';

/** A code's stored hash; white space typed into it does not count. */
export function hashOneTimeCode(code: string): string {
  return createHash('sha256').update(code.replace(/\s/g, '')).digest('hex');
}

/** A new random code (zero-padded digits) and the row that stores it, for the owner to insert. */
export function newOneTimeCode<T extends CodeTable>(
  policy: OneTimeCodePolicy<T>,
  now: Date,
): { code: string; row: NewOneTimeCodeRow } {
  const code = String(randomInt(0, 10 ** policy.digits)).padStart(policy.digits, '0');
  return {
    code,
    row: {
      id: randomUUID(),
      code_hash: hashOneTimeCode(code),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + policy.lifetimeMs).toISOString(),
    },
  };
}

/** Codes still usable at `now`: unused, unexpired, with tries left. */
function selectLive<T extends CodeTable>(
  db: FeatureDb<T>,
  policy: OneTimeCodePolicy<T>,
  now: string,
) {
  return codesOf(db)
    .selectFrom(tableOf(policy))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', policy.maxAttempts);
}

/**
 * The id of the owner's live code that `typed` is, or undefined: then each of the owner's live
 * codes has one try fewer.
 */
export async function matchOneTimeCode<T extends CodeTable>(
  db: FeatureDb<T>,
  policy: OneTimeCodePolicy<T>,
  owner: string,
  typed: string,
  now: Date,
): Promise<string | undefined> {
  const typedHash = Buffer.from(hashOneTimeCode(typed), 'hex');
  const live = await selectLive(db, policy, now.toISOString())
    .select(['id', 'code_hash'])
    .where(ownerOf(policy), '=', owner)
    .execute();
  // Every live code compared, each in constant time: the answer's time tells nothing of a hash.
  let match: string | undefined;
  for (const row of live) {
    if (timingSafeEqual(Buffer.from(row.code_hash, 'hex'), typedHash)) match ??= row.id;
  }
  if (!match) await spendOneTimeCodeTry(db, policy, owner, now);
  return match;
}

/** The live code whose `column` (a link's token hash) is `value`: its id and owner. */
export async function findLiveOneTimeCodeBy<T extends CodeTable>(
  db: FeatureDb<T>,
  policy: OneTimeCodePolicy<T>,
  column: TextColumn<T>,
  value: string,
  now: Date,
): Promise<{ id: string; owner: string } | undefined> {
  return selectLive(db, policy, now.toISOString())
    .select((eb) => ['id', eb.ref(ownerOf(policy)).as('owner')])
    .where(column as unknown as 'lookup', '=', value)
    .executeTakeFirst();
}

/** A try spent (a wrong code, or the right one with a wrong password): each live code has one fewer. */
export async function spendOneTimeCodeTry<T extends CodeTable>(
  db: FeatureDb<T>,
  policy: OneTimeCodePolicy<T>,
  owner: string,
  now: Date,
): Promise<void> {
  await codesOf(db)
    .updateTable(tableOf(policy))
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where(ownerOf(policy), '=', owner)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .execute();
}

/**
 * Uses the code up; false when another request used it first. One conditional update: of two at
 * once, the second finds it used (SQLite writes one at a time; PostgreSQL's second update waits
 * for the first's row lock and then re-reads the row).
 */
export async function consumeOneTimeCode<T extends CodeTable>(
  db: FeatureDb<T>,
  policy: OneTimeCodePolicy<T>,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await codesOf(db)
    .updateTable(tableOf(policy))
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the codes expired before `before`, used or not: they are of no use to anyone. */
export async function deleteOneTimeCodesBefore<T extends CodeTable>(
  db: FeatureDb<T>,
  policy: Pick<OneTimeCodePolicy<T>, 'table'>,
  before: Date,
): Promise<void> {
  await codesOf(db)
    .deleteFrom(tableOf(policy))
    .where('expires_at', '<', before.toISOString())
    .execute();
}
