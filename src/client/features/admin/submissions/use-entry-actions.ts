import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import type { AdminEntry, AdminPayment } from '../../../../shared/schemas/admin-entry.ts';
import { useToast } from '../../../components/toast.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason } from '../common/failure-messages.ts';
import { refundPayment } from './api/entry.ts';
import { decide, reviewKey } from './api/review.ts';
import { rupeesOf } from './entry-payments.tsx';
import { decidedMessage, UPDATE_FAILED } from './review-view.ts';
import { useDecisionUndo } from './use-decision-undo.ts';

export const REFUND_FAILED = 'Failed to refund payment';

/**
 * The entry page's writes: the review's decision, with its toasts and its Undo while the e-mail
 * waits, and a full refund of a received
 * payment after its question; the entry is read again after either. `summary`: where focus waits
 * once the button pressed is disabled or gone, the entry's summary, which says the result.
 */
export function useEntryActions(data: AdminEntry, summary: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [deciding, setDeciding] = useState(false);
  const decision = useMutation({ mutationFn: decide });
  const refunding = useMutation({ mutationFn: refundPayment });
  const reload = () => void queryClient.invalidateQueries({ queryKey: reviewKey });
  const undo = useDecisionUndo(summary);

  async function decideOn(status: 'approved' | 'rejected') {
    setDeciding(true);
    try {
      const result = await decision.mutateAsync({ ids: [data.id], status });
      showToast(decidedMessage(result.changed.length, status), { variant: 'success' });
      undo.offer(result.waiting);
    } catch (error) {
      showToast(withReason(UPDATE_FAILED, error), { variant: 'error' });
    } finally {
      setDeciding(false);
      reload();
      summary.current?.focus();
    }
  }

  const refund = useConfirmAction({
    act: (payment: AdminPayment) => refunding.mutateAsync(payment.paymentId),
    done: (payment) => {
      showToast(`Refunded ${rupeesOf(payment.amountPaise)} to ${data.fullName}`, {
        variant: 'success',
      });
      reload();
    },
    failure: (error) => withReason(REFUND_FAILED, error),
    focusAfter: summary,
  });

  return { deciding, decide: decideOn, refund, undo };
}
