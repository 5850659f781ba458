import type { Kysely } from 'kysely';
import { WITHDRAW_MESSAGES } from '../../../shared/schemas/artist.ts';
import { isRecordId } from '../../db/record-id.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { paymentStateOfRow } from './entry-rows.ts';
import { entryClosed, MY_ENTRY_NOT_FOUND } from './my-entry-edit.ts';
import { findWithdrawalTarget, markWithdrawn } from './withdrawal.repository.ts';

/*
 * The artist withdraws their own entry, signed in: any of theirs, reviewed or paid, until the
 * competition closes. A fee received is refunded only when the site's settings say so (the Terms:
 * fees are not refundable unless stated), through the admin's own refund path. The row is locked
 * and withdrawn by a conditional update, so of two requests at once one withdraws and refunds;
 * the other, like any later one, answers the entry as it is (a retry after a lost answer is not
 * an error to the artist).
 */

/** Who refunds in the ledger's audit: the artist's request, not an admin. */
const ARTIST_REFUND = { adminUserId: null, username: 'artist' } as const;

export type WithdrawDeps = Pick<Deps, 'db' | 'log' | 'clock' | 'settings' | 'payments'>;

/** Withdraws the artist's entry: 404 for another's, 409 after the close, done once. */
export async function withdrawMyEntry(
  deps: WithdrawDeps,
  email: string,
  submissionId: string,
): Promise<void> {
  if (!isRecordId(submissionId)) throw notFound(MY_ENTRY_NOT_FOUND);
  const { refundOnArtistWithdrawal, timeZone } = await deps.settings.getSettings();
  const refund = await deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const entry = await findWithdrawalTarget(trx, submissionId);
    if (!entry || entry.email.toLowerCase() !== email.toLowerCase()) {
      throw notFound(MY_ENTRY_NOT_FOUND);
    }
    if (entry.withdrawn_at !== null) return false;
    const now = deps.clock.now();
    if (await entryClosed(timeZone, trx, entry.competition_id, now)) {
      throw new AppError(409, 'ENTRIES_CLOSED', WITHDRAW_MESSAGES.closed);
    }
    // Only the request that withdraws it may refund: the other of two at once changes nothing.
    if (!(await markWithdrawn(trx, entry.id, now.toISOString()))) return false;
    const refunds = refundOnArtistWithdrawal && paymentStateOfRow(entry) === 'received';
    await recordAudit(
      trx,
      {
        adminUserId: null,
        actor: 'artist',
        action: 'submission.artist-withdraw',
        entityType: 'submission',
        entityId: entry.id,
        details: { reference: entry.reference, refund: refunds },
      },
      now,
    );
    return refunds;
  });
  if (refund) await refundFee(deps, submissionId);
}

/**
 * Refunds every payment received for the entry, as an admin's refund does (one idempotency key
 * per payment, so a retry never refunds twice). The entry stays withdrawn when the provider fails:
 * it is logged, and the admin refunds it from the entry's page.
 */
async function refundFee(deps: WithdrawDeps, submissionId: string): Promise<void> {
  const payments = await deps.payments.paymentsOfEntry(submissionId);
  for (const payment of payments.filter((p) => p.status === 'captured')) {
    try {
      await deps.payments.refund(payment.paymentId, ARTIST_REFUND);
    } catch (error) {
      deps.log.warn(
        { err: error, submissionId, paymentId: payment.paymentId },
        "The refund of an artist's withdrawn entry failed: the admin may refund it",
      );
    }
  }
}
