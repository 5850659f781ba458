import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { JudgingRecordState } from '../../../../shared/schemas/judging-record.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { toApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { changeJudgingRecord, publicationQuery } from './api/publication.ts';
import { LINK_CLASS } from './judging-styles.ts';

export const RECORD_PUBLISHED = 'Judging record published.';
export const RECORD_WITHDRAWN =
  'Judging record withdrawn: its page and file answer “not published”.';
export const PUBLISH_RECORD_QUESTION =
  'The record of every closed round (scores under letters, the normalisation, the ballots and the Schulze tables) goes up as a page and a JSON file. It is written the first time and never changes afterwards.';
export const WITHDRAW_RECORD_QUESTION =
  'The record’s page and file go down. Publishing it again shows the same file, with the same SHA-256.';

/**
 * Whether the judging record is up with the results, and publishing or withdrawing it (each
 * behind a question). Shown while the results are published.
 */
export function JudgingRecordControl({
  competitionId,
  record,
  onStatus: setStatus,
}: {
  competitionId: string;
  record: JudgingRecordState | undefined;
  /** Says what happened in the section's one status line. */
  onStatus: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const change = useMutation({ mutationFn: changeJudgingRecord });
  const action = useConfirmAction({
    act: (published: boolean) => change.mutateAsync({ competitionId, published }),
    done: async (published) => {
      await queryClient.invalidateQueries({ queryKey: publicationQuery(competitionId).queryKey });
      setStatus(published ? RECORD_PUBLISHED : RECORD_WITHDRAWN);
    },
    failure: (error) => toApiError(error).message,
  });
  const published = record?.published ?? false;
  const publishing = action.dialog.open && !published;
  return (
    <div className="flex flex-col items-start gap-3">
      {published && record?.sha256 ? (
        <p>
          The judging record is published:{' '}
          <Link to={paths.judgingRecord(competitionId)} className={LINK_CLASS}>
            see the record
          </Link>
          . SHA-256 <code className="font-mono break-all">{record.sha256}</code>
        </p>
      ) : (
        <p className={MUTED_TEXT}>The judging record is not published.</p>
      )}
      <Button
        variant={published ? 'secondary' : 'outline'}
        onClick={() => {
          setStatus('');
          action.ask(!published);
        }}
      >
        {published ? 'Withdraw the judging record' : 'Publish the judging record…'}
      </Button>
      <ConfirmDialog
        {...action.dialog}
        title={publishing ? 'Publish the judging record' : 'Withdraw the judging record'}
        question={publishing ? PUBLISH_RECORD_QUESTION : WITHDRAW_RECORD_QUESTION}
        confirmLabel={publishing ? 'Publish the record' : 'Withdraw the record'}
      />
    </div>
  );
}
