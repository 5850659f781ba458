import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Focuses `target` (a page's heading, tabIndex -1) once `ready`, when the juror came here by
 * moving within the app: a screen reader starts at the new work, not where the last button was.
 * Not on the page the tab opened on, where focus stays at the top as the browser leaves it.
 */
export function useFocusOnArrival(target: RefObject<HTMLElement | null>, ready: boolean): void {
  const { key } = useLocation();
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || key === 'default' || focusedFor.current === key) return;
    focusedFor.current = key;
    target.current?.focus();
  }, [ready, key, target]);
}
