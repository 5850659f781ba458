import { Button } from '../../../components/button.tsx';
import { emailWaitsMessage } from './review-view.ts';
import type { DecisionUndo } from './use-decision-undo.ts';

/**
 * "E-mail goes in 5 minutes — Undo" after a decision, while its e-mail waits. The region is always
 * there, so screen readers announce the notice when it appears.
 */
export function DecisionUndoNotice({ undo }: { undo: DecisionUndo }) {
  const count = undo.waiting.length;
  return (
    <div role="status">
      {count > 0 ? (
        <p className="flex flex-wrap items-center gap-3 rounded-lg border-l-4 border-gray-400 bg-white p-3 text-gray-900 dark:bg-gray-900 dark:text-gray-50">
          <span>{emailWaitsMessage(count)}</span>
          <Button
            size="sm"
            variant="outline"
            disabled={undo.undoing}
            onClick={() => void undo.undo()}
          >
            Undo
          </Button>
        </p>
      ) : null}
    </div>
  );
}
