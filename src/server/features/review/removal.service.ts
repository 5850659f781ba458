import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { displayKeyOf } from '../media/private-images.ts';
import { discardUnclaimedFiles, releaseFiles } from '../media/unclaimed-files.ts';
import { PRIVATE_NAMESPACE } from '../media/storage/storage.ts';
import { deleteSubmissionRow, findSubmissionFiles } from './review.repository.ts';

/*
 * Issue 14 item 5: deleting a submission removes its row and every stored file of it (the photo,
 * each image with its display copy) after the transaction commits. The payment ledger keeps its
 * rows, without the submission; the outbox keeps its messages.
 */

export const SUBMISSION_GONE = 'Submission not found. It may have been deleted already.';

/** Every file the submission names: its photo, and each image with its display copy. */
function filesOf(row: { photo_key: string; field_values: string }): string[] {
  const values = Object.values(JSON.parse(row.field_values) as Record<string, unknown>);
  const images = values.filter(
    (value): value is string => typeof value === 'string' && value.startsWith(PRIVATE_NAMESPACE),
  );
  return [row.photo_key, ...images].flatMap((key) => [key, displayKeyOf(key)]);
}

export async function deleteSubmission(
  app: FastifyInstance,
  id: string,
  admin: AuditActor,
): Promise<void> {
  const keys = await app.deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const row = await findSubmissionFiles(trx, id);
    if (!row) throw notFound(SUBMISSION_GONE);
    const files = filesOf(row);
    await deleteSubmissionRow(trx, id);
    await releaseFiles(trx, files);
    await recordAudit(trx, {
      adminUserId: admin.adminUserId,
      actor: admin.username,
      action: 'submission.delete',
      entityType: 'submission',
      entityId: id,
      details: { reference: row.reference, fullName: row.full_name },
    });
    return files;
  });
  // After the commit; what cannot be deleted now stays listed for the sweeper.
  await discardUnclaimedFiles(app.deps, keys);
}
