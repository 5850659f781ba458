import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Publication, PublicationPreview } from '../../../../shared/schemas/publication.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { toApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { formatInstant } from '../common/format-instant.ts';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { awardsQuery } from './api/awards.ts';
import { publicationQuery, publishResults, unpublishResults } from './api/publication.ts';
import { LINK_CLASS } from './judging-styles.ts';
import { JudgingRecordControl } from './judging-record-control.tsx';
import { PublishDialog } from './publish-dialog.tsx';

export const UNPUBLISH_QUESTION = 'The results page goes down; e-mails already sent stay sent.';
export const FEEDBACK_RELEASED = 'The jury’s feedback was released to the artists.';
export const FEEDBACK_NOT_RELEASED = 'The jury’s feedback was not released.';
export const RESULTS_UNPUBLISHED = 'Results unpublished: the results page is down.';

/** 'Results published: 230 e-mails queued.' */
export function publishedMessage(emailsQueued: number): string {
  return `Results published: ${emailsQueued} e-mail${emailsQueued === 1 ? '' : 's'} queued.`;
}

// The dialogs' subject: null would mean closed.
const RESULTS = 'results';

/**
 * A competition's results: whether they are published (since when, and where), Publish behind a
 * dialog that states what it will send, and Unpublish. One button slot holds either, so focus
 * comes back to it when a dialog closes, even once it has changed from one to the other.
 */
export function PublishSection({
  competitionId,
  preview,
  counting,
}: {
  competitionId: string;
  preview: PublicationPreview;
  /** The counts are being fetched again. */
  counting: boolean;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const settled = (publication: Publication, message: string) => {
    const { queryKey } = publicationQuery(competitionId);
    // Shown at once; the counts follow from the server.
    queryClient.setQueryData(
      queryKey,
      (old) =>
        old && { ...old, published: publication.published, publishedAt: publication.publishedAt },
    );
    void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: awardsQuery(competitionId).queryKey });
    setStatus(message);
  };

  const [releaseFeedback, setReleaseFeedback] = useState(false);
  const [publishRecord, setPublishRecord] = useState(false);
  const publish = useMutation({ mutationFn: publishResults });
  const publishing = useConfirmAction({
    act: (_: typeof RESULTS) =>
      publish.mutateAsync({ competitionId, releaseFeedback, publishRecord }),
    done: (_, publication) => settled(publication, publishedMessage(publication.emailsQueued)),
    failure: (error) => toApiError(error).message,
  });
  const unpublish = useMutation({ mutationFn: unpublishResults });
  const unpublishing = useConfirmAction({
    act: (_: typeof RESULTS) => unpublish.mutateAsync(competitionId),
    done: (_, publication) => settled(publication, RESULTS_UNPUBLISHED),
    failure: (error) => toApiError(error).message,
  });

  const askPublish = () => {
    setStatus('');
    // The counts may have moved since the page loaded (awards saved, entries reviewed).
    void queryClient.invalidateQueries({ queryKey: publicationQuery(competitionId).queryKey });
    publishing.ask(RESULTS);
  };
  const askUnpublish = () => {
    setStatus('');
    unpublishing.ask(RESULTS);
  };

  return (
    <div className="flex flex-col items-start gap-4">
      {preview.published ? (
        <p>
          The results are published
          {preview.publishedAt ? ` since ${formatInstant(preview.publishedAt)}` : ''}:{' '}
          <Link to={paths.competitionResults(competitionId)} className={LINK_CLASS}>
            see the results page
          </Link>
          .
        </p>
      ) : (
        <p className={MUTED_TEXT}>The results are not published.</p>
      )}
      {preview.published ? (
        <p>{preview.feedbackReleased ? FEEDBACK_RELEASED : FEEDBACK_NOT_RELEASED}</p>
      ) : null}
      {preview.published ? (
        <JudgingRecordControl
          competitionId={competitionId}
          record={preview.record}
          onStatus={setStatus}
        />
      ) : null}
      {/* In the page from the start, so what it says next is read out. */}
      <div role="status" className="font-medium">
        {status}
      </div>
      <div className="flex flex-wrap gap-3">
        {preview.published ? (
          <Button variant="secondary" onClick={askUnpublish}>
            Unpublish
          </Button>
        ) : (
          <Button onClick={askPublish}>Publish results…</Button>
        )}
      </div>
      <PublishDialog
        {...publishing.dialog}
        competitionId={competitionId}
        preview={preview}
        counting={counting}
        releaseFeedback={releaseFeedback}
        onReleaseFeedback={setReleaseFeedback}
        publishRecord={publishRecord}
        onPublishRecord={setPublishRecord}
      />
      <ConfirmDialog
        {...unpublishing.dialog}
        title="Unpublish the results"
        question={UNPUBLISH_QUESTION}
        confirmLabel="Unpublish"
      />
    </div>
  );
}
