import { COMPETITION_STATUS_LABELS } from '../../../../shared/domain/competition-filter.ts';
import type { CompetitionStatus } from '../../../../shared/domain/competition-status.ts';

const STYLES: Record<CompetitionStatus, string> = {
  open: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  upcoming: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  closed: 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-100',
};

/** Open / Upcoming / Closed (PRODUCT.md point 6), in words, never by colour alone. */
export function StatusBadge({ status }: { status: CompetitionStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${STYLES[status]}`}
    >
      {COMPETITION_STATUS_LABELS[status]}
    </span>
  );
}

export function Chip({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-[var(--color-primary-text)]">
      {children}
    </span>
  );
}
