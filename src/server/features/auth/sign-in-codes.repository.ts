import type { Insertable } from 'kysely';
import type { SignInCodesTable } from '../../db/schema.ts';
import type { AuthDb } from './auth.tables.ts';

/*
 * The codes e-mailed to sign in past a lock (sign-in-codes.ts): only their hashes. Finding,
 * trying, using and deleting them is server/one-time-codes.ts, over this table.
 */

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
