import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A yes/no question about one item (deleting it, say) for ConfirmDialog: `ask(item)` opens it;
 * confirming runs `act`, then closes it and runs `done`; a failure stays in the dialog, worded by
 * `failure`. `focusAfter`: where focus goes once the dialog has closed after a success, when the
 * item's row and the button that opened the dialog are about to go.
 */
export function useConfirmAction<T, R>({
  act,
  done,
  failure,
  focusAfter,
}: {
  act: (item: T) => Promise<R>;
  done: (item: T, result: R) => void | Promise<void>;
  failure: (error: unknown) => string;
  focusAfter?: RefObject<HTMLElement | null>;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Runs after the dialog's own effect has closed it and given focus back (children's effects run
  // first): only then can focus leave it.
  const refocus = useRef(false);
  useEffect(() => {
    if (target !== null || !refocus.current) return;
    refocus.current = false;
    focusAfter?.current?.focus();
  }, [target, focusAfter]);

  const close = () => {
    setTarget(null);
    setError(undefined);
  };
  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await act(target);
      refocus.current = true;
      close();
      await done(target, result);
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  };

  return {
    /** The item asked about, null while the dialog is closed. */
    target,
    ask: (item: T) => {
      setError(undefined);
      setTarget(item);
    },
    /** ConfirmDialog's open, busy, error, onConfirm and onClose. */
    dialog: { open: target !== null, busy, error, onConfirm: confirm, onClose: close },
  };
}
