import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';

const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * A native <dialog> shown as a modal while `open`, closed otherwise, with focus given back to what
 * had it before it opened: the ref goes on the <dialog>.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      // Browsers do this themselves; not all (nor test DOMs) do.
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);
  return ref;
}

/**
 * A native modal <dialog> named by its <h2>: the browser keeps focus inside it and makes the page
 * behind it inert; Escape (and a form's close button) ask `onClose`; closing gives focus back to
 * what had it before. Its content exists only while open, so a form in it starts afresh each
 * time. `describedBy`: the id of the text that says what it is about (a question).
 */
export function ModalDialog({
  open,
  title,
  onClose,
  form = false,
  describedBy,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** A form: wider than a question, with a close button beside its title. */
  form?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // Escape: let React's state close it, so state and dialog never disagree.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-white p-6 text-gray-900 shadow-xl backdrop:bg-black/60 dark:bg-gray-900 dark:text-gray-50 ${
        form ? 'w-[min(48rem,calc(100%-2rem))]' : 'w-[min(28rem,calc(100%-2rem))]'
      }`}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={titleId} className={`${form ? 'text-2xl' : 'text-xl'} font-bold`}>
          {title}
        </h2>
        {form ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-2xl leading-none hover:bg-gray-100 dark:hover:bg-gray-800 ${FOCUS_RING}`}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      {open ? children : null}
    </dialog>
  );
}

/**
 * A dialog's Cancel and its main button, at its end: a form's submit, or `onConfirm` for a
 * question. The main button is disabled while `busy`.
 */
export function DialogActions({
  label,
  busy,
  onCancel,
  onConfirm,
  className = '',
}: {
  label: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap justify-end gap-3 ${className}`}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} disabled={busy}>
        {label}
      </Button>
    </div>
  );
}
