import type { UseMutationResult } from '@tanstack/react-query';
import type { Work } from '../../../shared/schemas/jury.ts';
import { Button } from '../../components/button.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { FormAlert, MUTED_TEXT } from '../admin/common/shell/admin-page.tsx';
import { SAVE_RETRIES } from './api/jury.ts';
import type { Sheet } from './use-score-sheet.ts';

export const FIELDS_REFUSED = 'Some scores need your attention: see the messages under them.';
export const STILL_HERE = 'Your scores are still on this page.';

/**
 * What the save is doing, read out as it changes (the live region is always there, so a change is
 * heard): saving, trying again on a weak connection, the work before saved; and a failure, with
 * 'Try again' when sending the same sheet again can help.
 */
export function SaveStatus({
  save,
  savedBefore,
  onRetry,
}: {
  save: UseMutationResult<Work, ApiError, Sheet>;
  /** The work whose sheet was saved on the way here. */
  savedBefore: string | undefined;
  onRetry: () => void;
}) {
  const { isPending, failureCount, error } = save;
  let progress = savedBefore ? `Scores for work ${savedBefore} saved.` : '';
  if (isPending) {
    progress =
      failureCount === 0
        ? 'Saving…'
        : `No answer from the server yet: trying again (${failureCount} of ${SAVE_RETRIES})…`;
  }
  if (error) progress = '';
  return (
    <div className="flex flex-col gap-3">
      <p role="status" aria-live="polite" className={`text-sm ${MUTED_TEXT}`}>
        {progress}
      </p>
      {error ? <SaveFailed error={error} onRetry={onRetry} /> : null}
    </div>
  );
}

function SaveFailed({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  if (error.fields) return <FormAlert message={FIELDS_REFUSED} />;
  // The round closed, or the work is no longer this juror's: sending it again changes nothing.
  if (error.status >= 400 && error.status < 500) return <FormAlert message={error.message} />;
  return (
    <div className="flex flex-col items-start gap-3">
      <FormAlert message={`${error.message} ${STILL_HERE}`} />
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
