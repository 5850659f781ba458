import { useId } from 'react';
import { FormAlert } from '../shell/admin-page.tsx';
import { DialogActions, ModalDialog } from '../../../../components/modal-dialog.tsx';

/** A yes/no question in a modal dialog, with the failure of the last try under it. */
export function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel,
  busy = false,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  busy?: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const questionId = useId();
  return (
    <ModalDialog open={open} title={title} onClose={onClose} describedBy={questionId}>
      <p id={questionId}>{question}</p>
      <div className="mt-4">
        <FormAlert message={error} />
      </div>
      <DialogActions
        label={confirmLabel}
        busy={busy}
        onCancel={onClose}
        onConfirm={onConfirm}
        className="mt-6"
      />
    </ModalDialog>
  );
}
