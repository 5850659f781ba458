import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { withdrawWaitingDecisionEmails } from '../mail/mail.service.ts';
import { discardUnclaimedFiles, releaseFiles } from '../media/media.service.ts';
import {
  deleteEntryRow,
  type EntryLog,
  storedFilesOfEntry,
  worksOf,
} from '../submissions/submissions.service.ts';
import { findSubmissionFiles } from './review.repository.ts';

/*
 * Deleting a submission removes its row (its picture jobs with it) and every stored file of it
 * (the photo, each image with its display copy) after the transaction commits. The payment
 * ledger keeps its rows, without the submission; the outbox keeps its messages, but for a
 * decision's e-mail still waiting, which is withdrawn.
 */

export const SUBMISSION_GONE = 'Submission not found. It may have been deleted already.';

type SubmissionFilesRow = NonNullable<Awaited<ReturnType<typeof findSubmissionFiles>>>;

/**
 * Every file the submission names: its photo and each image of it and its works, with the display copy and the
 * picture as sent (kept until its job has made the others).
 */
async function filesOf(trx: Kysely<DB>, row: SubmissionFilesRow, log: EntryLog) {
  const works = (await worksOf(trx, [row.id], log)).get(row.id) ?? [];
  return storedFilesOfEntry(row, works, log);
}

export async function deleteSubmission(
  deps: Pick<Deps, 'db' | 'storage' | 'log' | 'clock'>,
  id: string,
  admin: AuditActor,
): Promise<void> {
  const keys = await deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const row = await findSubmissionFiles(trx, id);
    if (!row) throw notFound(SUBMISSION_GONE);
    const files = await filesOf(trx, row, deps.log);
    // A decision's e-mail still waiting is not sent about an entry that no longer exists.
    await withdrawWaitingDecisionEmails(trx, [id]);
    await deleteEntryRow(trx, id);
    await releaseFiles(trx, files);
    await recordAudit(
      trx,
      {
        adminUserId: admin.adminUserId,
        actor: admin.username,
        action: 'submission.delete',
        entityType: 'submission',
        entityId: id,
        details: { reference: row.reference, fullName: row.full_name },
      },
      deps.clock.now(),
    );
    return files;
  });
  // After the commit; what cannot be deleted now stays listed for the sweeper.
  await discardUnclaimedFiles(deps, keys);
}
