import { OUTBOX_STATUS_LABELS, type OutboxStatus } from '../../../../shared/schemas/outbox.ts';

const STATUS_CLASSES: Record<OutboxStatus, string> = {
  pending: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  sending: 'bg-blue-100 text-blue-950 dark:bg-blue-950 dark:text-blue-100',
  sent: 'bg-green-100 text-green-950 dark:bg-green-950 dark:text-green-100',
  failed: 'bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-100',
  not_sent: 'bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100',
};

/** A message's state in words ('Not sent'), its colour only a help to the eye. */
export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_CLASSES[status]}`}
    >
      {OUTBOX_STATUS_LABELS[status]}
    </span>
  );
}
