import { useId } from 'react';
import {
  type PublicationPreview,
  publicationSummary,
} from '../../../../shared/schemas/publication.ts';
import { DialogActions, ModalDialog } from '../../../components/modal-dialog.tsx';
import { FormAlert, Notice } from '../common/shell/admin-page.tsx';

export const PUBLISH_QUESTION =
  'The results page goes up, every approved entry gets its certificate, and each artist written to for the first time gets one results e-mail.';

/** 'N entries still await review: they get no results e-mail.' */
export function awaitingReviewWarning(count: number): string {
  return count === 1
    ? '1 entry still awaits review: it gets no results e-mail.'
    : `${count} entries still await review: they get no results e-mail.`;
}

/**
 * The question before Publish, with what it will count and send ("12 winners and shortlisted, 230
 * participants, 230 e-mails"). `counting`: the counts are being fetched afresh, so Publish waits
 * for them; `busy`: the publication is under way, so a second click sends nothing.
 */
export function PublishDialog({
  open,
  preview,
  counting,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  preview: PublicationPreview;
  counting: boolean;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const questionId = useId();
  const summaryId = useId();
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
        <FormAlert message={error} />
      </div>
      <DialogActions
        label="Publish"
        busy={busy || counting}
        onCancel={onClose}
        onConfirm={onConfirm}
        className="mt-6"
      />
    </ModalDialog>
  );
}
