import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import type { DB, LoginFailuresTable } from '../../db/schema.ts';

/*
 * The failed sign-in attempts (login_failures) the sign-in limit counts, and the locks that let
 * login-limit.ts count and reserve in one step (docs/decisions/007).
 */

/** What failures are counted by: the username typed, or the address the attempt came from. */
export type LoginLimitKey = 'username' | 'ip';

/**
 * Inside a transaction on PostgreSQL: waits for the other holders of this username's lock, then
 * of this address's (always in that order, so two transactions never wait on each other), and
 * holds both until the transaction ends. SQLite runs one transaction at a time: nothing to do.
 */
export async function lockLoginLimitKeys(
  trx: Kysely<DB>,
  username: string,
  ip: string,
): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(1, hashtext(${username}))`.execute(trx);
  await sql`select pg_advisory_xact_lock(2, hashtext(${ip}))`.execute(trx);
}

export async function deleteLoginFailuresBefore(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
}

export async function countLoginFailuresSince(
  db: Kysely<DB>,
  key: LoginLimitKey,
  value: string,
  since: string,
): Promise<number> {
  const { n } = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(key, '=', value)
    .where('failed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** When the newest `limit` failures since `since` happened, newest first, except `exceptId`. */
export async function findLoginFailureTimes(
  db: Kysely<DB>,
  key: LoginLimitKey,
  value: string,
  since: string,
  exceptId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where(key, '=', value)
    .where('failed_at', '>=', since)
    .where('id', '!=', exceptId)
    .orderBy('failed_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.failed_at);
}

export async function insertLoginFailure(db: Kysely<DB>, row: LoginFailuresTable): Promise<void> {
  await db.insertInto('login_failures').values(row).execute();
}

export async function deleteLoginFailureById(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

export async function deleteLoginFailuresOfUsername(
  db: Kysely<DB>,
  username: string,
): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
}
