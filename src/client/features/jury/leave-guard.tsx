import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, type LinkProps, useNavigate } from 'react-router';
import { useProvided } from '../../lib/use-provided.ts';
import { ConfirmDialog } from '../admin/common/dialogs/confirm-dialog.tsx';

/*
 * Leaving a work with a sheet not yet saved asks first. React Router's useBlocker needs a data
 * router, and this app's routes are declarative (decision 003), so the jury's own ways out (its
 * links and buttons) go through `leave`, and the tab's own (reload, close, another address) through
 * beforeunload.
 */

interface LeaveGuard {
  /** The page now showing has changes not saved (or no longer has). */
  setUnsaved(unsaved: boolean): void;
  /** Runs `go` at once, or once the juror says yes to leaving their unsaved changes. */
  leave(go: () => void): void;
}

const LeaveGuardContext = createContext<LeaveGuard | null>(null);

export const LEAVE_QUESTION =
  'The scores and comment you gave this work are not saved yet. This tab keeps them until you come back to the work.';

export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const unsaved = useRef(false);
  // The way out the juror asked for, waiting for their answer.
  const [pending, setPending] = useState<{ go: () => void } | null>(null);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const guard = useMemo<LeaveGuard>(
    () => ({
      setUnsaved: (value) => {
        unsaved.current = value;
      },
      leave: (go) => {
        if (unsaved.current) setPending({ go });
        else go();
      },
    }),
    [],
  );

  return (
    <LeaveGuardContext value={guard}>
      {children}
      <ConfirmDialog
        open={pending !== null}
        title="Leave without saving?"
        question={LEAVE_QUESTION}
        confirmLabel="Leave"
        onConfirm={() => {
          setPending(null);
          pending?.go();
        }}
        onClose={() => setPending(null)}
      />
    </LeaveGuardContext>
  );
}

function useLeaveGuard(): LeaveGuard {
  return useProvided(LeaveGuardContext, 'The jury pages need <LeaveGuardProvider>');
}

/** Tells the guard whether this page has unsaved changes, while it is shown. */
export function useUnsavedChanges(unsaved: boolean): void {
  const { setUnsaved } = useLeaveGuard();
  useEffect(() => {
    setUnsaved(unsaved);
    return () => setUnsaved(false);
  }, [unsaved, setUnsaved]);
}

/** `leave(go)`: for the jury's own buttons that move away from the page. */
export function useLeave(): LeaveGuard['leave'] {
  return useLeaveGuard().leave;
}

/** A link (a real <a>, so it opens in a new tab too) that asks before leaving unsaved changes. */
export function GuardedLink({ onClick, ...props }: LinkProps) {
  const leave = useLeave();
  const navigate = useNavigate();
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const newTab = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || newTab || event.altKey) return;
    event.preventDefault();
    leave(() => void navigate(props.to, { state: props.state }));
  };
  return <Link onClick={onLinkClick} {...props} />;
}
