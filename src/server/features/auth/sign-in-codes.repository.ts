import type { Insertable } from 'kysely';
import type { SignInCodesTable } from '../../db/schema.ts';
import type { AuthDb } from './auth.tables.ts';

/* The codes e-mailed to sign in past a lock (sign-in-codes.ts): only their hashes. */

export async function insertSignInCode(
  db: AuthDb,
  row: Insertable<SignInCodesTable>,
): Promise<void> {
  await db.insertInto('sign_in_codes').values(row).execute();
}

/** How many codes the account was sent since `since`. */
export async function countSignInCodesSince(
  db: AuthDb,
  adminUserId: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('sign_in_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_user_id', '=', adminUserId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The account's codes still usable at `now`: unused, unexpired, with attempts left. */
export async function findLiveSignInCodes(
  db: AuthDb,
  adminUserId: string,
  now: string,
  maxAttempts: number,
) {
  return db
    .selectFrom('sign_in_codes')
    .select(['id', 'code_hash'])
    .where('admin_user_id', '=', adminUserId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .execute();
}

/** A wrong code typed: each live code of the account has one attempt fewer. */
export async function countSignInCodeAttempt(
  db: AuthDb,
  adminUserId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('sign_in_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('admin_user_id', '=', adminUserId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/** Uses the code up; false when another request used it first. */
export async function markSignInCodeUsed(db: AuthDb, id: string, now: string) {
  const result = await db
    .updateTable('sign_in_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Codes past their time are of no use to anyone. */
export async function deleteSignInCodesBefore(db: AuthDb, before: string): Promise<void> {
  await db.deleteFrom('sign_in_codes').where('expires_at', '<', before).execute();
}
