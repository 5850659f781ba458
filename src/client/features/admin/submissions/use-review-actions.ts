import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import type { ReviewItem } from '../../../../shared/schemas/review.ts';
import { useToast } from '../../../components/toast.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason } from '../common/failure-messages.ts';
import { decide, deleteSubmission, reviewKey } from './api/review.ts';
import { decidedMessage, REVIEW_TEXT } from './review-view.ts';
import { useDecisionUndo } from './use-decision-undo.ts';
import type { useSelection } from './use-selection.ts';

/**
 * The review's writes: decisions on one row or the selection (each row busy meanwhile), the Undo
 * of the last one while its e-mails wait, and the deletion of a row after its question. Seed §4:
 * the list and its counts reload after each change.
 */
export function useReviewActions({
  selection,
  focusWhenGone,
}: {
  selection: ReturnType<typeof useSelection>;
  /** Where focus goes once the button pressed is gone: a deleted row's Delete, or Undo. */
  focusWhenGone: RefObject<HTMLElement | null>;
}) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const decision = useMutation({ mutationFn: decide });
  const removal = useMutation({ mutationFn: deleteSubmission });
  const reload = () => void queryClient.invalidateQueries({ queryKey: reviewKey });
  const undo = useDecisionUndo(focusWhenGone);

  async function decideOn(ids: string[], status: 'approved' | 'rejected') {
    setBusy((current) => new Set([...current, ...ids]));
    try {
      const result = await decision.mutateAsync({ ids, status });
      showToast(decidedMessage(result.changed.length, status), { variant: 'success' });
      undo.offer(result.waiting);
      selection.clear();
    } catch (error) {
      showToast(withReason(REVIEW_TEXT.updateFailed, error), { variant: 'error' });
    } finally {
      setBusy((current) => new Set([...current].filter((id) => !ids.includes(id))));
      reload();
    }
  }

  const deletion = useConfirmAction({
    act: (item: ReviewItem) => removal.mutateAsync(item.id),
    done: (item) => {
      showToast(REVIEW_TEXT.deleted, { variant: 'success' });
      selection.drop(item.id);
      reload();
    },
    failure: (error) => withReason(REVIEW_TEXT.deleteFailed, error),
    focusAfter: focusWhenGone,
  });

  return { busy, decide: decideOn, deletion, undo };
}
