import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { USERNAME_MAX_LENGTH } from '../../../shared/schemas/auth.ts';
import { type Juror, type JurorInvite } from '../../../shared/schemas/jury.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { createAccount, deleteJurorById } from '../auth/auth.service.ts';
import { queueEmail, renderTemplate } from '../mail/mail.service.ts';
import {
  countJurorsWithEmail,
  countUsedInvitationsOf,
  deleteUnusedInvitationsOf,
  findAllJurors,
  findInvitationsOfJurors,
  findJurorById,
  findUsernamesStartingWith,
  insertInvitation,
  type JurorRow,
} from './jurors.repository.ts';
import { hashToken } from './invitations.service.ts';

/*
 * Juror accounts: the admin invites a juror by name and e-mail; the juror gets an account nobody
 * knows the password of and a one-time link, valid 48 hours, to choose one. Only the SHA-256 of
 * the link's token is stored, so a copy of the database opens no invitation.
 */

export const INVITATION_LIFETIME_MS = 48 * 60 * 60 * 1000;
export const JUROR_INVITATION_KIND = 'juror-invitation';
/** The juror's page that reads the token after '#', which no server log or Referer carries. */
export const JUROR_INVITATION_PATH = '/jury/invitation';
const INVITATION_TEMPLATE = {
  subject: 'You are invited to judge at {siteTitle}',
  body: `Dear {name},

You are invited to join the jury of {siteTitle}.

Your username: {username}

Choose your password to start: {inviteLink}

The link works once, for 48 hours. If it has expired, ask the art space for a new one.

{siteTitle}`,
};

const noSuchJuror = () => notFound('No such juror.');
/** 32 random bytes: an invitation's token, and the password nobody knows until it is accepted. */
const randomSecret = () => randomBytes(32).toString('base64url');

/** Room left after the base of a username for a number that makes it unique. */
const SUFFIX_ROOM = 6;

/** The e-mail's local part as a username: ASCII letters, digits, dots, dashes, underscores. */
export function usernameBaseOf(email: string): string {
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@')));
  const trimEnds = (s: string) => s.replace(/^[._-]+|[._-]+$/g, '');
  const plain = trimEnds(
    local
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '.'),
  );
  const base = trimEnds(plain.slice(0, USERNAME_MAX_LENGTH - SUFFIX_ROOM));
  return base.length >= 3 ? base : 'juror';
}

