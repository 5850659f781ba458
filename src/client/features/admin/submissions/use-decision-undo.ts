import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { DECISION_EMAIL_DELAY_MS } from '../../../../shared/schemas/review.ts';
import { useToast } from '../../../components/toast.tsx';
import { withReason } from '../common/failure-messages.ts';
import { reviewKey, undoDecisions } from './api/review.ts';
import { UNDO_FAILED, undoneMessage } from './review-view.ts';

/**
 * The Undo of the last decision while its e-mails wait: offered for the entries the
 * server says wait, for as long as they wait; a later decision's offer takes its place. The undo
 * puts the entries back as they were (the review reads them again) and says how it went.
 */
export function useDecisionUndo(focusWhenGone: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  // A new object for each decision, so each one's wait is timed afresh.
  const [offered, setOffered] = useState<{ ids: string[] } | null>(null);
  const undoing = useMutation({ mutationFn: undoDecisions });

  useEffect(() => {
    if (!offered) return;
    const timer = setTimeout(() => setOffered(null), DECISION_EMAIL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [offered]);

  /** After a decision: the entries whose e-mail now waits (none: nothing to offer). */
  function offer(ids: string[]) {
    setOffered(ids.length > 0 ? { ids } : null);
  }

  async function undo() {
    if (!offered) return;
    try {
      const result = await undoing.mutateAsync(offered.ids);
      showToast(undoneMessage(result.undone.length, result.notUndone.length), {
        variant: 'success',
      });
    } catch (error) {
      showToast(withReason(UNDO_FAILED, error), { variant: 'error' });
    } finally {
      // The button is gone either way: the e-mails were withdrawn, or had gone.
      setOffered(null);
      void queryClient.invalidateQueries({ queryKey: reviewKey });
      focusWhenGone.current?.focus();
    }
  }

  return { waiting: offered?.ids ?? [], offer, undo, undoing: undoing.isPending };
}

export type DecisionUndo = ReturnType<typeof useDecisionUndo>;
