import type { AdminEntry } from '../../../shared/schemas/admin-entry.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { extensionOfEntry } from '../competitions/competitions.service.ts';
import { findEntryView } from '../submissions/submissions.service.ts';
import { findChangedAfterReview } from './review.repository.ts';

export const SUBMISSION_NOT_FOUND = 'Submission not found.';

/** One entry as the admin sees it: the artist's view, plus the payment ledger. */
export async function loadAdminEntry(
  deps: Pick<Deps, 'db' | 'log' | 'payments'>,
  submissionId: string,
): Promise<AdminEntry> {
  const [found, payments, extension, changedAfterReview] = await Promise.all([
    findEntryView(deps, submissionId),
    deps.payments.paymentsOfEntry(submissionId),
    extensionOfEntry(deps.db, submissionId),
    findChangedAfterReview(deps.db, submissionId),
  ]);
  if (!found) throw notFound(SUBMISSION_NOT_FOUND);
  return {
    ...found,
    payments,
    paidTwice: payments.filter((p) => p.status === 'captured').length > 1,
    extension,
    changedAfterReview: changedAfterReview ?? null,
  };
}