/** The base, or the base with the first number from 2 no account has (in any case). */
async function freeUsername(db: Kysely<DB>, base: string): Promise<string> {
  const taken = new Set(
    (await findUsernamesStartingWith(db, base)).map((name) => name.toLowerCase()),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

type InvitationState = Juror['invitation'];

/** Accepted once any invitation was used, or with none at all (made from the command line). */
function invitationState(
  invitations: readonly { expires_at: string; used_at: string | null }[],
  now: Date,
): InvitationState {
  const newest = invitations[0];
  if (!newest || invitations.some((i) => i.used_at !== null)) return 'accepted';
  return newest.expires_at > now.toISOString() ? 'pending' : 'expired';
}

function toJuror(row: JurorRow, invitation: InvitationState): Juror {
  return {
    id: row.id,
    username: row.username,
    name: row.display_name ?? row.username,
    email: row.email ?? '',
    twoFactor: row.totp_enabled === 1,
    invitation,
    createdAt: row.created_at,
  };
}

export async function listJurors(deps: Pick<Deps, 'db' | 'clock'>): Promise<Juror[]> {
  const rows = await findAllJurors(deps.db);
  const invitations = await findInvitationsOfJurors(
    deps.db,
    rows.map((r) => r.id),
  );
  const now = deps.clock.now();
  // Sorted here: the two engines order text differently (case, accents).
  const nameOf = (row: JurorRow) => row.display_name ?? row.username;
  rows.sort((a, b) => nameOf(a).localeCompare(nameOf(b)) || a.username.localeCompare(b.username));
  return rows.map((row) =>
    toJuror(
      row,
      invitationState(
        invitations.filter((i) => i.admin_user_id === row.id),
        now,
      ),
    ),
  );
}

/** What an invitation's e-mail is written with, read before its transaction begins. */
interface Site {
  title: string;
  publicUrl: string;
}

async function siteOf(deps: Pick<Deps, 'config' | 'settings'>): Promise<Site> {
  return { title: (await deps.settings.getSettings()).title, publicUrl: deps.config.publicUrl };
}

/** A new invitation in the caller's transaction: its row, its e-mail and its audit entry. */
async function writeInvitation(
  trx: Kysely<DB>,
  site: Site,
  juror: { id: string; username: string; name: string; email: string },
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const token = randomSecret();
  await insertInvitation(trx, {
    id: hashToken(token),
    admin_user_id: juror.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString(),
    used_at: null,
  });
  const values = {
    name: juror.name,
    username: juror.username,
    siteTitle: site.title,
    inviteLink: `${site.publicUrl}${JUROR_INVITATION_PATH}#${token}`,
  };
  const email = renderTemplate(INVITATION_TEMPLATE, values, { links: ['inviteLink'] });
  await queueEmail(
    trx,
    { kind: JUROR_INVITATION_KIND, submissionId: null, to: juror.email, ...email },
    now,
  );
  await recordAudit(
    trx,
    {
      adminUserId: actor.adminUserId,
      actor: actor.username,
      action: 'juror.invite',
      entityType: 'admin_user',
      entityId: juror.id,
      details: { username: juror.username },
    },
    now,
  );
}

const emailTaken = () =>
  new AppError(409, 'JUROR_EXISTS', 'A juror with this e-mail already exists.', {
    email: 'A juror with this e-mail already exists',
  });

/** A juror account with its invitation and e-mail, all or nothing (createAccount's transaction). */
export async function createJuror(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'settings' | 'outbox'>,
  invite: JurorInvite,
  actor: AuditActor,
): Promise<Juror> {
  const { db } = deps;
  const now = deps.clock.now();
  if ((await countJurorsWithEmail(db, invite.email)) > 0) throw emailTaken();
  const site = await siteOf(deps);
  const juror = { displayName: invite.name, email: invite.email };
  // Another account may take the free username first: then the next number is tried.
  for (let attempt = 1; ; attempt++) {
    const username = await freeUsername(db, usernameBaseOf(invite.email));
    try {
      const created = await createAccount(
        db,
        { username, password: randomSecret(), juror },
        actor,
        now,
        async (trx, account) => {
          // A juror with this e-mail added since the check above (committed, on PostgreSQL).
          if ((await countJurorsWithEmail(trx, invite.email)) > 1) throw emailTaken();
          await writeInvitation(trx, site, { ...account, ...invite }, actor, now);
        },
      );
      deps.outbox.wake();
      return {
        id: created.id,
        username: created.username,
        name: invite.name,
        email: invite.email,
        twoFactor: false,
        invitation: 'pending',
        createdAt: now.toISOString(),
      };
    } catch (error) {
      const clash = error instanceof AppError && error.code === 'USERNAME_TAKEN';
      if (!clash || attempt >= 3) throw error;
    }
  }
}

/** A new link for a juror who has not accepted yet; their older links stop working. */
export async function reinviteJuror(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'settings' | 'outbox'>,
  id: string,
  actor: AuditActor,
): Promise<Juror> {
  const now = deps.clock.now();
  const row = await findJurorById(deps.db, id);
  if (!row) throw noSuchJuror();
  const site = await siteOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    // Deleted first: an accept under way finishes before (its row stays, used) or finds none.
    const removed = await deleteUnusedInvitationsOf(trx, row.id);
    const used = await countUsedInvitationsOf(trx, row.id);
    if (used > 0 || removed === 0 || row.email === null) {
      throw new AppError(
        409,
        'INVITATION_ACCEPTED',
        'This juror has already accepted the invitation and chosen a password.',
      );
    }
    const juror = { id: row.id, username: row.username, email: row.email };
    await writeInvitation(
      trx,
      site,
      { ...juror, name: row.display_name ?? row.username },
      actor,
      now,
    );
  });
  deps.outbox.wake();
  return toJuror(row, 'pending');
}

/** Removes a juror's account (never an admin's); sessions and invitations go with it. */
export async function removeJuror(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: string,
  actor: AuditActor,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await findJurorById(trx, id);
    if (!row || !(await deleteJurorById(trx, row.id))) throw noSuchJuror();
    await recordAudit(
      trx,
      {
        adminUserId: actor.adminUserId,
        actor: actor.username,
        action: 'juror.delete',
        entityType: 'admin_user',
        entityId: row.id,
        details: { username: row.username },
      },
      now,
    );
  });
}
