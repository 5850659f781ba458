import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import {
  type PublicationPreview,
  PUBLISH_REFUSALS,
  publicationSummary,
} from '../../../../shared/schemas/publication.ts';
import { Button } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { FormAlert, Notice } from '../common/shell/admin-page.tsx';
import { closeEntries, publicationQuery } from './api/publication.ts';

export const CLOSE_ENTRIES_NOW = 'Close entries now';

/** Why Publish cannot go ahead now, or null: entries still open come first, then no award. */
export function publishBlocker(preview: PublicationPreview): string | null {
  if (preview.entriesOpenUntil) return PUBLISH_REFUSALS.entriesOpen(preview.entriesOpenUntil);
  if (preview.awards === 0) return PUBLISH_REFUSALS.noAwards;
  return null;
}

export const PUBLISH_QUESTION =
  'The results page goes up, every approved entry gets its certificate, and each artist written to for the first time gets one results e-mail.';

/** 'N entries still await review: they get no results e-mail.' */
export function awaitingReviewWarning(count: number): string {
  return count === 1
    ? '1 entry still awaits review: it gets no results e-mail.'
    : `${count} entries still await review: they get no results e-mail.`;
}

export const RELEASE_FEEDBACK = 'Release the jury’s feedback to the artists';
export const PUBLISH_RECORD = 'Publish the judging record';
export const PUBLISH_RECORD_HINT =
  'Every closed round’s scores under letters (Juror A, B…), the normalisation, the ballots and the Schulze tables, as a page and a JSON file whose SHA-256 the results page and each certificate print. It is written once and never changes; you may withdraw it later.';

/** What releasing the feedback sends, or that there is none to send. */
export function feedbackNote(works: number): string {
  if (works === 0) return 'No juror has written feedback for the artists.';
  const count = works === 1 ? '1 work has' : `${works} works have`;
  return `${count} feedback for its artist. Released, it shows on the entry page and in the results e-mail, without the jurors’ names; feedback you hid stays hidden.`;
}

/**
 * The question before Publish, with what it will count and send ("12 winners and shortlisted, 230
 * participants, 230 e-mails"). `counting`: the counts are being fetched afresh, so Publish waits
 * for them; `busy`: the publication is under way, so a second click sends nothing.
 */
export function PublishDialog({
  competitionId,
  open,
  preview,
  counting,
  busy,
  error,
  onConfirm,
  onClose,
  releaseFeedback,
  onReleaseFeedback,
  publishRecord,
  onPublishRecord,
}: {
  competitionId: string;
  open: boolean;
  preview: PublicationPreview;
  counting: boolean;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
  releaseFeedback: boolean;
  onReleaseFeedback: (release: boolean) => void;
  publishRecord: boolean;
  onPublishRecord: (publish: boolean) => void;
}) {
  const questionId = useId();
  const summaryId = useId();
  const blockerId = useId();
  const queryClient = useQueryClient();
  // Entries first: results are published only once the competition takes no more (decision 021).
  const closing = useMutation({
    mutationFn: () => closeEntries(competitionId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: publicationQuery(competitionId).queryKey }),
  });
  const blocker = publishBlocker(preview);
  return (
    <ModalDialog
      open={open}
      title="Publish the results"
      onClose={onClose}
      describedBy={`${questionId} ${summaryId}`}
    >
      <div className="flex flex-col gap-4">
        <p id={questionId}>{PUBLISH_QUESTION}</p>
        <p id={summaryId} aria-busy={counting} className="text-lg font-semibold">
          {publicationSummary(preview)}
        </p>
        {preview.awaitingReview > 0 ? (
          <Notice>{awaitingReviewWarning(preview.awaitingReview)}</Notice>
        ) : null}
        <Field
          type="checkbox"
          label={RELEASE_FEEDBACK}
          hint={feedbackNote(preview.feedbackWorks)}
          checked={releaseFeedback}
          disabled={preview.feedbackWorks === 0}
          onChange={(event) => onReleaseFeedback(event.target.checked)}
        />
        <Field
          type="checkbox"
          label={PUBLISH_RECORD}
          hint={PUBLISH_RECORD_HINT}
          checked={publishRecord}
          onChange={(event) => onPublishRecord(event.target.checked)}
        />
        {blocker ? (
          <p id={blockerId} className="font-medium">
            {blocker}
          </p>
        ) : null}
        <FormAlert message={closing.error ? toApiError(closing.error).message : error} />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        {preview.entriesOpenUntil ? (
          <Button
            variant="outline"
            disabled={closing.isPending || counting}
            onClick={() => closing.mutate()}
          >
            {CLOSE_ENTRIES_NOW}
          </Button>
        ) : null}
        <Button
          onClick={onConfirm}
          disabled={busy || counting || blocker !== null}
          aria-describedby={blocker ? blockerId : undefined}
        >
          Publish
        </Button>
      </div>
    </ModalDialog>
  );
}
