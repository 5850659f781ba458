import {
  PAYMENT_STATE_LABELS,
  type PaymentState,
} from '../../../../../shared/domain/entry-state.ts';

const TONES: Record<PaymentState, string> = {
  free: 'border-gray-400 bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100',
  received: 'border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  pending: 'border-amber-700 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  refunded: 'border-blue-700 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
};

/** Seed §4's payment state of an entry, in words (the colour only repeats them). */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return (
    <span
      className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold ${TONES[state]}`}
    >
      {PAYMENT_STATE_LABELS[state]}
    </span>
  );
}
