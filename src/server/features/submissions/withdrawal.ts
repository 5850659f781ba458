import type { Kysely } from 'kysely';
import { ENTRY_LINK_INVALID } from '../../../shared/entry-page.ts';
import type { EntryView } from '../../../shared/schemas/entry.ts';
import { WITHDRAWAL_MESSAGES } from '../../../shared/schemas/entry.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findEntryView } from './entries.service.ts';
import { paymentStateOfRow } from './entry-rows.ts';
import { findWithdrawalTarget, markWithdrawn } from './withdrawal.repository.ts';

/*
 * "Start a different entry": the artist withdraws the unpaid entry they are replacing, so one
 * attempt leaves one entry. Only the entry the token opens, only while its fee is due and it is
 * not reviewed; withdrawn, it keeps its row (the admin may still see it), is never reviewed, paid
 * for or told of a decision, and is audited. Withdrawing it again answers the same.
 */
export async function withdrawEntry(
  deps: Pick<Deps, 'db' | 'log' | 'clock' | 'entryTokens'>,
  token: string,
): Promise<EntryView> {
  const submissionId = await deps.entryTokens.verify(token);
  const invalid = () => new AppError(404, 'ENTRY_LINK_INVALID', ENTRY_LINK_INVALID);
  if (!submissionId) throw invalid();
  await deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const entry = await findWithdrawalTarget(trx, submissionId);
    if (!entry) throw invalid();
    if (entry.withdrawn_at !== null) return;
    if (paymentStateOfRow(entry) !== 'pending') {
      throw new AppError(409, 'NOT_WITHDRAWABLE', WITHDRAWAL_MESSAGES.notUnpaid);
    }
    if (entry.status !== 'pending') {
      throw new AppError(409, 'NOT_WITHDRAWABLE', WITHDRAWAL_MESSAGES.reviewed);
    }
    const now = deps.clock.now();
    await markWithdrawn(trx, entry.id, now.toISOString());
    await recordAudit(
      trx,
      {
        // The artist, known by the entry's signed link: no account acts.
        adminUserId: null,
        actor: 'artist',
        action: 'submission.withdraw',
        entityType: 'submission',
        entityId: entry.id,
        details: { reference: entry.reference },
      },
      now,
    );
  });
  const found = await findEntryView(deps, submissionId);
  if (!found) throw invalid();
  return found.entry;
}
