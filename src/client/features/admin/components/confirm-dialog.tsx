import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from './admin-page.tsx';

/**
 * A yes/no question in a native modal <dialog>: the browser traps focus inside it, makes the page
 * behind it inert, closes it with Escape and gives focus back to the button that opened it.
 */
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
  const ref = useRef<HTMLDialogElement>(null);
  const ids = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-question`}
      // Escape: let React's state close it, so state and dialog never disagree.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-gray-900 shadow-xl backdrop:bg-black/60 dark:bg-gray-900 dark:text-gray-50"
    >
      <h2 id={`${ids}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <p id={`${ids}-question`} className="mt-3">
        {question}
      </p>
      <div className="mt-4">
        <FormAlert message={error} />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
