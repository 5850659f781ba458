import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, accountAudit } from './accounts.service.ts';
import { findAdminByName, findEmailOfAdmin, updateAdminUser } from './admins.repository.ts';

/**
 * An account's e-mail address (where sign-in codes go), audited: set by its owner from the
 * Account page, or for them from a shell.
 */
export async function setAccountEmail(
  db: Kysely<DB>,
  account: { id: string; username: string },
  email: string,
  actor: Actor,
  options: { action: string; now: Date },
): Promise<void> {
  const { now } = options;
  await db.transaction().execute(async (trx) => {
    await updateAdminUser(trx, account.id, { email, updated_at: now.toISOString() });
    const entry = accountAudit(actor, options.action, account.id, { username: account.username });
    await recordAudit(trx, entry, now);
  });
}

/** The e-mail address of the named account, for the command line; 404 when there is none. */
export async function setEmailOfAdmin(
  db: Kysely<DB>,
  username: string,
  email: string,
  actor: Actor,
  now: Date,
) {
  const user = await findAdminByName(db, username);
  if (!user) throw notFound(`No admin named ${username}`);
  await setAccountEmail(db, user, email, actor, { action: 'admin_user.email-set', now });
}

/** What the Account page shows of the signed-in admin: their e-mail address, or null. */
export async function accountOf(db: Kysely<DB>, id: string): Promise<{ email: string | null }> {
  return { email: (await findEmailOfAdmin(db, id))?.email ?? null };
}
