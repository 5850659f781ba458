import type { Insertable, UpdateResult } from 'kysely';
import type { RecoveryCodesTable } from '../../db/schema.ts';
import type { AuthDb } from './auth.tables.ts';

/*
 * An admin's two-factor sign-in as stored: the TOTP columns of admin_users (`totp_secret`, set
 * before `totp_enabled`; `totp_last_step`, the last time step used) and recovery_codes. Turning
 * it off is a plain update of the account (admins.repository.ts).
 */

/** Runs a conditional update; false when it found no row (another request got there first). */
async function updatesOneRow(query: {
  executeTakeFirst(): Promise<UpdateResult>;
}): Promise<boolean> {
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findTwoFactorState(db: AuthDb, adminUserId: string) {
  return db
    .selectFrom('admin_users')
    .select(['id', 'username', 'totp_secret', 'totp_enabled'])
    .where('id', '=', adminUserId)
    .executeTakeFirst();
}

/** A new secret waiting for its first code; only while two-factor is off. */
export async function saveUnconfirmedTotpSecret(
  db: AuthDb,
  adminUserId: string,
  secret: string,
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ totp_secret: secret, totp_last_step: null })
    .where('id', '=', adminUserId)
    .where('totp_enabled', '=', 0)
    .execute();
}

/**
 * Turns two-factor on with the secret the first code was checked against, `step` used up.
 * False when it is on already or the secret was replaced meanwhile.
 */
export async function enableTotp(
  db: AuthDb,
  adminUserId: string,
  secret: string,
  step: number,
  updatedAt: string,
): Promise<boolean> {
  return updatesOneRow(
    db
      .updateTable('admin_users')
      .set({ totp_enabled: 1, totp_last_step: step, updated_at: updatedAt })
      .where('id', '=', adminUserId)
      .where('totp_enabled', '=', 0)
      .where('totp_secret', '=', secret),
  );
}

/**
 * Records `step` as used, in one conditional update: false when it (or a later one) already was,
 * so two requests racing with one code cannot both pass.
 */
export async function useTotpStep(db: AuthDb, adminUserId: string, step: number): Promise<boolean> {
  return updatesOneRow(
    db
      .updateTable('admin_users')
      .set({ totp_last_step: step })
      .where('id', '=', adminUserId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)])),
  );
}

/** The TOTP step used last by the account, if any. */
export async function findTotpLastStep(
  db: AuthDb,
  adminUserId: string,
): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('admin_users')
    .select('totp_last_step')
    .where('id', '=', adminUserId)
    .executeTakeFirst();
  // PostgreSQL's bigint arrives as a string.
  return row?.totp_last_step == null ? row?.totp_last_step : Number(row.totp_last_step);
}

/** Marks the unused code with this hash used; false when there is none. */
export async function useRecoveryCode(
  db: AuthDb,
  adminUserId: string,
  codeHash: string,
  usedAt: string,
): Promise<boolean> {
  return updatesOneRow(
    db
      .updateTable('recovery_codes')
      .set({ used_at: usedAt })
      .where('admin_user_id', '=', adminUserId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null),
  );
}

export async function countUnusedRecoveryCodes(db: AuthDb, adminUserId: string): Promise<number> {
  const { n } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_user_id', '=', adminUserId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertRecoveryCodes(
  db: AuthDb,
  rows: Insertable<RecoveryCodesTable>[],
): Promise<void> {
  await db.insertInto('recovery_codes').values(rows).execute();
}

export async function deleteRecoveryCodes(db: AuthDb, adminUserId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('admin_user_id', '=', adminUserId).execute();
}
