import {
  PAYMENT_STATE_LABELS,
  SUBMISSION_STATUS_LABELS,
} from '../../../../shared/domain/entry-state.ts';
import type { ReviewCounts } from '../../../../shared/schemas/review.ts';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';

export function Counts({ counts }: { counts: ReviewCounts }) {
  const items = [
    [SUBMISSION_STATUS_LABELS.pending, counts.status.pending],
    [SUBMISSION_STATUS_LABELS.approved, counts.status.approved],
    [SUBMISSION_STATUS_LABELS.rejected, counts.status.rejected],
    // Counted even while the list hides them: the admin sees there are some to show.
    [SUBMISSION_STATUS_LABELS.withdrawn, counts.status.withdrawn],
    // Each entry once, by the state its badge shows: a free entry is never counted paid.
    [PAYMENT_STATE_LABELS.received, counts.payment.paid],
    [PAYMENT_STATE_LABELS.pending, counts.payment.pending],
    [PAYMENT_STATE_LABELS.refunded, counts.payment.refunded],
    [PAYMENT_STATE_LABELS.free, counts.payment.free],
  ] as const;
  return (
    <dl aria-label="Counts for these filters" className="flex flex-wrap gap-x-6 gap-y-2">
      {items.map(([label, value]) => (
        <div key={label} className="flex gap-2">
          <dt className={MUTED_TEXT}>{label}</dt>
          <dd className="font-semibold">{value.toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  );
}
