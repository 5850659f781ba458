import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AdminErasureRequest,
  type AdminErasureRequests,
  ERASURE_DAYS,
  ERASURE_MESSAGES,
  type ErasureRequest,
  type MyErasure,
} from '../../../shared/schemas/personal-data.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { deleteArtistOfEmail } from '../artists/artists.service.ts';
import { type AuditActor, recordAudit, writePublicContent } from '../audit/audit.service.ts';
import { forgetDisplayCopiesOf } from '../exhibitions/exhibitions.service.ts';
import { deleteMessagesTo } from '../mail/mail.service.ts';
import { discardUnclaimedFiles, releaseFiles } from '../media/media.service.ts';
import { anonymiseReceiptsOf } from '../receipts/receipts.service.ts';
import { forgetCertificateFilesOf } from '../results/results.service.ts';
import {
  anonymiseEntryRow,
  findEntriesOfEmail,
  listMyEntries,
  storedFilesOfEntry,
  withdrawMyEntry,
  worksOf,
} from '../submissions/submissions.service.ts';
import { eraseVoter } from '../votes/votes.service.ts';
import {
  findErasureRequest,
  findErasureRequests,
  findPendingErasure,
  insertErasureRequest,
  lockErasureRequest,
  markErasureCompleted,
} from './erasure.repository.ts';

/*
 * An artist asks to be erased; an admin completes it within 30 days. Completing withdraws the
 * entries still open (refunded as the withdrawal setting says), then in one transaction replaces
 * the name and contacts of every entry (results then show "Name withheld"), takes the name off the
 * receipts (the ledger and receipts themselves are kept, as tax law requires), forgets the
 * exhibition's display copies of the works (their bytes name the artist), deletes the
 * messages to the address and the artist's sign-in, takes the address off the person's votes in
 * the people's choice, and forgets the request's address; the files
 * are deleted after it commits.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const keyOf = (email: string) => email.trim().toLowerCase();

type Row = NonNullable<Awaited<ReturnType<typeof findPendingErasure>>>;
const requestOf = (row: Row): ErasureRequest => ({
  id: row.id,
  requestedAt: row.requested_at,
  dueAt: row.due_at,
});

/** The artist's request: made once; asking again answers the one waiting (`created` false). */
export async function requestErasure(
  deps: Pick<Deps, 'db' | 'clock'>,
  email: string,
): Promise<{ request: ErasureRequest; created: boolean }> {
  const key = keyOf(email);
  const now = deps.clock.now();
  const created = await deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const inserted = await insertErasureRequest(trx, {
      id: randomUUID(),
      email: key,
      pending_key: key,
      requested_at: now.toISOString(),
      due_at: new Date(now.getTime() + ERASURE_DAYS * DAY_MS).toISOString(),
    });
    if (inserted) {
      await recordAudit(
        trx,
        { adminUserId: null, actor: 'artist', action: 'artist.erasure-request' },
        now,
      );
    }
    return inserted;
  });
  const row = await findPendingErasure(deps.db, key);
  if (!row) throw new Error('The erasure request just made is not there');
  return { request: requestOf(row), created };
}

export async function findMyErasure(deps: Pick<Deps, 'db'>, email: string): Promise<MyErasure> {
  const row = await findPendingErasure(deps.db, keyOf(email));
  return { request: row ? requestOf(row) : null };
}

export async function listErasureRequests(deps: Pick<Deps, 'db'>): Promise<AdminErasureRequests> {
  const rows = await findErasureRequests(deps.db);
  return { requests: rows.map(adminRequestOf) };
}

const adminRequestOf = (row: Row): AdminErasureRequest => ({
  id: row.id,
  email: row.email,
  requestedAt: row.requested_at,
  dueAt: row.due_at,
  completedAt: row.completed_at,
  entries: row.entries,
});

type CompleteDeps = Pick<
  Deps,
  'db' | 'log' | 'clock' | 'settings' | 'payments' | 'storage' | 'contentCache'
>;

/** Every stored file of the entries, as deleting them would delete. */
async function filesOfEntries(
  deps: CompleteDeps,
  rows: Awaited<ReturnType<typeof findEntriesOfEmail>>,
) {
  const works = await worksOf(
    deps.db,
    rows.map((row) => row.id),
    deps.log,
  );
  return rows.flatMap((row) => storedFilesOfEntry(row, works.get(row.id) ?? [], deps.log));
}

/** The admin completes request `id`: 404 for none, 409 once completed. */
export async function completeErasure(
  deps: CompleteDeps,
  id: string,
  admin: AuditActor,
): Promise<AdminErasureRequest> {
  const target = await findErasureRequest(deps.db, id);
  if (!target) throw notFound(ERASURE_MESSAGES.notFound);
  if (target.completed_at !== null) {
    throw new AppError(409, 'ERASURE_COMPLETED', ERASURE_MESSAGES.completed);
  }
  const email = target.email;
  // The open ones first, through the artist's own withdrawal (refund as the setting says).
  const { entries } = await listMyEntries(deps, email);
  for (const entry of entries.filter((e) => e.withdrawable)) {
    await withdrawMyEntry(deps, email, entry.id);
  }
  const rows = await findEntriesOfEmail(deps.db, email);
  const files = await filesOfEntries(deps, rows);
  const now = deps.clock.now();
  // The results pages show the names: the in-memory copies are dropped after the commit.
  const deleted = await writePublicContent(deps, async (trx: Kysely<DB>) => {
    if (!(await lockErasureRequest(trx, id))) throw notFound(ERASURE_MESSAGES.notFound);
    const done = { at: now.toISOString(), by: admin.adminUserId, entries: rows.length };
    if (!(await markErasureCompleted(trx, id, done))) {
      throw new AppError(409, 'ERASURE_COMPLETED', ERASURE_MESSAGES.completed);
    }
    for (const row of rows) await anonymiseEntryRow(trx, row, now.toISOString());
    await anonymiseReceiptsOf(
      trx,
      rows.map((row) => row.id),
    );
    await deleteMessagesTo(trx, email);
    await deleteArtistOfEmail(trx, email);
    // Their people's-choice votes go on counting, without the address.
    const votes = await eraseVoter(trx, email, now);
    const ids = rows.map((row) => row.id);
    // The certificates and the exhibition's display copies print the name in their bytes.
    const released = [
      ...files,
      ...(await forgetCertificateFilesOf(trx, ids)),
      ...(await forgetDisplayCopiesOf(trx, ids)),
    ];
    await releaseFiles(trx, released);
    await recordAudit(
      trx,
      {
        adminUserId: admin.adminUserId,
        actor: admin.username,
        action: 'artist.erasure-complete',
        entityType: 'erasure_request',
        entityId: id,
        details: {
          entries: rows.length,
          references: rows.map((row) => row.reference),
          votes,
        },
      },
      now,
    );
    return released;
  });
  // After the commit; what cannot be deleted now stays listed for the sweeper.
  await discardUnclaimedFiles(deps, deleted);
  const done = await findErasureRequest(deps.db, id);
  if (!done) throw notFound(ERASURE_MESSAGES.notFound);
  return adminRequestOf(done);
}
